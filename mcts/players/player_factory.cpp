#include "mcts/players/player_factory.h"

#include <iomanip>
#include <mutex>
#include <sstream>

#include "game/error.h"
#include "mcts/evaluators.h"
#include "mcts/mcts_player.h"
#include "mcts/players/alphabeta_player.h"
#include "mcts/players/greedy_player.h"
#include "mcts/players/random_player.h"

namespace tz {

namespace {

// An MCTS player evaluating leaves with `evaluator`, searching as the evaluator prefers, with
// simulations and seed from the spec and the spec's Gumbel options (gumbel=1, candidates=M).
std::unique_ptr<Player> mctsPlayer(SpecOptions& o, const Game& game, std::shared_ptr<Evaluator> evaluator,
                                   uint64_t seed, int simulations) {
  SearchOptions options;
  options.simulations = simulations;
  options.seed = seed;
  options.gumbel = o.integer("gumbel", 0, 0, 1) == 1;
  options.gumbelCandidates = o.integer("candidates", options.gumbelCandidates, 1, 4096);
  o.finish();
  options = evaluator->preferredSearch(options);
  return makeMctsPlayer(game, std::move(evaluator), options);
}

struct Kind {
  std::string usage;
  PlayerCreator create;
};

// The registry, holding the built-in kinds from the start.
struct Registry {
  std::mutex mutex;
  std::map<std::string, Kind> kinds;

  Registry() {
    kinds["random"] = {"random", [](const PlayerSpec& spec, const Game&, uint64_t seed) {
                         SpecOptions(spec).finish();
                         return std::make_unique<players::RandomPlayer>(seed);
                       }};
    kinds["greedy"] = {"greedy", [](const PlayerSpec& spec, const Game& game, uint64_t seed) {
                         SpecOptions(spec).finish();
                         return std::make_unique<players::GreedyPlayer>(game, seed);
                       }};
    kinds["alphabeta"] = {"alphabeta[:depth=D][,ms=T]", [](const PlayerSpec& spec, const Game& game, uint64_t seed) {
                            SpecOptions o(spec);
                            players::AlphaBetaOptions options;
                            options.ms = o.integer("ms", 0, 1, 3600000);
                            options.depth = o.integer("depth", options.ms > 0 ? 0 : options.depth, 1, 64);
                            options.ttMegabytes = o.integer("tt", options.ttMegabytes, 1, 4096);
                            o.finish();
                            return std::make_unique<players::AlphaBetaPlayer>(game, options, seed);
                          }};
    kinds["mcts"] = {"mcts[:sims=N][,rollouts=R][,gumbel=1][,candidates=M]",
                     [](const PlayerSpec& spec, const Game& game, uint64_t seed) {
                       SpecOptions o(spec);
                       const int sims = o.integer("sims", 1000, 1, 1 << 30);
                       const int rollouts = o.integer("rollouts", 1, 1, 1000);
                       return mctsPlayer(o, game, std::make_shared<RolloutEvaluator>(rollouts, seed), seed, sims);
                     }};
    kinds["uniform-mcts"] = {"uniform-mcts[:sims=N][,gumbel=1][,candidates=M]",
                             [](const PlayerSpec& spec, const Game& game, uint64_t seed) {
                               SpecOptions o(spec);
                               const int sims = o.integer("sims", 800, 1, 1 << 30);
                               return mctsPlayer(o, game, std::make_shared<UniformEvaluator>(), seed, sims);
                             }};
  }
};

Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

SpecOptions::SpecOptions(const PlayerSpec& spec) : spec_(spec.text) {
  std::istringstream in(spec.argument);
  for (std::string item; std::getline(in, item, ',');) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw Error("player " + tz::quoted(spec_) + ": option " + tz::quoted(item) + " is not of the form key=value");
    }
    if (!values_.emplace(item.substr(0, eq), item.substr(eq + 1)).second) {
      throw Error("player " + tz::quoted(spec_) + ": option " + tz::quoted(item.substr(0, eq)) + " given twice");
    }
  }
}

int SpecOptions::integer(const std::string& key, int fallback, int lo, int hi) {
  return int(number(key, fallback, lo, hi, "an integer", [](const std::string& text, size_t* end) {
    return double(std::stol(text, end));
  }));
}

double SpecOptions::real(const std::string& key, double fallback, double lo, double hi) {
  return number(key, fallback, lo, hi, "a number", [](const std::string& text, size_t* end) {
    return std::stod(text, end);
  });
}

double SpecOptions::number(const std::string& key, double fallback, double lo, double hi, const char* what,
                           const std::function<double(const std::string&, size_t*)>& parse) {
  used_.insert(key);
  const auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  size_t end = 0;
  double v = 0;
  try {
    v = parse(it->second, &end);
  } catch (const std::exception&) {
    end = 0;
  }
  if (end == 0 || end != it->second.size() || !(v >= lo && v <= hi)) {
    std::ostringstream range;
    range << std::setprecision(15) << "[" << lo << ", " << hi << "]";
    throw Error("player " + tz::quoted(spec_) + ": option " + tz::quoted(key) + " = " + tz::quoted(it->second) + ": expected " + what + " in " +
                range.str());
  }
  return v;
}

std::string SpecOptions::text(const std::string& key, const std::string& fallback) {
  used_.insert(key);
  const auto it = values_.find(key);
  return it == values_.end() ? fallback : it->second;
}

void SpecOptions::finish() const {
  for (const auto& [key, value] : values_) {
    if (!used_.count(key)) {
      std::string known;
      for (const auto& k : used_) known += (known.empty() ? "" : ", ") + k;
      throw Error("player " + tz::quoted(spec_) + ": unknown option " + tz::quoted(key) +
                  (known.empty() ? " (this player takes none)" : " (expected " + known + ")"));
    }
  }
}

void registerPlayerKind(const std::string& kind, const std::string& usage, PlayerCreator creator) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.kinds[kind] = {usage, std::move(creator)};
}

std::vector<std::string> playerUsages() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> out;
  for (const auto& [kind, k] : r.kinds) out.push_back(k.usage);
  return out;
}

PlayerSpec parsePlayerSpec(const std::string& text) {
  PlayerSpec spec{text, text, ""};
  const size_t colon = text.find(':');
  if (colon != std::string::npos) {
    spec.kind = text.substr(0, colon);
    spec.argument = text.substr(colon + 1);
  }
  return spec;
}

std::unique_ptr<Player> makePlayer(const std::string& text, const Game& game, uint64_t seed) {
  const PlayerSpec spec = parsePlayerSpec(text);
  PlayerCreator create;
  {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    const auto it = r.kinds.find(spec.kind);
    if (it != r.kinds.end()) create = it->second.create;
  }
  if (!create) {
    std::string usages;
    for (const auto& u : playerUsages()) usages += (usages.empty() ? "" : ", ") + u;
    throw Error("unknown player " + tz::quoted(text) + ": expected one of " + usages);
  }
  return create(spec, game, seed);
}

}  // namespace tz

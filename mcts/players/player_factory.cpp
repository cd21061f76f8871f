#include "mcts/players/player_factory.h"

#include <mutex>
#include <sstream>

#include "game/base/config_fields.h"
#include "game/base/error.h"
#include "mcts/evaluators.h"
#include "mcts/mcts_player.h"
#include "mcts/players/alphabeta_player.h"
#include "mcts/players/greedy_player.h"
#include "mcts/players/random_player.h"

namespace tz {

namespace {

// An MCTS player evaluating leaves with `evaluator`, searching as the evaluator prefers
// with `simulations` unless the spec's search settings say otherwise.
std::unique_ptr<Player> mctsPlayer(SpecOptions& o, const Game& game, std::shared_ptr<Evaluator> evaluator,
                                   uint64_t seed, int simulations) {
  SearchOptions options = evaluator->preferredSearch(SearchOptions{});
  options.simulations = simulations;
  options.seed = seed;
  readSearchSpec(o, options);
  o.finish();
  return makeMctsPlayer(game, std::move(evaluator), options);
}

// Reads the fields of SearchOptions from a spec by their spec names (readSearchSpec).
struct SpecFieldReader {
  SpecOptions& spec;
  template <class T, class L>
  void number(const char* key, T& value, L lo, L hi) {
    const std::string name = searchSpecName(key);
    if constexpr (std::is_integral_v<T>) {
      value = T(spec.integer(name, int(value), int(lo), int(hi)));
    } else {
      value = T(spec.real(name, double(value), double(lo), double(hi)));
    }
  }
  void flag(const char* key, bool& value) { value = spec.integer(searchSpecName(key), value ? 1 : 0, 0, 1) == 1; }
};

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
    kinds["mcts"] = {"mcts[:sims=N,rollouts=R,gumbel=1,candidates=M,cpuct=X,...]",
                     [](const PlayerSpec& spec, const Game& game, uint64_t seed) {
                       SpecOptions o(spec);
                       const int rollouts = o.integer("rollouts", 1, 1, 1000);
                       return mctsPlayer(o, game, std::make_shared<RolloutEvaluator>(rollouts, seed), seed, 1000);
                     }};
    kinds["uniform-mcts"] = {"uniform-mcts[:sims=N,gumbel=1,candidates=M,cpuct=X,...]",
                             [](const PlayerSpec& spec, const Game& game, uint64_t seed) {
                               SpecOptions o(spec);
                               return mctsPlayer(o, game, std::make_shared<UniformEvaluator>(), seed, 800);
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
  return int(number(key, fallback, lo, hi, true, [](const std::string& text, size_t* end) {
    return double(std::stol(text, end));
  }));
}

double SpecOptions::real(const std::string& key, double fallback, double lo, double hi) {
  return number(key, fallback, lo, hi, false, [](const std::string& text, size_t* end) {
    return std::stod(text, end);
  });
}

double SpecOptions::number(const std::string& key, double fallback, double lo, double hi, bool integral,
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
    const std::string range = integral ? rangeText(int64_t(lo), int64_t(hi)) : rangeText(lo, hi);
    throw Error("player " + tz::quoted(spec_) + ": option " + tz::quoted(key) + " = " + tz::quoted(it->second) +
                ": expected " + range);
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

std::string searchSpecName(const std::string& key) {
  static const std::map<std::string, std::string> shorthands = {
      {"simulations", "sims"}, {"batch_size", "batch"},         {"c_puct", "cpuct"},    {"fpu_reduction", "fpu"},
      {"root_lookahead", "lookahead"}, {"gumbel_candidates", "candidates"}, {"draw_score", "draw"}};
  const auto it = shorthands.find(key);
  return it == shorthands.end() ? key : it->second;
}

void readSearchSpec(SpecOptions& spec, SearchOptions& options) {
  SpecFieldReader reader{spec};
  SearchOptions::fields(options, reader);
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

#include "training/models/model_card.h"

#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <sstream>

#include "game/base/config.h"
#include "game/base/error.h"
#include "mcts/players/agent_spec.h"
#include "training/matches/stats.h"

namespace tz {

namespace {

constexpr int64_t kMaxCount = int64_t(1) << 40;

// Throws ConfigError naming `key` when the card lacks it.
void mustHave(const ConfigReader& r, const std::string& key) {
  if (!r.has(key)) throw ConfigError(r.file(), r.path(key), "a value (the key is missing)");
}

// The value of a key every card has.
std::string required(ConfigReader& r, const std::string& key) {
  mustHave(r, key);
  return r.getString(key, "");
}

template <class T>
T requiredNumber(ConfigReader& r, const std::string& key, T lo, T hi) {
  mustHave(r, key);
  return r.getNumber<T>(key, lo, lo, hi);
}

// The card's network: a map of settings, each a scalar (as its checkpoint records them), as
// YAML text.
std::string networkSection(ConfigReader& r) {
  mustHave(r, "network");
  const YAML::Node net = r.raw("network");
  bool scalars = net.IsMap();
  if (scalars) {
    for (const auto& kv : net) scalars = scalars && kv.first.IsScalar() && kv.second.IsScalar();
  }
  if (!scalars) throw ConfigError(r.file(), r.path("network"), "a map of the network's settings, each a number or a word");
  return YAML::Dump(net);
}

// The list of a key every card has: a sequence of maps.
YAML::Node requiredList(ConfigReader& r, const std::string& key) {
  YAML::Node list = r.raw(key);
  if (!list || !list.IsSequence()) throw ConfigError(r.file(), r.path(key), "a list of maps");
  return list;
}

// [wins, draws, losses].
Tally readTally(ConfigReader& r, const std::string& key) {
  const YAML::Node n = r.raw(key);
  const auto bad = [&] { return ConfigError(r.file(), r.path(key), "[wins, draws, losses], three counts >= 0"); };
  if (!n || !n.IsSequence() || n.size() != 3) throw bad();
  int counts[3];
  for (int i = 0; i < 3; ++i) {
    try {
      counts[i] = n[i].as<int>();
    } catch (const YAML::Exception&) {
      throw bad();
    }
    if (counts[i] < 0) throw bad();
  }
  return {counts[0], counts[1], counts[2]};
}

// "0.735 [0.672, 0.789]": the score of `t` with its 95% interval.
std::string scoreText(const Tally& t) {
  const Estimate s = scoreInterval(t.wins, t.draws, t.losses);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f [%.3f, %.3f]", s.value, s.low, s.high);
  return buf;
}

std::string minutesText(double minutes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", minutes);
  return buf;
}

void emitTally(YAML::Emitter& out, const char* key, const Tally& t) {
  out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq << t.wins << t.draws << t.losses
      << YAML::EndSeq;
}

std::string tallyCells(const Tally& t) {
  return std::to_string(t.games()) + " | " + std::to_string(t.wins) + "-" + std::to_string(t.draws) + "-" +
         std::to_string(t.losses) + " | " + scoreText(t);
}

}  // namespace

ModelCard readModelCard(const std::string& path) {
  ConfigReader r(loadYamlFile(path), path);
  ModelCard c;
  c.name = required(r, "name");
  c.summary = required(r, "summary");
  c.variant = required(r, "variant");
  c.rulesHash = required(r, "rules_hash");
  c.sha256 = required(r, "sha256");
  c.step = requiredNumber<int64_t>(r, "step", 0, kMaxCount);
  c.networkYaml = networkSection(r);
  c.play = r.getString("play", "");
  try {  // what model:NAME plays: the options of a network player, each in its range
    parseAgentSpec("net:" + c.name + (c.play.empty() ? "" : "," + c.play));
  } catch (const Error& e) {
    throw Error(path + ": key 'play': " + quoted(c.play) + ": " + e.what());
  }
  const YAML::Node sittings = requiredList(r, "sittings");
  for (size_t i = 0; i < sittings.size(); ++i) {
    ConfigReader s(sittings[i], path, "sittings[" + std::to_string(i) + "].");
    ModelSitting m;
    m.config = required(s, "config");
    m.commit = required(s, "commit");
    m.seed = requiredNumber<int64_t>(s, "seed", 0, INT64_MAX);
    m.from = s.getString("from", "");
    m.fromStep = requiredNumber<int64_t>(s, "from_step", 0, kMaxCount);
    m.step = requiredNumber<int64_t>(s, "step", 0, kMaxCount);
    m.games = requiredNumber<int64_t>(s, "games", 0, kMaxCount);
    m.minutes = requiredNumber<double>(s, "minutes", 0, 1e7);
    m.machine = required(s, "machine");
    m.date = required(s, "date");
    s.finish();
    c.sittings.push_back(m);
  }
  const YAML::Node strength = r.has("strength") ? requiredList(r, "strength") : YAML::Node();
  for (size_t i = 0; strength && i < strength.size(); ++i) {
    ConfigReader s(strength[i], path, "strength[" + std::to_string(i) + "].");
    ModelStrength m;
    m.agent = required(s, "agent");
    m.opponent = required(s, "opponent");
    m.gamesFile = required(s, "games_file");
    m.command = required(s, "command");
    m.conditions = required(s, "conditions");
    m.tally.bySide[0] = readTally(s, "as_side0");
    m.tally.bySide[1] = readTally(s, "as_side1");
    m.forfeits = s.getInt("forfeits", 0, 0, m.tally.overall().games());
    const std::string score = required(s, "score");
    if (score != scoreText(m.tally.overall())) {
      throw ConfigError(path, s.path("score"), quoted(scoreText(m.tally.overall())) + " (the score of as_side0 and as_side1)");
    }
    s.finish();
    c.strength.push_back(m);
  }
  r.finish();
  return c;
}

std::string modelCardYaml(const ModelCard& c) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << c.name;
  out << YAML::Key << "summary" << YAML::Value << c.summary;
  out << YAML::Key << "variant" << YAML::Value << c.variant;
  out << YAML::Key << "rules_hash" << YAML::Value << c.rulesHash;
  out << YAML::Key << "sha256" << YAML::Value << c.sha256;
  out << YAML::Key << "step" << YAML::Value << c.step;
  out << YAML::Key << "network" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto& kv : YAML::Load(c.networkYaml)) {
    out << YAML::Key << kv.first.as<std::string>() << YAML::Value << kv.second.as<std::string>();
  }
  out << YAML::EndMap;
  out << YAML::Key << "play" << YAML::Value << c.play;
  out << YAML::Key << "sittings" << YAML::Value << YAML::Block << YAML::BeginSeq;
  for (const ModelSitting& s : c.sittings) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "config" << YAML::Value << s.config << YAML::Key << "commit" << YAML::Value << s.commit;
    out << YAML::Key << "seed" << YAML::Value << s.seed << YAML::Key << "from" << YAML::Value << s.from;
    out << YAML::Key << "from_step" << YAML::Value << s.fromStep << YAML::Key << "step" << YAML::Value << s.step;
    out << YAML::Key << "games" << YAML::Value << s.games << YAML::Key << "minutes" << YAML::Value
        << minutesText(s.minutes);
    out << YAML::Key << "machine" << YAML::Value << s.machine << YAML::Key << "date" << YAML::Value << s.date;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::Key << "strength" << YAML::Value << YAML::Block << YAML::BeginSeq;
  for (const ModelStrength& s : c.strength) {
    out << YAML::Block << YAML::BeginMap;
    out << YAML::Key << "agent" << YAML::Value << s.agent << YAML::Key << "opponent" << YAML::Value << s.opponent;
    out << YAML::Key << "games_file" << YAML::Value << s.gamesFile;
    emitTally(out, "as_side0", s.tally.bySide[0]);
    emitTally(out, "as_side1", s.tally.bySide[1]);
    out << YAML::Key << "score" << YAML::Value << scoreText(s.tally.overall());
    if (s.forfeits > 0) out << YAML::Key << "forfeits" << YAML::Value << s.forfeits;
    out << YAML::Key << "command" << YAML::Value << s.command << YAML::Key << "conditions" << YAML::Value << s.conditions;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

std::string modelCardMarkdown(const ModelCard& c, const std::string& rulesYaml, const std::string sideNames[2]) {
  std::ostringstream md;
  md << "# Model `" << c.name << "`\n\n"
     << "<!-- Written by `taflzero models card " << c.name << "` from card.yaml; do not edit. -->\n\n"
     << c.summary << "\n\n"
     << "Play it as `" << c.agentSpec() << "` (any `net:` option may follow: docs/MODELS.md).\n\n"
     << "| | |\n|---|---|\n"
     << "| variant | `" << c.variant << "` (rules hash `" << c.rulesHash << "`, the rules below) |\n"
     << "| checkpoint | `model.ckpt`, SHA-256 `" << c.sha256 << "` |\n"
     << "| training step | " << c.step << " |\n";
  const YAML::Node net = YAML::Load(c.networkYaml);
  md << "| network |";
  for (const auto& kv : net) md << " " << kv.first.as<std::string>() << " " << kv.second.as<std::string>() << ";";
  md << " |\n\n## Strength\n\n"
     << "Each row's games are in the file it names; `taflzero records check FILE` replays them and prints the "
        "same tally.\n\n"
     << "| opponent | games | W-D-L | score [95% CI] | as " << sideNames[0] << ": games | W-D-L | score | as "
     << sideNames[1] << ": games | W-D-L | score | games file |\n"
     << "|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const ModelStrength& s : c.strength) {
    md << "| `" << s.opponent << "` (agent `" << s.agent << "`) | " << tallyCells(s.tally.overall()) << " | "
       << tallyCells(s.tally.bySide[0]) << " | " << tallyCells(s.tally.bySide[1]) << " | [" << s.gamesFile << "]("
       << s.gamesFile << ") |\n";
  }
  if (c.strength.empty()) md << "| not measured | | | | | | | | | | |\n";
  md << "\n";
  for (const ModelStrength& s : c.strength) {
    md << "- `" << s.opponent << "`: " << s.conditions << ". Command: `" << s.command << "`";
    if (s.forfeits > 0) md << ". " << s.forfeits << " of the games ended by a forfeit (a server's judgement, not the rules')";
    md << "\n";
  }
  md << "\n## Training\n\n"
     << "| sitting | config | commit | seed | from | steps | self-play games | minutes | machine | date |\n"
     << "|---|---|---|---|---|---|---|---|---|---|\n";
  for (size_t i = 0; i < c.sittings.size(); ++i) {
    const ModelSitting& s = c.sittings[i];
    md << "| " << i + 1 << " | `" << s.config << "` | " << s.commit << " | " << s.seed << " | "
       << (s.from.empty() ? "fresh start" : "`" + s.from.substr(0, 12) + "...`") << " | " << s.fromStep << " -> "
       << s.step << " | " << s.games << " | " << minutesText(s.minutes) << " | " << s.machine << " | " << s.date << " |\n";
  }
  md << "\n## Rules\n\nThe rules the checkpoint carries (`taflzero net info model.ckpt` prints them too):\n\n```yaml\n"
     << rulesYaml << (rulesYaml.empty() || rulesYaml.back() == '\n' ? "" : "\n") << "```\n";
  return md.str();
}

std::string firstStrengthText(const ModelCard& card, const std::string& quote) {
  if (card.strength.empty()) return "not measured";
  const ModelStrength& s = card.strength.front();
  return scoreText(s.tally.overall()) + " against " + quote + s.opponent + quote + ", " +
         std::to_string(s.tally.overall().games()) + " games";
}

std::string modelsIndexMarkdown(const std::vector<ModelCard>& cards) {
  std::ostringstream md;
  md << "# Shipped models\n\n"
     << "<!-- Written by `taflzero models card` from the cards; do not edit. -->\n\n"
     << "Trained agents, each in its folder with its checkpoint, its card (`card.yaml`, shown as README.md) and the "
        "games that measured it. Play one as `model:NAME` wherever a player is taken; `taflzero models verify` "
        "checks every card against its files and games (docs/MODELS.md).\n\n"
     << "| model | variant | step | setting | strength (first row of its card) | card |\n|---|---|---|---|---|---|\n";
  for (const ModelCard& c : cards) {
    md << "| `" << c.name << "` | " << c.variant << " | " << c.step << " | `" << c.agentSpec() << "` | "
       << firstStrengthText(c, "`") << " | [" << c.name << "/README.md](" << c.name << "/README.md) |\n";
  }
  return md.str();
}

}  // namespace tz

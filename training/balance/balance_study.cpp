#include "training/balance/balance_study.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "game/base/config.h"
#include "game/base/config_fields.h"
#include "game/base/error.h"
#include "game/registry.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "training/balance/sequential_design.h"
#include "mcts/players/agent_kinds.h"
#include "mcts/players/player_factory.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

// A path relative to the study file's folder, made absolute.
std::string relativeToFile(const std::string& value, const std::string& file) {
  const fs::path p(value);
  if (p.is_absolute()) return value;
  return fs::absolute(fs::path(file).parent_path() / p).lexically_normal().string();
}

// Names of levels, variants and strengths: letters, digits, '_', '.', '-', not starting with
// '.' (they name folders of the study: "." and ".." would be the study's own and its parent).
bool validName(const std::string& name) {
  if (name.empty() || name[0] == '.') return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-') return false;
  return true;
}

const char* kNameRule = "a name of letters, digits, '_', '.' or '-', not starting with '.'";

// A scalar or flow-style YAML value as text, for a key=value override.
std::string flowText(const YAML::Node& node) {
  YAML::Emitter out;
  out << YAML::Flow << node;
  return out.c_str();
}

// One level of a factor: its name, its preset (a whole rule set, or empty) and overrides.
struct Level {
  std::string name;
  std::vector<std::string> sets;
  std::string preset;
};

// A factor: {key, values[, name]} (one key, one value per level) or {name, levels: [{name,
// set}]}; a level may name a whole `preset` (its own start position and squares) instead of,
// or besides, overrides.
std::pair<std::string, std::vector<Level>> readFactor(const YAML::Node& node, const std::string& file,
                                                      const std::string& prefix) {
  ConfigReader f(node, file, prefix + ".");
  std::vector<Level> levels;
  std::string name;
  if (f.has("key")) {
    const std::string key = f.getString("key", "");
    name = f.getString("name", key);
    const YAML::Node values = f.raw("values");
    if (!values || !values.IsSequence() || values.size() == 0) {
      throw ConfigError(file, prefix + ".values", "a non-empty list of values for '" + key + "'");
    }
    for (const auto& v : values) {
      if (!v.IsScalar() || !validName(v.as<std::string>())) {
        throw ConfigError(file, prefix + ".values",
                          "scalar values usable as level names (" + std::string(kNameRule) +
                              "); write `levels: [{name, set}]` for other values");
      }
      levels.push_back({v.as<std::string>(), {key + "=" + v.as<std::string>()}, ""});
    }
    if (f.has("levels")) throw ConfigError(file, prefix + ".levels", "either key/values or levels, not both");
  } else {
    name = f.getString("name", "");
    const YAML::Node list = f.raw("levels");
    if (!list || !list.IsSequence() || list.size() == 0) {
      throw ConfigError(file, prefix, "either `key` with `values`, or `name` with a non-empty list `levels`");
    }
    for (size_t j = 0; j < list.size(); ++j) {
      const std::string lp = prefix + ".levels[" + std::to_string(j) + "]";
      ConfigReader l(list[j], file, lp + ".");
      Level level{l.getString("name", ""), {}, resolveFile(l.getString("preset", ""), file)};
      if (!validName(level.name)) throw ConfigError(file, lp + ".name", kNameRule);
      const YAML::Node set = l.raw("set");
      if (set && (!set.IsMap() || set.size() == 0)) {
        throw ConfigError(file, lp + ".set", "a non-empty map of variant keys to values, e.g. {escape: edge}");
      }
      if (!set && level.preset.empty()) {
        throw ConfigError(file, lp, "a `set` of variant keys to values (e.g. {escape: edge}) or a `preset` (e.g. ashton)");
      }
      if (set) {
        for (const auto& kv : set) level.sets.push_back(kv.first.as<std::string>() + "=" + flowText(kv.second));
      }
      l.finish();
      levels.push_back(std::move(level));
    }
  }
  f.finish();
  if (!validName(name)) throw ConfigError(file, prefix + ".name", kNameRule);
  std::set<std::string> seen;
  for (const Level& l : levels)
    if (!seen.insert(l.name).second) throw ConfigError(file, prefix, "distinct level names ('" + l.name + "' twice)");
  return {name, levels};
}

// Crosses the factors' levels into variants (first factor slowest) and builds each one; two
// variants with the same rules are refused (their factors would be confounded by construction).
void crossFactors(StudyConfig& c, const std::vector<std::string>& studySets,
                  const std::vector<std::vector<Level>>& factors) {
  std::vector<size_t> index(factors.size(), 0);
  std::map<std::string, std::string> variantOfRules;
  while (true) {
    StudyVariant v;
    v.base = c.base;
    v.sets = studySets;
    for (size_t i = 0; i < factors.size(); ++i) {
      const Level& level = factors[i][index[i]];
      if (!level.preset.empty()) v.base = level.preset;
      v.id += (i ? "+" : "") + level.name;
      v.levels.push_back(c.factors[i] + "=" + level.name);
      v.sets.insert(v.sets.end(), level.sets.begin(), level.sets.end());
    }
    if (v.base.empty()) throw ConfigError(c.file, "base", "a preset name or variant file (or a factor whose levels are presets)");
    std::string rules;
    try {
      rules = loadGame(v.base, v.sets)->rulesYaml();
    } catch (const Error& e) {
      throw Error(c.file + ": variant '" + v.id + "': " + e.what());
    }
    if (const auto [at, fresh] = variantOfRules.emplace(rules, v.id); !fresh) {
      throw ConfigError(c.file, "factors",
                        "levels that give every variant rules of its own (variants '" + at->second + "' and '" + v.id +
                            "' have the same rules, so the factors' effects cannot be told apart)");
    }
    c.variants.push_back(std::move(v));
    size_t i = factors.size();
    while (i > 0 && ++index[i - 1] == factors[i - 1].size()) index[--i] = 0;
    if (i == 0) return;
  }
}

// Reads the strengths; what each needs depends on the mode.
void readStrengths(StudyConfig& c, ConfigReader& agent) {
  const YAML::Node list = agent.raw("strengths");
  const std::string key = agent.path("strengths");
  if (!list || !list.IsSequence() || list.size() == 0) {
    throw ConfigError(c.file, key,
                      c.mode == AgentMode::kBaseline ? "a non-empty list of {name, player}"
                                                     : "a non-empty list of {name, sims[, mix, ..., checkpoint]}");
  }
  const auto game = loadGame(c.variants.front().base, c.variants.front().sets);
  std::set<std::string> names;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string prefix = key + "[" + std::to_string(i) + "]";
    ConfigReader s(list[i], c.file, prefix + ".");
    StudyStrength st;
    st.name = s.getString("name", "");
    if (!validName(st.name)) throw ConfigError(c.file, prefix + ".name", kNameRule);
    if (!names.insert(st.name).second) throw ConfigError(c.file, prefix + ".name", "a name not used before");
    if (c.mode == AgentMode::kBaseline) {
      try {
        st.agent = parseAgentSpec(s.getString("player", ""));
        checkAgent(st.agent, *game);
      } catch (const Error& e) {
        throw ConfigError(c.file, prefix + ".player", std::string("a player spec (") + e.what() + ")");
      }
    } else {
      if (!s.has("sims")) throw ConfigError(c.file, prefix + ".sims", "search simulations per move");
      st.agent = agentOfKind("net");
      readAgentOptions(s, agentKind("net", "net"), st.agent);
      const YAML::Node ck = s.raw("checkpoint");
      if (ck && !(ck.IsScalar() && ck.as<std::string>() == "latest")) {
        st.checkpoint = s.getInt("checkpoint", 0, 0, 1 << 30);
      }
      if (s.has("fraction")) {
        if (ck) throw ConfigError(c.file, prefix + ".fraction", "either checkpoint or fraction, not both");
        st.fraction = s.getDouble("fraction", 1, 0.001, 1);
      }
    }
    s.finish();
    c.strengths.push_back(std::move(st));
  }
}

// The experiment and budget of the modes that train their agents.
void readExperiment(StudyConfig& c, ConfigReader& a) {
  const std::string experiment = a.getString("experiment", "");
  if (experiment.empty()) throw ConfigError(c.file, a.path("experiment"), "an experiment file (configs/experiments/...)");
  c.experiment = relativeToFile(experiment, c.file);
  try {
    loadExperiment(c.experiment);
  } catch (const Error& e) {
    throw ConfigError(c.file, a.path("experiment"), std::string("an experiment file that loads (") + e.what() + ")");
  }
  ConfigReader b = a.child("budget");
  readFields(b, c.budget);
  b.finish();
}

// Throws unless one rule-conditioned network can play every variant of the study.
void checkConditionable(const StudyConfig& c, const std::string& key) {
  std::vector<std::string> ids;
  std::vector<std::shared_ptr<const Game>> games;
  for (const auto& v : c.variants) {
    ids.push_back(v.id);
    games.push_back(loadGame(v.base, v.sets));
  }
  try {
    RuleConditioning(ids, games);
  } catch (const Error& e) {
    throw ConfigError(c.file, key, std::string("variants one rule-conditioned network can play (") + e.what() + ")");
  }
}

// The agent section; keys of other modes are rejected with a word on where they belong.
void readAgent(StudyConfig& c, ConfigReader& r) {
  ConfigReader a = r.child("agent");
  const char* modes = "one of baseline | trained | checkpoints | conditioned";
  if (!a.has("mode")) throw ConfigError(c.file, "agent.mode", modes);
  const std::string mode = a.getChoice("mode", "", {"baseline", "trained", "checkpoints", "conditioned"});
  c.mode = modeFromName(mode);
  auto onlyIn = [&](const char* key, bool allowed, const char* where) {
    if (!allowed && a.has(key)) {
      throw ConfigError(c.file, a.path(key), "no '" + std::string(key) + "' in mode " + mode + " (only with mode: " + where + ")");
    }
  };
  onlyIn("experiment", trainsAgents(c.mode), "trained or conditioned");
  onlyIn("budget", trainsAgents(c.mode), "trained or conditioned");
  onlyIn("checkpoints", c.mode == AgentMode::kCheckpoints, "checkpoints");
  if (trainsAgents(c.mode)) readExperiment(c, a);
  if (c.mode == AgentMode::kConditioned) {
    checkConditionable(c, a.path("mode"));
  } else if (c.mode == AgentMode::kCheckpoints) {
    const YAML::Node map = a.raw("checkpoints");
    if (!map || !map.IsMap()) throw ConfigError(c.file, a.path("checkpoints"), "a map of variant id to run folder or checkpoint file");
    std::set<std::string> ids;
    for (const auto& v : c.variants) ids.insert(v.id);
    for (const auto& kv : map) {
      const std::string id = kv.first.as<std::string>(), key = a.path("checkpoints") + "." + id;
      if (!ids.count(id)) {
        std::string known;
        for (const auto& v : c.variants) known += (known.empty() ? "" : ", ") + v.id;
        throw ConfigError(c.file, key, "a variant id of this study (" + known + ")");
      }
      const std::string path = kv.second.IsScalar() ? relativeToFile(kv.second.as<std::string>(), c.file) : "";
      if (path.empty() || !fs::exists(path)) throw ConfigError(c.file, key, "an existing run folder or checkpoint file");
      c.checkpoints[id] = path;
    }
    for (const auto& v : c.variants)
      if (!c.checkpoints.count(v.id)) throw ConfigError(c.file, a.path("checkpoints") + "." + v.id, "a checkpoint for every variant");
  }
  readStrengths(c, a);
  a.finish();
}

void readGames(StudyConfig& c, ConfigReader& r) {
  ConfigReader g = r.child("games");
  readFields(g, c.diversity);
  readFields(g, c.stopping);
  g.finish();
}

// The variant whose agents play no Elo game though the Elo axis would rate them: in mode
// trained every variant trains its own agents, in mode checkpoints each has its own network;
// only the reference variant's agents play the Elo games. Empty when every agent is rated.
std::string unratedVariant(const StudyConfig& c, const StudyVariant& reference) {
  for (const StudyVariant& v : c.variants) {
    if (v.id == reference.id) continue;
    if (c.mode == AgentMode::kTrained) return v.id;
    if (c.mode != AgentMode::kCheckpoints) continue;
    const std::string& mine = c.checkpoints.at(v.id);
    const std::string& theirs = c.checkpoints.at(reference.id);
    std::error_code error;
    if (mine != theirs && !fs::equivalent(mine, theirs, error)) return v.id;
  }
  return "";
}

// The Elo section: the reference variant and the games between every two strengths; refused
// when an agent that plays a cell would be put on another agent's scale.
void readElo(StudyConfig& c, ConfigReader& r) {
  ConfigReader e = r.child("elo");
  c.elo.variant = e.getString("variant", c.variants.front().id);
  c.elo.games = e.getInt("games", 0, 0, 10000000);
  e.finish();
  const auto reference = std::find_if(c.variants.begin(), c.variants.end(),
                                      [&](const StudyVariant& v) { return v.id == c.elo.variant; });
  if (c.elo.games == 0 || reference == c.variants.end()) return;  // check() names an unknown variant
  if (const std::string v = unratedVariant(c, *reference); !v.empty()) {
    throw ConfigError(c.file, "elo",
                      "no Elo axis, or one network for every variant: the agents of variant '" + v +
                          "' play no Elo game (only those of variant '" + reference->id +
                          "' do), so their strengths cannot be put on its Elo scale");
  }
}

}  // namespace

bool trainsAgents(AgentMode mode) { return mode == AgentMode::kTrained || mode == AgentMode::kConditioned; }

std::string modeName(AgentMode mode) {
  switch (mode) {
    case AgentMode::kBaseline: return "baseline";
    case AgentMode::kTrained: return "trained";
    case AgentMode::kCheckpoints: return "checkpoints";
    case AgentMode::kConditioned: return "conditioned";
  }
  return "baseline";
}

AgentMode modeFromName(const std::string& name) {
  for (AgentMode m : {AgentMode::kBaseline, AgentMode::kTrained, AgentMode::kCheckpoints, AgentMode::kConditioned}) {
    if (modeName(m) == name) return m;
  }
  throw Error("unknown agent mode '" + name + "': expected baseline, trained, checkpoints or conditioned");
}

StudyConfig loadStudy(const std::string& path) {
  StudyConfig c;
  c.file = path;
  ConfigReader r(loadYamlFile(path), path);
  c.description = r.getString("description", "");
  c.base = resolveFile(r.getString("base", ""), path);
  const std::vector<std::string> studySets = r.getStrings("set", {});
  const YAML::Node factors = r.raw("factors");
  if (!factors || !factors.IsSequence() || factors.size() == 0) {
    throw ConfigError(path, "factors", "a non-empty list of factors ({key, values} or {name, levels})");
  }
  std::vector<std::vector<Level>> levels;
  for (size_t i = 0; i < factors.size(); ++i) {
    auto [name, ls] = readFactor(factors[i], path, "factors[" + std::to_string(i) + "]");
    for (const auto& known : c.factors)
      if (known == name) throw ConfigError(path, "factors[" + std::to_string(i) + "].name", "a factor name not used before");
    c.factors.push_back(name);
    levels.push_back(std::move(ls));
  }
  crossFactors(c, studySets, levels);
  readAgent(c, r);
  readGames(c, r);
  readElo(c, r);
  c.stopping.margin = r.getDouble("balance_margin", c.stopping.margin, 0.001, 0.5);
  c.workers = r.getInt("workers", c.workers, 1, 256);
  c.gamesAtOnce = r.getInt("games_at_once", c.gamesAtOnce, 1, 256);
  c.families = readFamilies(r.raw("families"), c);
  r.finish();
  c.check();
  return c;
}

void StudyConfig::check() const {
  const std::string where = file.empty() ? "(study)" : file;
  if (variants.empty()) throw ConfigError(where, "factors", "at least one variant");
  if (strengths.empty()) throw ConfigError(where, "agent.strengths", "a non-empty list");
  budget.check(where, "agent.budget.");
  checkFields(diversity, where, "games.");
  checkFields(stopping, where, "games.");
  if (stopping.maxGames < stopping.minGames) throw ConfigError(where, "games.max_games", "at least games.min_games");
  if (lookSchedule(stopping.minGames, stopping.maxGames, stopping.batch).size() > kMaxLooks) {
    throw ConfigError(where, "games.batch",
                      "at most " + std::to_string(kMaxLooks) + " looks from games.min_games to games.max_games");
  }
  if (mode == AgentMode::kBaseline && diversity.temperaturePlies > 0) {
    throw ConfigError(where, "games.temperature_plies",
                      "0 in mode baseline (baseline players take no temperature; use games.random_plies)");
  }
  FieldChecker top(where, "");
  top.number("balance_margin", stopping.margin, 0.001, 0.5);
  top.number("workers", workers, 1, 256);
  top.number("games_at_once", gamesAtOnce, 1, 256);
  top.number("elo.games", elo.games, 0, 10000000);
  if (std::none_of(variants.begin(), variants.end(), [&](const StudyVariant& v) { return v.id == elo.variant; })) {
    std::string known;
    for (const auto& v : variants) known += (known.empty() ? "" : ", ") + v.id;
    throw ConfigError(where, "elo.variant", "a variant id of this study (" + known + ")");
  }
  if (elo.games > 0 && strengths.size() < 2) throw ConfigError(where, "elo.games", "0 with a single strength (nothing to rate)");
}

std::string cellTag(const StudyVariant& variant, const StudyStrength& strength) {
  return "balance|" + variant.id + "|" + strength.name;
}

std::string eloTag(const StudyVariant& variant, const StudyStrength& a, const StudyStrength& b) {
  return "elo|" + variant.id + "|" + a.name + "|" + b.name;
}

int eloVariantIndex(const StudyConfig& study) {
  for (size_t v = 0; v < study.variants.size(); ++v)
    if (study.variants[v].id == study.elo.variant) return int(v);
  throw Error(study.file + ": elo.variant '" + study.elo.variant + "' is not a variant of the study");
}

}  // namespace tz

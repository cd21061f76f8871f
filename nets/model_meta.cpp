#include "nets/model_meta.h"

#include <yaml-cpp/yaml.h>

#include <map>
#include <nlohmann/json.hpp>

#include "game/base/error.h"
#include "game/base/json_text.h"
#include "game/registry.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "game/base/yaml_difference.h"
#include "game/base/yaml_text.h"

namespace tz {

namespace {

std::map<std::string, std::string> flattenYamlText(const std::string& text, const std::string& what) {
  return flattenYaml(parseYamlText(text, what));
}

// "a=x" differences between two flat maps: what `ours` has against what `theirs` has.
std::string describeDifferences(const std::map<std::string, std::string>& ours,
                                const std::map<std::string, std::string>& theirs, std::string& theirSide) {
  std::string mine;
  auto add = [](std::string& s, const std::string& item) { s += (s.empty() ? "" : ", ") + item; };
  for (const auto& [k, v] : ours) {
    auto it = theirs.find(k);
    if (it == theirs.end()) {
      add(mine, k + "=" + v);
      add(theirSide, "no " + k);
    } else if (it->second != v) {
      add(mine, k + "=" + v);
      add(theirSide, k + "=" + it->second);
    }
  }
  for (const auto& [k, v] : theirs) {
    if (!ours.count(k)) {
      add(mine, "no " + k);
      add(theirSide, k + "=" + v);
    }
  }
  return mine;
}

std::map<std::string, std::string> flattenJsonText(const std::string& text) {
  std::map<std::string, std::string> out;
  const nlohmann::json flat = parseJsonText(text, "encoding description").flatten();
  for (const auto& [k, v] : flat.items()) out[k] = v.dump();
  return out;
}

// The key of the ply limit in a variant's rules, and in an encoding description's rules.
constexpr const char* kPlyLimitKey = "ply_limit";
constexpr const char* kEncodingPlyLimitKey = "/rules/ply_limit";

// `rulesYaml` with the ply limit of the rules the model was trained on: the rules compared
// with a model's, since a ply limit never changes a game before it is reached (the player
// refuses past its own: PlyLimitedPlayer).
std::string rulesAtTrainedPlyLimit(const ModelMeta& meta, const std::string& rulesYaml, const std::string& what) {
  const int trained = plyLimitOfRules(meta.rulesYaml, what + ": its rules");
  YAML::Node rules = parseYamlText(rulesYaml, what + ": the rules played");
  if (trained == 0 || !rules.IsMap() || !rules[kPlyLimitKey]) return rulesYaml;
  rules[kPlyLimitKey] = trained;
  return YAML::Dump(rules);
}

}  // namespace

int plyLimitOfRules(const std::string& rulesYaml, const std::string& what) {
  const YAML::Node rules = parseYamlText(rulesYaml, what);
  if (!rules.IsMap() || !rules[kPlyLimitKey]) return 0;
  try {
    return rules[kPlyLimitKey].as<int>();
  } catch (const YAML::Exception&) {
    throw Error(what + ": ply_limit is not an integer");
  }
}

NetShape netShapeOf(const Game& game) { return {game.inputShape(), game.policyShape(), game.numActions()}; }

ModelMeta modelMetaOf(const Game& game, const NetworkConfig& network) {
  return {game.family(), game.name(), game.rulesYaml(), game.encodingJson(), netShapeOf(game), network};
}

namespace {

// Throws unless `game` has the rules the model was trained on: the recorded variant's, or
// for a rule-conditioned model those of one of its variants.
void checkRules(const ModelMeta& meta, const RuleConditioning* set, const Game& game, const std::string& what) {
  const std::string played = rulesAtTrainedPlyLimit(meta, game.rulesYaml(), what);
  if (set) {
    try {
      set->features().memberOf(played, game.name());
    } catch (const Error& e) {
      throw Error(what + ": " + e.what());
    }
    return;
  }
  std::string theirs;
  const std::string ours = describeDifferences(flattenYamlText(meta.rulesYaml, what + ": its rules"),
                                               flattenYamlText(played, "the rules of " + game.name()), theirs);
  if (!ours.empty()) {
    throw Error(what + " is for variant " + meta.variant + " with " + ours + ", but the variant " + game.name() +
                " has " + theirs);
  }
}

}  // namespace

void checkSameEncoding(const ModelMeta& meta, const Game& game, const std::string& what) {
  const ModelMeta target = modelMetaOf(game, meta.network);
  if (target.family != meta.family || target.encodingJson != meta.encodingJson) {
    throw Error(what + " was trained on " + meta.variant + ", whose " +
                (target.family != meta.family ? "game family" : "encoding (input planes or actions)") + " differs from " +
                game.name() + "'s: only rules that leave the encoding alone may change");
  }
}

void checkModelMatches(const ModelMeta& meta, const Game& game, const std::string& what) {
  const auto set = conditioningOfEncoding(meta.encodingJson);
  checkRules(meta, set.get(), game, what);
  // The variant name is part of the encoding description but not of the encoding itself,
  // nor are the symmetries of the member variant a rule-conditioned network plays.
  auto saved = flattenJsonText(meta.encodingJson), current = flattenJsonText(game.encodingJson());
  for (auto* flat : {&saved, &current}) {
    flat->erase("/variant");
    flat->erase(kEncodingPlyLimitKey);  // the rules' own, compared above
    if (set) flat->erase("/symmetries");
  }
  if (set && !conditioningOfEncoding(game.encodingJson())) {
    throw Error(what + " is a rule-conditioned network: it plays variant " + game.name() +
                " only through the variant's rule-conditioned game (conditionedGameFor)");
  }
  std::string theirs;
  const std::string enc = describeDifferences(saved, current, theirs);
  if (!enc.empty()) {
    throw Error(what + " was trained with a different input/action encoding: it has " + enc +
                ", but this build encodes " + theirs);
  }
  const NetShape shape = netShapeOf(game);
  if (meta.shape.input.size() != shape.input.size() || meta.shape.numActions != shape.numActions) {
    throw Error(what + " has input size " + std::to_string(meta.shape.input.size()) + " and " +
                std::to_string(meta.shape.numActions) + " actions, but variant " + game.name() + " needs " +
                std::to_string(shape.input.size()) + " and " + std::to_string(shape.numActions));
  }
}

std::unique_ptr<Game> gameOfModel(const ModelMeta& meta) {
  // Built from the text: the variant's name, read from the file, never becomes a path.
  std::unique_ptr<Game> game;
  try {
    game = gameFromYamlText(meta.rulesYaml, meta.variant, "the rules recorded for variant " + quoted(meta.variant));
  } catch (const Error& e) {
    throw Error("the rules recorded for variant " + meta.variant + " do not load: " + e.what());
  }
  if (const auto set = conditioningOfEncoding(meta.encodingJson)) game = conditionedGameFor(set, *game);
  checkModelMatches(meta, *game, "model for variant " + meta.variant);
  return game;
}

std::unique_ptr<RuleConditionedGame> conditionedGameOfModel(const ModelMeta& meta, const Game& game) {
  if (dynamic_cast<const RuleConditionedGame*>(&game)) return nullptr;
  const auto set = conditioningOfEncoding(meta.encodingJson);
  if (!set) return nullptr;
  const int member = set->features().memberOf(
      rulesAtTrainedPlyLimit(meta, game.rulesYaml(), "rule-conditioned model"), game.name());
  return std::make_unique<RuleConditionedGame>(set, member);
}

namespace {

nlohmann::json shapeJson(const TensorShape& s) { return {s.planes, s.height, s.width}; }

// The shape stored under `key`: three sizes, each in [1, 4096]; throws Error naming `what` and the key.
TensorShape shapeFrom(const nlohmann::json& j, const char* key, const std::string& what) {
  const nlohmann::json& s = j.at(key);
  constexpr int kLargest = 4096;
  const auto size = [&](int i) {
    const int v = s.at(i).get<int>();
    if (v < 1 || v > kLargest || s.size() != 3) {
      throw Error(what + ": key '" + key + "': expected three sizes in [1, " + std::to_string(kLargest) + "], got " +
                  s.dump());
    }
    return v;
  };
  return {size(0), size(1), size(2)};
}

}  // namespace

std::string modelMetaJson(const ModelMeta& m) {
  nlohmann::json j;
  j["family"] = m.family;
  j["variant"] = m.variant;
  j["rules_yaml"] = m.rulesYaml;
  j["encoding_json"] = m.encodingJson;
  j["input_shape"] = shapeJson(m.shape.input);
  j["policy_shape"] = shapeJson(m.shape.policy);
  j["num_actions"] = m.shape.numActions;
  j["network_yaml"] = networkConfigYaml(m.network);
  return j.dump();
}

ModelMeta modelMetaFromJson(const std::string& text, const std::string& what) {
  try {
    const nlohmann::json j = parseJsonText(text, what + ": model metadata");
    ModelMeta m;
    m.family = j.at("family").get<std::string>();
    m.variant = j.at("variant").get<std::string>();
    m.rulesYaml = j.at("rules_yaml").get<std::string>();
    if (!parseRulesText(m.rulesYaml, what + ": key 'rules_yaml'").IsMap()) {
      throw Error(what + ": key 'rules_yaml': expected a map of rule keys");
    }
    m.encodingJson = j.at("encoding_json").get<std::string>();
    if (!parseJsonText(m.encodingJson, what + ": key 'encoding_json'").is_object()) {
      throw Error(what + ": key 'encoding_json': expected a JSON object");
    }
    m.shape = {shapeFrom(j, "input_shape", what), shapeFrom(j, "policy_shape", what), j.at("num_actions").get<int>()};
    const int64_t cells = int64_t(m.shape.policy.planes) * m.shape.policy.height * m.shape.policy.width;
    if (m.shape.numActions != cells) {
      throw Error(what + ": key 'num_actions': expected " + std::to_string(cells) + " (the policy shape's cells), got " +
                  std::to_string(m.shape.numActions));
    }
    m.network = networkConfigFromYaml(j.at("network_yaml").get<std::string>(), what);
    return m;
  } catch (const nlohmann::json::exception& e) {
    throw Error(what + ": malformed model metadata: " + e.what());
  }
}

}  // namespace tz

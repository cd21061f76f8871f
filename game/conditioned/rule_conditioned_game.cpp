#include "game/conditioned/rule_conditioned_game.h"

#include <nlohmann/json.hpp>

#include "game/base/error.h"
#include "game/registry.h"
#include "game/conditioned/rule_conditioned_expertise.h"
#include "game/conditioned/rule_conditioned_state.h"

namespace tz {

namespace {

constexpr const char* kConditioningKey = "rule_conditioning";

std::vector<std::string> rulesOf(const std::vector<std::shared_ptr<const Game>>& variants) {
  std::vector<std::string> rules;
  for (const auto& v : variants) rules.push_back(v->rulesYaml());
  return rules;
}

// A variant's encoding without what may differ between members of a set: its name, its
// symmetries and any echo of its rule values (morris' "rules"; the set lists every rule).
nlohmann::json sharedEncoding(const Game& variant) {
  nlohmann::json j = nlohmann::json::parse(variant.encodingJson());
  for (const char* key : {"variant", "symmetries", "rules"}) j.erase(key);
  return j;
}

std::string shapeText(const Game& g) {
  const TensorShape in = g.inputShape();
  return g.family() + " with input " + std::to_string(in.planes) + "x" + std::to_string(in.height) + "x" +
         std::to_string(in.width) + " and " + std::to_string(g.numActions()) + " actions";
}

// Throws unless every variant shares the first one's family, shapes and encoding.
void checkAlike(const std::vector<std::string>& names, const std::vector<std::shared_ptr<const Game>>& variants) {
  if (names.size() != variants.size() || variants.size() < 2) {
    throw Error("a rule-conditioned network needs at least two variants, one name each; got " +
                std::to_string(variants.size()) + " variants and " + std::to_string(names.size()) + " names");
  }
  const Game& first = *variants.front();
  for (size_t i = 1; i < variants.size(); ++i) {
    const Game& g = *variants[i];
    if (g.family() != first.family() || g.inputShape().size() != first.inputShape().size() ||
        g.inputShape().planes != first.inputShape().planes || g.numActions() != first.numActions() ||
        g.policyShape().size() != first.policyShape().size()) {
      throw Error("a rule-conditioned network plays variants of one family, board and action space: " + names[0] +
                  " is " + shapeText(first) + ", " + names[i] + " is " + shapeText(g));
    }
    if (sharedEncoding(g) != sharedEncoding(first)) {
      throw Error("a rule-conditioned network plays variants of one encoding: " + names[0] + " and " + names[i] +
                  " encode their positions differently");
    }
  }
}

}  // namespace

RuleConditioning::RuleConditioning(std::vector<std::string> names, std::vector<std::shared_ptr<const Game>> variants)
    : variants_(std::move(variants)), features_((checkAlike(names, variants_), names), rulesOf(variants_)) {
  if (variants_.front()->expertise()) expertise_ = std::make_unique<RuleConditionedExpertise>(*this);
}

RuleConditioning::~RuleConditioning() = default;

TensorShape RuleConditioning::inputShape() const {
  TensorShape shape = variants_.front()->inputShape();
  shape.planes += int(features_.planes().size());
  return shape;
}

nlohmann::json RuleConditioning::json() const {
  nlohmann::json members = nlohmann::json::array();
  for (int m = 0; m < size(); ++m) {
    members.push_back({{"name", features_.name(m)}, {"rules_yaml", features_.rulesYaml(m)}, {"values", features_.values(m)}});
  }
  return {{"planes", features_.planesJson()}, {"variants", members}};
}

RuleConditionedGame::RuleConditionedGame(std::shared_ptr<const RuleConditioning> set, int member)
    : set_(std::move(set)), member_(member) {}

std::unique_ptr<State> RuleConditionedGame::wrap(const State& state) const {
  return std::make_unique<RuleConditionedState>(*this, state.clone());
}

std::string RuleConditionedGame::encodingJson() const {
  nlohmann::json j = sharedEncoding(set_->variant(0));
  j["variant"] = name();
  j["symmetries"] = numSymmetries();
  nlohmann::json& input = j["input"];
  input["shape"] = {inputShape().planes, inputShape().height, inputShape().width};
  for (const RulePlane& p : set_->features().planes()) {
    const std::string what = p.kind == "boolean" ? "1 when true, else 0"
                             : p.kind == "number" ? "scaled: " + nlohmann::json(p.low).dump() + " -> 0, " + nlohmann::json(p.high).dump() + " -> 1"
                                                  : "1 when " + p.value + ", else 0";
    input["planes"].push_back("rule " + p.key + " (constant plane): " + what);
  }
  j[kConditioningKey] = set_->json();
  return j.dump(2);
}

std::unique_ptr<RuleConditionedGame> conditionedGameFor(std::shared_ptr<const RuleConditioning> set,
                                                        const Game& variant) {
  const int member = set->features().memberOf(variant.rulesYaml(), variant.name());
  return std::make_unique<RuleConditionedGame>(std::move(set), member);
}

std::shared_ptr<const RuleConditioning> conditioningOfEncoding(const std::string& encodingJson) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(encodingJson);
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("malformed encoding description: ") + e.what());
  }
  if (!j.contains(kConditioningKey)) return nullptr;
  std::vector<std::string> names;
  std::vector<std::shared_ptr<const Game>> variants;
  try {
    for (const auto& m : j.at(kConditioningKey).at("variants")) {
      names.push_back(m.at("name").get<std::string>());
      variants.push_back(gameFromYamlText(m.at("rules_yaml").get<std::string>(), names.back(),
                                          "the recorded rules of rule-conditioned variant " + names.back()));
    }
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("malformed rule conditioning in an encoding description: ") + e.what());
  }
  return std::make_shared<const RuleConditioning>(std::move(names), std::move(variants));
}

}  // namespace tz

#include "game/conditioned/rule_features.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "game/base/error.h"
#include "game/base/yaml_difference.h"
#include "game/base/yaml_text.h"

namespace tz {

namespace {

using FlatRules = std::map<std::string, std::string>;
constexpr const char* kAbsent = "(absent)";

FlatRules flatRules(const std::string& yaml, const std::string& variant) {
  return flattenYaml(parseYamlText(yaml, "the rules of variant " + variant));
}

bool isNumber(const std::string& text, double& value) {
  if (text.empty()) return false;
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size();
}

// The planes of one key whose member values differ, in member order.
std::vector<RulePlane> planesOf(const std::string& key, const std::vector<std::string>& values) {
  const bool boolean = std::all_of(values.begin(), values.end(), [](const std::string& v) { return v == "true" || v == "false"; });
  if (boolean) return {RulePlane{key, "boolean", "", 0, 1}};
  std::vector<double> numbers(values.size());
  bool numeric = true;
  for (size_t i = 0; i < values.size() && numeric; ++i) numeric = isNumber(values[i], numbers[i]);
  if (numeric) {
    const auto [low, high] = std::minmax_element(numbers.begin(), numbers.end());
    return {RulePlane{key, "number", "", *low, *high}};
  }
  std::vector<RulePlane> planes;
  std::set<std::string> seen;
  for (const std::string& v : values) {
    if (seen.insert(v).second) planes.push_back(RulePlane{key, "value", v, 0, 1});
  }
  return planes;
}

float planeValue(const RulePlane& plane, const std::string& value) {
  if (plane.kind == "boolean") return value == "true" ? 1.f : 0.f;
  if (plane.kind == "value") return value == plane.value ? 1.f : 0.f;
  double v = 0;
  isNumber(value, v);
  return float((v - plane.low) / (plane.high - plane.low));
}

std::string valueOf(const FlatRules& rules, const std::string& key) {
  const auto it = rules.find(key);
  return it == rules.end() ? kAbsent : it->second;
}

}  // namespace

RuleFeatures::RuleFeatures(std::vector<std::string> names, std::vector<std::string> rulesYaml)
    : names_(std::move(names)), rules_(std::move(rulesYaml)) {
  if (names_.size() != rules_.size() || names_.size() < 2) {
    throw Error("a rule-conditioned network needs at least two variants, got " + std::to_string(rules_.size()));
  }
  std::vector<FlatRules> flat;
  std::set<std::string> keys;
  for (size_t i = 0; i < rules_.size(); ++i) {
    flat.push_back(flatRules(rules_[i], names_[i]));
    for (size_t j = 0; j < i; ++j) {
      if (names_[j] == names_[i]) throw Error("two rule-conditioned variants are named " + names_[i] + ": give each its own name");
      if (flat[j] == flat[i]) throw Error("variants " + names_[j] + " and " + names_[i] + " have the same rules: a rule-conditioned network cannot tell them apart");
    }
    for (const auto& kv : flat.back()) keys.insert(kv.first);
  }
  values_.resize(flat.size());
  for (const std::string& key : keys) {
    std::vector<std::string> values;
    for (const FlatRules& f : flat) values.push_back(valueOf(f, key));
    if (std::all_of(values.begin(), values.end(), [&](const std::string& v) { return v == values.front(); })) continue;
    for (const RulePlane& plane : planesOf(key, values)) {
      planes_.push_back(plane);
      for (size_t m = 0; m < values.size(); ++m) values_[m].push_back(planeValue(plane, values[m]));
    }
  }
}

int RuleFeatures::memberOf(const std::string& rulesYaml, const std::string& variant) const {
  const YAML::Node rules = parseYamlText(rulesYaml, "the rules of variant " + variant);
  const FlatRules flat = flattenYaml(rules);
  std::string differences;
  for (int m = 0; m < size(); ++m) {
    if (flatRules(rules_[size_t(m)], names_[size_t(m)]) == flat) return m;
    const auto d = firstYamlDifference(parseYamlText(rules_[size_t(m)], "the rules of variant " + names_[size_t(m)]), rules);
    differences += (differences.empty() ? "" : "; ") + ("against " + names_[size_t(m)] + " " + d.value_or("?"));
  }
  std::string members;
  for (const std::string& n : names_) members += (members.empty() ? "" : ", ") + n;
  throw Error("variant " + variant + " is not one of the variants the rule-conditioned network was trained on (" +
              members + "): " + differences);
}

nlohmann::json RuleFeatures::planesJson() const {
  nlohmann::json out = nlohmann::json::array();
  for (const RulePlane& p : planes_) {
    nlohmann::json j{{"key", p.key}, {"kind", p.kind}};
    if (p.kind == "value") j["value"] = p.value;
    if (p.kind == "number") j["range"] = {p.low, p.high};
    out.push_back(j);
  }
  return out;
}

}  // namespace tz

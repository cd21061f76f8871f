#pragma once
// The rule features of a set of variants: every rule key whose value differs between them
// becomes constant input planes, so that one network can tell the variants apart. Works on
// the resolved rules (Game::rulesYaml) alone and knows no game family.
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace tz {

/// One constant input plane of a rule-conditioned encoding.
struct RulePlane {
  std::string key;    // dotted rule key, e.g. "first" or "king.capture"
  std::string kind;   // "boolean": 1 when true; "number": scaled to [0, 1]; "value": 1 when the key has `value`
  std::string value;  // kind "value": the value this plane marks
  double low = 0;     // kind "number": the value encoded as 0 (the least in the set)
  double high = 1;    // kind "number": the value encoded as 1 (the greatest in the set)
};

/// The planes that tell a set of variants apart and each member's plane values.
class RuleFeatures {
 public:
  /// The features of the variants named `names` with the resolved rules `rulesYaml` (one
  /// per name); throws Error when fewer than two are given or two have the same rules.
  RuleFeatures(std::vector<std::string> names, std::vector<std::string> rulesYaml);

  /// The planes, in key order (one per boolean or number key, one per value of any other).
  const std::vector<RulePlane>& planes() const { return planes_; }
  /// Number of members.
  int size() const { return int(names_.size()); }
  /// A member's name.
  const std::string& name(int member) const { return names_[size_t(member)]; }
  /// A member's resolved rules.
  const std::string& rulesYaml(int member) const { return rules_[size_t(member)]; }
  /// The value of each plane (planes() order) for a member.
  const std::vector<float>& values(int member) const { return values_[size_t(member)]; }
  /// The member whose rules equal `rulesYaml` (of the variant `variant`); throws Error
  /// naming the members and how the variant differs from each when none does.
  int memberOf(const std::string& rulesYaml, const std::string& variant) const;
  /// The planes (key, kind, value or range) as a JSON array, for encoding descriptions.
  nlohmann::json planesJson() const;

 private:
  std::vector<std::string> names_;
  std::vector<std::string> rules_;
  std::vector<RulePlane> planes_;
  std::vector<std::vector<float>> values_;
};

}  // namespace tz

#pragma once
// One network for several variants: a RuleConditioning is a set of variants of one family,
// board and action space, and each member is played as a RuleConditionedGame, the variant
// with the rule features that tell the set apart (game/conditioned/rule_features.h) as extra constant
// input planes after its own. Everything but the encoding is the member variant's.
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "game/expertise.h"
#include "game/game.h"
#include "game/conditioned/rule_features.h"

namespace tz {

/// The variants one rule-conditioned network plays, their rule features and the expertise
/// their conditioned games share. Immutable; shared by its member games.
class RuleConditioning {
 public:
  /// The set of `variants` named `names` (one per variant, distinct); throws Error when the
  /// variants differ in family, input or action shapes or encoding, or two have the same rules.
  RuleConditioning(std::vector<std::string> names, std::vector<std::shared_ptr<const Game>> variants);
  ~RuleConditioning();
  RuleConditioning(const RuleConditioning&) = delete;
  RuleConditioning& operator=(const RuleConditioning&) = delete;

  /// The rule planes and each member's values.
  const RuleFeatures& features() const { return features_; }
  /// Number of members.
  int size() const { return features_.size(); }
  /// A member's variant, unconditioned.
  const Game& variant(int member) const { return *variants_[size_t(member)]; }
  /// The expertise of every member's conditioned game (nullptr when the variants have none).
  const GameExpertise* expertise() const { return expertise_.get(); }
  /// The input planes of every member: the variant's, then the rule planes.
  TensorShape inputShape() const;
  /// The set as JSON: {"planes": [...], "variants": [{"name", "rules_yaml", "values"}]}.
  nlohmann::json json() const;

 private:
  std::vector<std::shared_ptr<const Game>> variants_;
  RuleFeatures features_;
  std::unique_ptr<const GameExpertise> expertise_;
};

/// A member of a RuleConditioning as a game: the member variant's rules, actions and
/// symmetries, its states encoded with the rule planes after the variant's own planes.
class RuleConditionedGame final : public Game {
 public:
  /// Member `member` of `set`.
  RuleConditionedGame(std::shared_ptr<const RuleConditioning> set, int member);

  const std::string& name() const override { return set_->features().name(member_); }
  std::string family() const override { return base().family(); }
  std::string sideName(int side) const override { return base().sideName(side); }
  int sideFromName(const std::string& name) const override { return base().sideFromName(name); }
  std::unique_ptr<State> newGame() const override { return wrap(*base().newGame()); }
  std::unique_ptr<State> fromRecord(const std::string& record, const std::string& toMove) const override {
    return wrap(*base().fromRecord(record, toMove));
  }
  TensorShape inputShape() const override { return set_->inputShape(); }
  int numActions() const override { return base().numActions(); }
  TensorShape policyShape() const override { return base().policyShape(); }
  int numSymmetries() const override { return base().numSymmetries(); }
  const std::vector<int>& cellMap(int s) const override { return base().cellMap(s); }
  const std::vector<int>& actionMap(int s) const override { return base().actionMap(s); }
  std::string rulesYaml() const override { return base().rulesYaml(); }
  /// The members' shared encoding with the rule planes added and the set (every member's
  /// rules and plane values) under "rule_conditioning"; the same for every member but for
  /// "variant" and "symmetries".
  std::string encodingJson() const override;
  const GameExpertise* expertise() const override { return set_->expertise(); }

  /// The set this game belongs to.
  const RuleConditioning& set() const { return *set_; }
  /// Its index in the set.
  int member() const { return member_; }
  /// The conditioned copy of `state`, a position of a variant with this member's rules
  /// (whose game must outlive the copy).
  std::unique_ptr<State> wrap(const State& state) const;

 private:
  const Game& base() const { return set_->variant(member_); }

  std::shared_ptr<const RuleConditioning> set_;
  int member_;
};

/// The member of `set` whose rules are those of `variant`, as a conditioned game; throws
/// Error naming the members when `variant` is none of them.
std::unique_ptr<RuleConditionedGame> conditionedGameFor(std::shared_ptr<const RuleConditioning> set,
                                                        const Game& variant);

/// The set a Game::encodingJson describes (rebuilt from its members' recorded rules), or
/// nullptr when the encoding is not rule-conditioned; throws Error when it is malformed.
std::shared_ptr<const RuleConditioning> conditioningOfEncoding(const std::string& encodingJson);

}  // namespace tz

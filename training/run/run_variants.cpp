#include "training/run/run_variants.h"

#include "game/registry.h"
#include "game/conditioned/rule_conditioned_game.h"

namespace tz {

RunVariants::RunVariants(const ExperimentConfig& config) {
  if (config.variants.empty()) {
    games_.push_back(loadGame(config.variant, config.sets));
    return;
  }
  std::vector<std::string> names;
  std::vector<std::shared_ptr<const Game>> variants;
  for (const ExperimentVariant& v : config.variants) {
    names.push_back(v.name);
    variants.push_back(loadGame(v.variant, v.sets));
  }
  const auto set = std::make_shared<const RuleConditioning>(std::move(names), std::move(variants));
  for (int m = 0; m < set->size(); ++m) games_.push_back(std::make_unique<RuleConditionedGame>(set, m));
}

std::vector<const Game*> RunVariants::all() const {
  std::vector<const Game*> out;
  for (const auto& g : games_) out.push_back(g.get());
  return out;
}

}  // namespace tz

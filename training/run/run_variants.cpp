#include "training/run/run_variants.h"

#include "game/base/config.h"
#include "game/base/error.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "game/registry.h"

namespace tz {

namespace {

// The variant `variant` with the experiment's rule overrides `sets`; an error an override
// causes names the experiment's file and the `key` the overrides are under.
std::unique_ptr<Game> experimentGame(const std::string& variant, const std::vector<std::string>& sets,
                                     const std::string& file, const std::string& key) {
  try {
    return loadGame(variant, sets);
  } catch (const ConfigError& e) {
    const std::string* culprit = overrideOf(sets, e.key());
    if (!culprit) throw;
    throw ConfigError(file, key, "rule overrides the variant accepts, but " + quoted(*culprit) + " sets key " +
                                     quoted(e.key()) + ", which expects " + e.expected());
  }
}

}  // namespace

RunVariants::RunVariants(const ExperimentConfig& config) {
  if (config.variants.empty()) {
    games_.push_back(experimentGame(config.variant, config.sets, config.file, "set"));
    return;
  }
  std::vector<std::string> names;
  std::vector<std::shared_ptr<const Game>> variants;
  for (size_t i = 0; i < config.variants.size(); ++i) {
    const ExperimentVariant& v = config.variants[i];
    names.push_back(v.name);
    variants.push_back(experimentGame(v.variant, v.sets, config.file, "variants[" + std::to_string(i) + "].set"));
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

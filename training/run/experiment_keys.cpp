#include "training/run/experiment_keys.h"

#include <array>
#include <type_traits>

#include "game/base/config_fields.h"
#include "mcts/players/agent_kinds.h"
#include "training/run/experiment.h"

namespace tz {

namespace {

// Lists each field it visits under `prefix`, with its range (or choices) and its value.
struct KeyLister {
  std::vector<ExperimentKey>& keys;
  std::string prefix;

  template <class T>
  void number(const char* key, const T& value, typename NonDeduced<T>::type lo, typename NonDeduced<T>::type hi) {
    if constexpr (std::is_integral_v<T>) {
      keys.push_back({prefix + key, rangeText(int64_t(lo), int64_t(hi)), valueText(int64_t(value))});
    } else {
      keys.push_back({prefix + key, rangeText(double(lo), double(hi)), valueText(double(value))});
    }
  }
  void choice(const char* key, const std::string& value, const std::vector<std::string>& choices) {
    std::string expected;
    for (const auto& c : choices) expected += (expected.empty() ? "" : " | ") + c;
    keys.push_back({prefix + key, expected, value});
  }
  void flag(const char* key, const bool& value) {
    keys.push_back(agentOptions ? ExperimentKey{prefix + key, "0 | 1 (or true | false)", value ? "1" : "0"}
                                : ExperimentKey{prefix + key, "true | false", value ? "true" : "false"});
  }
  void text(const char* key, const std::string& value) { keys.push_back({prefix + key, "a text", value}); }

  bool agentOptions = false;  // listing an agent's options, whose flags are 0 or 1 as in a spec
};

// The fields of `part` under `prefix`.
template <class S>
void listPart(std::vector<ExperimentKey>& keys, const std::string& prefix, const S& part) {
  KeyLister lister{keys, prefix};
  S::fields(part, lister);
}

// A budget per side as a file writes it: one number, or [side 0, side 1].
std::string budgetText(const std::array<int, 2>& budget) {
  return budget[0] == budget[1] ? std::to_string(budget[0])
                                : "[" + std::to_string(budget[0]) + ", " + std::to_string(budget[1]) + "]";
}

}  // namespace

std::vector<ExperimentKey> experimentKeys() {
  const ExperimentConfig c;
  const std::string sideBudgets = "a budget (" + searchOptionRange("sims").text() + "), or a list of one per side [side 0, side 1]";
  std::vector<ExperimentKey> keys = {
      {"description", "a text", ""},
      {"variants", "a list of at least two variants {name: NAME, variant: PRESET_OR_FILE, set: [key=value, ...]}", ""},
      {"variant", "a preset or a variant file", c.variant},
      {"set", "a list of rule overrides key=value", "[]"},
      {"network", "a network preset or file", c.network},
      {"device", "cpu | cuda", c.device},
      {"seed", rangeText(int64_t(0), int64_t(1) << 30), std::to_string(c.seed)}};
  listPart(keys, "budget.", c.budget);
  keys.push_back({"selfplay.sims", sideBudgets, budgetText(c.selfPlay.simulations)});
  listPart(keys, "selfplay.", c.selfPlay);
  KeyLister search{keys, "selfplay."};
  SelectedFields<KeyLister> selected(search, selfPlaySearchKeys());
  SearchOptions::fields(c.selfPlay.search, selected);
  listPart(keys, "selfplay.handicap.", c.selfPlay.handicap);
  keys.push_back({"selfplay.bootstrap.sims", sideBudgets, budgetText(c.selfPlay.bootstrap.simulations)});
  listPart(keys, "selfplay.bootstrap.", c.selfPlay.bootstrap);
  listPart(keys, "evaluator.", c.evaluator);
  listPart(keys, "training.", c.training);
  keys.push_back({"training.learning_rate", "a rate, or a map {step: rate}", valueText(c.training.learningRate(0))});
  keys.push_back({"training.endgame.tables", "a folder of the variant's endgame tables", ""});
  listPart(keys, "training.endgame.", c.training.endgame);
  listPart(keys, "evaluation.", c.evaluation);
  KeyLister agent{keys, "evaluation.", true};
  visitAgentOptions(agentKind("net", "net").options, c.evaluation.agent, agent);
  std::string baselines;
  for (const AgentSpec& b : c.evaluation.baselines) baselines += (baselines.empty() ? "" : ", ") + b.text();
  keys.push_back({"evaluation.baselines", "a list of player specs", "[" + baselines + "]"});
  return keys;
}

}  // namespace tz

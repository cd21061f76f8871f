#include "training/balance/study_plan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "game/base/error.h"
#include "training/balance/sequential_design.h"

namespace tz {

namespace {

// The most games a plan searches up to.
constexpr int kPlanGameLimit = 100000;

// "power 1.2" -> "plan: --power 1.2 is outside [0.5, 0.99]".
void requireWithin(const char* name, double value, double low, double high) {
  if (value >= low && value <= high) return;
  char buf[160];
  std::snprintf(buf, sizeof buf, "plan: %s %g is outside [%g, %g]", name, value, low, high);
  throw Error(buf);
}

// `rule` ending at `maxGames` (its first look no later).
StoppingRule endingAt(StoppingRule rule, int maxGames) {
  rule.maxGames = maxGames;
  rule.minGames = std::min(rule.minGames, maxGames);
  return rule;
}

// The j-th max_games of the schedule's lattice: min_games + j * batch.
int candidate(const StoppingRule& rule, int j) { return rule.minGames + j * rule.batch; }

// The games `verdict` needs at `truth` under `rule`: its power at rule.maxGames and the
// smallest lattice max_games reaching the planned power (exponential, then binary search).
VerdictNeed need(const CellTruth& truth, const StoppingRule& rule, Verdict verdict, const PlanSettings& settings) {
  VerdictNeed n;
  n.truth = truth.score;
  n.powerAtMax = verdictPower(truth, rule, verdict, settings);
  n.reachable = n.powerAtMax >= settings.power;
  const int lastJ = std::max(0, std::min(int(kMaxLooks) - 1, (kPlanGameLimit - rule.minGames) / std::max(1, rule.batch)));
  n.searchLimit = candidate(rule, lastJ);
  // Enough: the simulated power a standard error above the planned one, so that the plan's
  // own Monte-Carlo error does not fall short of it.
  const auto enough = [&](int j) {
    const double power = verdictPower(truth, endingAt(rule, candidate(rule, j)), verdict, settings);
    return power - std::sqrt(power * (1 - power) / settings.paths) >= settings.power;
  };
  int low = -1, high = 0;  // enough(high) once found; nothing at or below low is
  while (!enough(high)) {
    if (high == lastJ) return n;
    low = high;
    high = std::min(lastJ, high == 0 ? 1 : 2 * high);
  }
  while (high - low > 1) {
    const int mid = (low + high) / 2;
    (enough(mid) ? high : low) = mid;
  }
  n.gamesNeeded = candidate(rule, high);
  return n;
}

}  // namespace

void PlanSettings::check() const {
  requireWithin("power", power, 0.5, 0.99);
  requireWithin("draw rate", drawRate, 0, 0.9);
  requireWithin("paths", paths, 100, 100000);
}

double verdictPower(const CellTruth& truth, const StoppingRule& rule, Verdict verdict, const PlanSettings& settings) {
  return verdictRate(truth, rule, verdict, settings.paths, settings.seed);
}

bool StudyPlan::balancedReachable() const {
  return std::any_of(families.begin(), families.end(), [](const FamilyPlan& f) { return f.balanced.reachable; });
}

std::string StudyPlan::summary() const {
  const bool favoured =
      std::any_of(families.begin(), families.end(), [](const FamilyPlan& f) { return f.favoured.reachable; });
  const bool balanced = balancedReachable();
  if (balanced && favoured) return "this study can find a rule set fair and a side favoured";
  if (favoured) return "this study can find a side favoured, never a rule set fair";
  if (balanced) return "this study can find a rule set fair, and a side favoured only by more than twice the margin";
  return "this study can never find a rule set fair, and a side favoured only by more than twice the margin";
}

// The family's rule with its size and the margin.
StoppingRule familyRule(const PlanFamily& family, double margin) {
  StoppingRule rule = family.rule;
  rule.family = std::max(1, int(family.cells.size()));
  rule.margin = margin;
  return rule;
}

bool canCallBalanced(const std::vector<PlanFamily>& families, double margin, const PlanSettings& settings) {
  settings.check();
  return std::any_of(families.begin(), families.end(), [&](const PlanFamily& f) {
    return verdictPower({0.5, settings.drawRate}, familyRule(f, margin), Verdict::kBalanced, settings) >= settings.power;
  });
}

nlohmann::json planToJson(const StudyPlan& plan) {
  const auto needJson = [](const VerdictNeed& n) {
    return nlohmann::json{{"true_score", n.truth}, {"power_at_max_games", n.powerAtMax}, {"reachable", n.reachable},
                          {"games_needed", n.gamesNeeded > 0 ? nlohmann::json(n.gamesNeeded) : nlohmann::json(nullptr)},
                          {"search_limit", n.searchLimit}};
  };
  nlohmann::json families = nlohmann::json::array();
  for (const FamilyPlan& f : plan.families) {
    families.push_back({{"name", f.family.name}, {"cells", f.family.cells}, {"max_games", f.family.rule.maxGames},
                        {"balanced", needJson(f.balanced)}, {"favoured", needJson(f.favoured)}});
  }
  return {{"power", plan.settings.power}, {"draw_rate", plan.settings.drawRate}, {"paths", plan.settings.paths},
          {"margin", plan.margin}, {"families", families}, {"summary", plan.summary()}};
}

StudyPlan planStudy(const std::vector<PlanFamily>& families, double margin, const PlanSettings& settings) {
  settings.check();
  requireWithin("balance margin", margin, 0.001, 0.2);
  const CellTruth fair{0.5, settings.drawRate}, favoured{0.5 + 2 * margin, settings.drawRate};
  if (!favoured.possible()) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "plan: draw rate %g leaves no room for the favoured score 0.5 + 2 x margin = %g (at most %g)",
                  settings.drawRate, favoured.score, 1 - settings.drawRate / 2);
    throw Error(buf);
  }
  StudyPlan plan;
  plan.settings = settings;
  plan.margin = margin;
  const auto key = [](const StoppingRule& r) {
    return std::make_tuple(r.minGames, r.maxGames, r.batch, r.precision, r.margin, r.onVerdict, r.family);
  };
  for (const PlanFamily& family : families) {
    FamilyPlan f;
    f.family = family;
    f.family.rule = familyRule(family, margin);
    // Families of the same size under the same rule need the same games: planned once.
    const auto same = std::find_if(plan.families.begin(), plan.families.end(),
                                   [&](const FamilyPlan& p) { return key(p.family.rule) == key(f.family.rule); });
    f.balanced = same != plan.families.end() ? same->balanced : need(fair, f.family.rule, Verdict::kBalanced, settings);
    f.favoured = same != plan.families.end() ? same->favoured : need(favoured, f.family.rule, Verdict::kSide0Favoured, settings);
    plan.families.push_back(std::move(f));
  }
  return plan;
}

}  // namespace tz

// Balance studies: `taflzero balance` plays a study of rule variants, `taflzero report`
// writes the HTML page of a study or of a training run.
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/commands.h"
#include "game/base/error.h"
#include "game/registry.h"
#include "game/base/user_files.h"
#include "training/report/balance_beside.h"
#include "training/report/balance_report.h"
#include "training/balance/balance_run.h"
#include "training/balance/quick_study.h"
#include "training/balance/study_plan.h"

namespace tz::cli {

namespace {

// "0.452 [0.310, 0.601]".
std::string rateText(const Estimate& e, int games) {
  if (games == 0) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f [%.3f, %.3f]", e.value, e.low, e.high);
  return buf;
}

// The strengths' Elo and each variant's trend over it.
void printElo(const BalanceResults& r) {
  if (r.elo.ratings.empty()) return;
  std::printf("Elo (games between strengths on %s):", r.study.variants[size_t(r.elo.variant)].id.c_str());
  for (size_t s = 0; s < r.elo.ratings.size(); ++s) {
    std::printf(" %s %.0f +- %.0f%s", r.study.strengths[s].name.c_str(), r.elo.ratings[s].elo,
                1.96 * r.elo.ratings[s].stderr, s + 1 < r.elo.ratings.size() ? "," : "\n");
  }
  for (size_t v = 0; v < r.trends.size(); ++v) {
    const Trend& t = r.trends[v];
    if (!t.fitted) continue;
    char dispersion[64] = "not estimable (two strengths)";
    if (t.residualDf > 0) std::snprintf(dispersion, sizeof dispersion, "%.2f on %d df", t.dispersion, t.residualDf);
    std::printf("  %s: %s score logit slope %.3f per 100 Elo [%.3f, %.3f], p %.3g, dispersion %s\n",
                r.study.variants[v].id.c_str(), r.sideNames[0].c_str(), t.slope, t.slopeInterval.low,
                t.slopeInterval.high, t.slopeP, dispersion);
    if (v < r.trendCaveats.size() && !r.trendCaveats[v].empty()) {
      std::printf("    not read: %s\n", r.trendCaveats[v].c_str());
      continue;
    }
    if (v < r.limits.size() && r.limits[v].measured) {
      const Convergence& l = r.limits[v];
      char verdict[160];
      if (l.converged) std::snprintf(verdict, sizeof verdict, "converged");
      else if (l.moving) std::snprintf(verdict, sizeof verdict, "still moving (its 95%% interval excludes 0)");
      else if (l.measurable) std::snprintf(verdict, sizeof verdict, "not shown to have converged");
      else
        std::snprintf(verdict, sizeof verdict, "not measurable with these games (90%% half-width %.3f > margin; about "
                      "%.0f games a rung would be needed)", l.halfWidth90, l.gamesNeeded);
      std::printf("    top three rungs (Elo %.0f to %.0f): score change %+.3f [%+.3f, %+.3f] (dispersion %.2f on %d df, "
                  "pooled over the variants' trends), %s\n",
                  l.fromElo, l.toElo, l.change.value, l.change.low, l.change.high, l.dispersion.value,
                  l.dispersion.df, verdict);
    }
  }
}

// "+120 +- 40" (95%), or "not rated".
std::string colourText(const Rating& rating) {
  if (!std::isfinite(rating.elo)) return "not rated";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%+.0f +- %.0f", rating.elo, 1.96 * rating.stderr);
  return buf;
}

// The strengths' ratings by colour, or why there are none.
void printColours(const BalanceResults& r) {
  if (r.elo.ratings.empty()) {
    std::printf("ratings by colour: not rated (the study plays no Elo games; set elo.games)\n");
    return;
  }
  const ColourRatings& c = r.elo.colours;
  const std::string& anchor = r.study.strengths.front().name;
  std::printf("ratings by colour (Elo games and cells on %s only; Elo relative to %s on each side, +- 95%%):\n",
              r.study.variants[size_t(r.elo.variant)].id.c_str(), anchor.c_str());
  for (size_t s = 0; s < c.players.size(); ++s) {
    std::printf("  %s: %s %s, %s %s\n", r.study.strengths[s].name.c_str(), r.sideNames[0].c_str(),
                colourText(c.players[s].side[0]).c_str(), r.sideNames[1].c_str(), colourText(c.players[s].side[1]).c_str());
  }
  if (std::isfinite(c.anchorScore.value)) {
    std::printf("  %s score when %s plays itself: %s\n", r.sideNames[0].c_str(), anchor.c_str(),
                rateText(c.anchorScore, 1).c_str());
  } else {
    std::printf("  %s score when %s plays itself: not rated\n", r.sideNames[0].c_str(), anchor.c_str());
  }
}

// The pooled model: each rule's effect on side 0's score, and the predicted scores at the top.
void printPooled(const BalanceResults& r) {
  const PooledModel& m = r.pooled;
  if (!m.fitted) {
    std::printf("pooled model: not fitted: %s\n", m.reason.c_str());
    return;
  }
  std::printf("pooled model (%zu terms%s, Firth-penalised, dispersion %.2f on %d df; stopping-adjusted scores), %s "
              "score at the strongest agent (Elo %.0f), read from the %s model:\n", m.terms.size(),
              m.interactions ? " with two-way interactions" : "", m.dispersion, m.residualDf, r.sideNames[0].c_str(),
              m.topElo, m.effectsModel.c_str());
  for (const RuleEffect& e : m.effects) {
    std::printf("  %s %s -> %s:\n", e.factor.c_str(), e.from.c_str(), e.to.c_str());
    for (const LevelEffect& l : e.within) {
      std::printf("    with %s=%s: %+.3f [%+.3f, %+.3f], p %.3g: %s\n", l.factor.c_str(), l.level.c_str(),
                  l.effect.value, l.effect.low, l.effect.high, l.p, l.verdict.c_str());
    }
    std::printf("    averaged over the other factors: %+.3f [%+.3f, %+.3f], p %.3g: %s%s%s\n", e.effect.value,
                e.effect.low, e.effect.high, e.p, e.verdict.c_str(), e.differsWhy.empty() ? "" : " (",
                e.differsWhy.empty() ? "" : (e.differsWhy + ")").c_str());
    if (m.strengthMeasured) {
      std::printf("    its change from Elo %.0f to %.0f: %+.3f [%+.3f, %+.3f], p %.3g (Holm %.3g): %s\n", m.lowElo,
                  m.topElo, e.strengthChange.value, e.strengthChange.low, e.strengthChange.high, e.strengthP,
                  e.strengthAdjusted, e.strengthVerdict.c_str());
    }
  }
  if (!m.strengthMeasured) std::printf("  whether the effects change with strength: not measured (%s)\n", m.strengthReason.c_str());
  for (size_t v = 0; v < m.topScores.size() && v < r.study.variants.size(); ++v) {
    std::printf("  predicted %s: %s\n", r.study.variants[v].id.c_str(), rateText(m.topScores[v], 1).c_str());
  }
}

void printResults(const BalanceResults& r, const std::string& dir) {
  std::printf("%-28s %-10s %6s  %-22s %-8s %-22s %-20s %-20s %-10s %7s %s\n", "variant", "strength", "games",
              (r.sideNames[0] + " score [95% CI]").c_str(), "adjusted", "draw [95% CI]", "cell verdict",
              "study verdict", "family", "repeats", "stopped");
  for (const CellResult& c : r.cells) {
    const CellStats& s = c.stats;
    std::printf("%-28s %-10s %6d  %-22s %-8.3f %-22s %-20s %-20s %-10s %7d %s\n",
                r.study.variants[size_t(c.variant)].id.c_str(), r.study.strengths[size_t(c.strength)].name.c_str(),
                s.games, rateText(c.balance.score, s.games).c_str(), c.adjustedScore,
                rateText(s.drawRate, s.games).c_str(),
                verdictName(c.balance.verdict, r.sideNames[0], r.sideNames[1]).c_str(),
                verdictName(c.study.verdict, r.sideNames[0], r.sideNames[1]).c_str(), c.family.c_str(), s.repeated,
                stopReasonName(c.progress.stop).c_str());
  }
  for (const CellResult& c : r.cells) {
    if (!c.exact.applies) continue;
    std::printf("near-separated: %s @ %s: %d %s non-losses in %d games, its score at most %.3f (exact, 97.5%%)\n",
                r.study.variants[size_t(c.variant)].id.c_str(), r.study.strengths[size_t(c.strength)].name.c_str(),
                c.exact.nonLosses, r.sideNames[c.exact.side].c_str(), c.stats.games, c.exact.bound);
  }
  if (r.openings.pairs > 0) {
    std::printf("openings: %d pairs of cells of one strength open %d rounds alike (%d whole games repeated across "
                "cells); over the %d pairs with at least %d such rounds, the %s scores correlate %+.2f (median; %+.2f "
                "to %+.2f). The verdicts read each cell alone; the pooled model takes cells as independent, which "
                "overstates the error of a difference between two such cells and understates that of their average\n",
                r.openings.pairs, r.openings.sharedRounds, r.openings.identicalGames, r.openings.measuredPairs,
                SharedOpenings::kMinSharedRounds, r.sideNames[0].c_str(), r.openings.medianCorrelation,
                r.openings.lowCorrelation, r.openings.highCorrelation);
  }
  std::printf("verdicts: balanced when the score is shown within 0.5 +- %.3f (two one-sided tests), favoured when it "
              "is shown beyond the margin on one side (minimum-effect test), each look read at its O'Brien-Fleming "
              "level (the last at %.4g); the study verdict keeps a cell's verdict where Holm's procedure over the "
              "cells of its family does; the adjusted score corrects a cell's score for where it stopped (docs/BALANCE.md 2)\n",
              r.study.stopping.margin, verdictAlpha(r.study.stopping));
  for (const CellResult& c : r.cells) {
    if (c.stats.games > 0 && c.stats.repeated > 0.05 * c.stats.games) {
      std::printf("warning: %d of the %d games of %s repeat an earlier game: they are not independent; widen the "
                  "diversity (games.random_plies, games.temperature_plies)\n",
                  c.stats.repeated, c.stats.games, c.tag.c_str());
    }
  }
  printElo(r);
  printColours(r);
  for (const Comparison& c : r.comparisons) {
    std::printf("%s: chi-squared %.2f, dof %d, p %.3g (Holm %.3g)\n", c.title.c_str(), c.test.chi.statistic,
                c.test.chi.dof, c.test.chi.p, c.chiAdjusted);
    for (const PairTest& t : c.test.pairs) {
      std::printf("  %s vs %s: %s score, score test p %.3g (Holm %.3g)\n", c.labels[size_t(t.a)].c_str(),
                  c.labels[size_t(t.b)].c_str(), r.sideNames[0].c_str(), t.p, t.adjusted);
    }
  }
  printPooled(r);
  std::printf("records: %s\nreport: taflzero report %s\n", StudyPaths::of(dir).records.c_str(), dir.c_str());
}

// Each cell shared with the study in `theirDir`: both scores and verdicts, and their difference.
void printBeside(const BalanceResults& ours, const BalanceResults& theirs, const std::string& theirDir) {
  std::printf("beside %s (mode %s):\n", theirDir.c_str(), modeName(theirs.study.mode).c_str());
  for (const BesideCell& b : besideCells(ours, theirs)) {
    const Estimate &a = b.ours->balance.score, &t = b.theirs->balance.score;
    std::printf("  %s @ %s: %.3f [%.3f, %.3f] %s | %.3f [%.3f, %.3f] %s | difference %.3f [%.3f, %.3f]\n",
                b.variant.c_str(), b.strength.c_str(), a.value, a.low, a.high,
                verdictName(b.ours->balance.verdict, ours.sideNames[0], ours.sideNames[1]).c_str(), t.value, t.low,
                t.high, verdictName(b.theirs->balance.verdict, theirs.sideNames[0], theirs.sideNames[1]).c_str(),
                b.difference.value, b.difference.low, b.difference.high);
  }
}

// "0.80 at max_games 400; needs 1,150 games" and whether the study reaches it.
std::string needText(const VerdictNeed& n, int maxGames) {
  char buf[200];
  if (n.gamesNeeded > 0) {
    std::snprintf(buf, sizeof buf, "power %.2f at max_games %d; needs max_games %d%s", n.powerAtMax, maxGames,
                  n.gamesNeeded, n.reachable ? "" : ": unreachable with this study's max_games");
  } else {
    std::snprintf(buf, sizeof buf, "power %.2f at max_games %d; not reached up to %d games: unreachable", n.powerAtMax,
                  maxGames, n.searchLimit);
  }
  return buf;
}

// The plan: per family, the games each verdict needs, and what the study can find.
void printPlan(const StudyPlan& plan) {
  const StoppingRule& rule = plan.families.front().family.rule;
  std::printf("plan: power %.2f, draw rate %.2f, %d simulated cells per try of the real stopping rule (looks from "
              "min_games %d every %d games, O'Brien-Fleming spending, stop_on_verdict %s, precision %.3f), margin "
              "%.3f, each family's error spent at 0.05 / its cells (Bonferroni, which Holm's procedure keeps):\n",
              plan.settings.power, plan.settings.drawRate, plan.settings.paths, rule.minGames, rule.batch,
              rule.onVerdict ? "on" : "off", rule.precision, plan.margin);
  for (const FamilyPlan& f : plan.families) {
    std::string cells;
    for (size_t i = 0; i < f.family.cells.size(); ++i) {
      if (i == 4) {
        cells += ", and " + std::to_string(f.family.cells.size() - 4) + " more";
        break;
      }
      cells += (i ? ", " : "") + f.family.cells[i];
    }
    std::printf("family %s (%zu cells: %s):\n", f.family.name.c_str(), f.family.cells.size(), cells.c_str());
    std::printf("  balanced (true score %.3f): %s\n", f.balanced.truth,
                needText(f.balanced, f.family.rule.maxGames).c_str());
    std::printf("  favoured (true score %.3f or %.3f): %s\n", f.favoured.truth, 1 - f.favoured.truth,
                needText(f.favoured, f.family.rule.maxGames).c_str());
  }
  std::printf("%s\n", plan.summary().c_str());
}

// The plan of the study file at `path` under `settings`.
StudyPlan studyPlan(const std::string& path, const PlanSettings& settings) {
  const StudyConfig study = loadStudy(path);
  return planStudy(planFamilies(study), study.stopping.margin, settings);
}

// A study is planned before it is played: one that can never call a cell balanced (at a true
// score of 0.5, 80% power) is refused, naming --plan and --accept-unreachable; a quick study
// (`quickGames` > 0, its --games the user's) says so on stderr, unless `quiet`, and plays.
void refuseUnreachable(const std::string& studyPath, int quickGames, bool quiet) {
  const StudyConfig study = loadStudy(studyPath);
  if (canCallBalanced(planFamilies(study), study.stopping.margin, PlanSettings{})) return;
  const char* never = "no cell can be called balanced with 80% power at a true score of 0.5";
  if (quickGames == 0) {
    throw Error(studyPath + ": " + never + " within games.max_games (see taflzero balance " + studyPath +
                " --plan): raise games.max_games, or add --accept-unreachable to play a study that can find a "
                "side favoured, never a rule set fair");
  }
  if (!quiet) {
    std::fprintf(stderr, "balance --vary: %s within --games %d: this study can find a side favoured, never a rule set "
                 "fair (raise --games)\n", never, quickGames);
  }
}

// A study file written for `balance --vary`, removed when the command ends (the study folder
// keeps its copy, study.yaml).
class QuickStudyFile {
 public:
  explicit QuickStudyFile(const std::string& yaml)
      : path_((std::filesystem::temp_directory_path() / ("taflzero-quick-study-" + std::to_string(getpid()) + ".yaml"))
                  .string()) {
    writeFileAtomically(path_, yaml, "the study file");
  }
  ~QuickStudyFile() { std::filesystem::remove(path_); }
  QuickStudyFile(const QuickStudyFile&) = delete;
  QuickStudyFile& operator=(const QuickStudyFile&) = delete;
  /// Where it is.
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

void addBalance(CLI::App& app) {
  struct Opts {
    std::string study;
    std::string out;
    std::string beside;
    QuickStudy quick;
    PlanSettings plan;
    bool planOnly = false;
    bool acceptUnreachable = false;
    bool quiet = false;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("balance", "Measure how balanced rule variants are (resumable study): a study file, "
                                            "or one rule varied with --variant, --vary and --player");
  cmd->add_option("study", o->study, "Study YAML (configs/balance/...), or a study's name (linnaeus-agents)");
  cmd->add_option("--variant", o->quick.variant, "With --vary: the base variant (a preset or a variant file)");
  cmd->add_option("--vary", o->quick.vary, "A one-factor study without a file: KEY=VALUE,VALUE (e.g. first=defenders,attackers)");
  cmd->add_option("--player", o->quick.agents, "With --vary: the player of both sides (a player spec; repeat for several strengths)");
  cmd->add_option("--games", o->quick.maxGames, "With --vary: games per cell at most (default 200; a verdict stops a cell sooner)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--out", o->out, "Study folder (default: studies/<study name>, or studies/VARIANT-KEY with --vary); "
                                   "the same command resumes it");
  cmd->add_flag("--plan", o->planOnly, "Print the games each verdict needs (per family of cells) and what the study "
                                       "can find, then stop: nothing is played or written");
  cmd->add_option("--power", o->plan.power, "With --plan: the chance a cell must have of its verdict where it is true "
                                            "(default 0.8)");
  cmd->add_option("--draws", o->plan.drawRate, "With --plan: the expected share of drawn games (default 0)");
  cmd->add_flag("--accept-unreachable", o->acceptUnreachable,
                "Play a study that can never call a cell balanced within its max_games (the plan says so)");
  cmd->add_flag("--quiet", o->quiet, "No progress lines");
  cmd->add_option("--beside", o->beside, "Another study's folder: also give its verdicts beside this study's (--json: key \"beside\")");
  cmd->add_flag("--json", o->json, "Print one JSON object at the end");
  cmd->callback([o] {
    const bool quick = !o->quick.vary.empty();
    if (quick == !o->study.empty()) {
      throw Error("balance: give a study file, or --variant V --vary KEY=VALUE,VALUE --player SPEC (not both)");
    }
    if (quick && o->quick.variant.empty()) throw Error("balance --vary: give the base variant with --variant");
    if (!quick && (!o->quick.variant.empty() || !o->quick.agents.empty())) {
      throw Error("balance: --variant and --player go with --vary; a study file names its own");
    }
    if (!quick) o->study = configFile(o->study, "balance", "study");  // a name, or a path from any folder
    std::optional<QuickStudyFile> quickFile;
    if (quick) quickFile.emplace(quickStudyYaml(o->quick));
    const std::string studyPath = quick ? quickFile->path() : o->study;
    if (o->planOnly) {
      const StudyPlan plan = studyPlan(studyPath, o->plan);
      if (o->json) std::cout << planToJson(plan).dump() << "\n";
      else printPlan(plan);
      return;
    }
    std::string dir = o->out;
    if (dir.empty() && quick) dir = quickStudyFolder(o->quick);
    if (dir.empty()) {
      const std::string stem = o->study.substr(o->study.find_last_of('/') + 1);
      dir = "studies/" + stem.substr(0, stem.find('.'));
    }
    checkOutputFolder(dir, "study folder", true);
    // The other study is read before this one plays: a folder that holds none is refused at once.
    const std::optional<BalanceResults> theirs =
        o->beside.empty() ? std::nullopt : std::optional<BalanceResults>(studyResultsIn(o->beside));
    const BalanceResults r = [&] {
      try {
        if (!o->acceptUnreachable) refuseUnreachable(studyPath, quick ? o->quick.maxGames : 0, o->quiet);
        return runBalance(studyPath, dir, !o->quiet);
      } catch (const Error& e) {
        if (!quick) throw;
        std::string message = e.what();  // the written file means nothing to the user: name the options
        for (size_t at; (at = message.find(studyPath)) != std::string::npos;) message.replace(at, studyPath.size(), "balance --vary");
        throw Error(message);
      }
    }();
    if (o->json) {
      nlohmann::json j = resultsToJson(r);
      j["dir"] = dir;
      j["records"] = StudyPaths::of(dir).records;
      if (theirs) j["beside"] = besideJson(r, *theirs, o->beside);
      std::cout << j.dump() << "\n";
    } else {
      printResults(r, dir);
      if (theirs) printBeside(r, *theirs, o->beside);
    }
  });
}

void addReport(CLI::App& app) {
  struct Opts {
    std::string dir;
    std::string out;
    std::string beside;
    bool force = false;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("report", "Write one self-contained HTML page for a study or a training run folder");
  cmd->add_option("dir", o->dir, "Study folder (taflzero balance) or run folder (taflzero train)")->required();
  cmd->add_option("--out", o->out, "HTML file (default: DIR/report.html)");
  cmd->add_option("--beside", o->beside, "Another study's folder: put its verdicts beside this study's (same variant ids and strength names)");
  cmd->add_flag("--force", o->force, "Replace a file already at --out");
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    const std::string path = writeReport(o->dir, o->out, o->beside, o->force);
    if (o->json) std::cout << nlohmann::json{{"report", path}}.dump() << "\n";
    else std::cout << "report: " << path << "\n";
  });
}

}  // namespace

void addBalanceCommands(CLI::App& app, CLI::App& bench) {
  (void)bench;  // no balance benchmark: a study's cost is its games
  addBalance(app);
  addReport(app);
}

}  // namespace tz::cli

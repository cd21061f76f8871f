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
#include "game/base/user_files.h"
#include "training/report/balance_beside.h"
#include "training/report/balance_report.h"
#include "training/balance/balance_run.h"
#include "training/balance/quick_study.h"

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
    if (v < r.limits.size() && r.limits[v].measured) {
      const Convergence& l = r.limits[v];
      std::printf("    top three rungs (Elo %.0f to %.0f): score change %+.3f [%+.3f, %+.3f] (dispersion %.2f on %d df, "
                  "pooled over the variants' trends), %s\n",
                  l.fromElo, l.toElo, l.change.value, l.change.low, l.change.high, l.dispersion.value,
                  l.dispersion.df, l.converged ? "converged" : "not shown to have converged");
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
  std::printf("pooled model (%zu terms%s, dispersion %.2f on %d df), %s score at the strongest agent (Elo %.0f):\n",
              m.terms.size(), m.interactions ? " with two-way interactions" : "", m.dispersion, m.residualDf,
              r.sideNames[0].c_str(), m.topElo);
  for (const RuleEffect& e : m.effects) {
    std::printf("  %s %s -> %s: %+.3f [%+.3f, %+.3f], p %.3g: %s\n", e.factor.c_str(), e.from.c_str(), e.to.c_str(),
                e.effect.value, e.effect.low, e.effect.high, e.p, e.verdict.c_str());
    if (m.strengthMeasured) {
      std::printf("    its change from Elo %.0f to %.0f: %+.3f [%+.3f, %+.3f], p %.3g: %s\n", m.lowElo, m.topElo,
                  e.strengthChange.value, e.strengthChange.low, e.strengthChange.high, e.strengthP,
                  e.strengthVerdict.c_str());
    }
  }
  if (!m.strengthMeasured) std::printf("  whether the effects change with strength: not measured (%s)\n", m.strengthReason.c_str());
  for (size_t v = 0; v < m.topScores.size() && v < r.study.variants.size(); ++v) {
    std::printf("  predicted %s: %s\n", r.study.variants[v].id.c_str(), rateText(m.topScores[v], 1).c_str());
  }
}

void printResults(const BalanceResults& r, const std::string& dir) {
  std::printf("%-28s %-10s %6s  %-22s %-22s %-20s %-20s %7s %s\n", "variant", "strength", "games",
              (r.sideNames[0] + " score [95% CI]").c_str(), "draw [95% CI]", "cell verdict", "study verdict", "repeats",
              "stopped");
  for (const CellResult& c : r.cells) {
    const CellStats& s = c.stats;
    std::printf("%-28s %-10s %6d  %-22s %-22s %-20s %-20s %7d %s\n", r.study.variants[size_t(c.variant)].id.c_str(),
                r.study.strengths[size_t(c.strength)].name.c_str(), s.games, rateText(c.balance.score, s.games).c_str(),
                rateText(s.drawRate, s.games).c_str(),
                verdictName(c.balance.verdict, r.sideNames[0], r.sideNames[1]).c_str(),
                verdictName(c.study.verdict, r.sideNames[0], r.sideNames[1]).c_str(), s.repeated,
                stopReasonName(c.progress.stop).c_str());
  }
  std::printf("verdicts: balanced when the score is shown within 0.5 +- %.3f (two one-sided tests), favoured when it "
              "is shown beyond the margin on one side (minimum-effect test), each look read at its O'Brien-Fleming "
              "level (the last at %.4g); the study verdict keeps a cell's verdict where Holm's procedure over the "
              "study's cells does (docs/BALANCE.md 2)\n",
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

// A study file written for `balance --vary`, removed when the command ends (the study folder
// keeps its copy, study.yaml).
class QuickStudyFile {
 public:
  explicit QuickStudyFile(const std::string& yaml)
      : path_((std::filesystem::temp_directory_path() / ("taflzero-quick-study-" + std::to_string(getpid()) + ".yaml"))
                  .string()) {
    std::ofstream out(path_);
    out << yaml;
    if (!out.flush()) throw Error("cannot write the study file " + path_);
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
    bool quiet = false;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("balance", "Measure how balanced rule variants are (resumable study): a study file, "
                                            "or one rule varied with --variant, --vary and --agent");
  cmd->add_option("study", o->study, "Study YAML (configs/balance/...)");
  cmd->add_option("--variant", o->quick.variant, "With --vary: the base variant (a preset or a variant file)");
  cmd->add_option("--vary", o->quick.vary, "A one-factor study without a file: KEY=VALUE,VALUE (e.g. first=defenders,attackers)");
  cmd->add_option("--agent", o->quick.agents, "With --vary: the player of both sides (a player spec; repeat for several strengths)");
  cmd->add_option("--games", o->quick.maxGames, "With --vary: games per cell at most (default 200; a verdict stops a cell sooner)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--out", o->out, "Study folder (default: studies/<study name>, or studies/VARIANT-KEY with --vary); "
                                   "the same command resumes it");
  cmd->add_flag("--quiet", o->quiet, "No progress lines");
  cmd->add_option("--beside", o->beside, "Another study's folder: also give its verdicts beside this study's (--json: key \"beside\")");
  cmd->add_flag("--json", o->json, "Print one JSON object at the end");
  cmd->callback([o] {
    const bool quick = !o->quick.vary.empty();
    if (quick == !o->study.empty()) {
      throw Error("balance: give a study file, or --variant V --vary KEY=VALUE,VALUE --agent SPEC (not both)");
    }
    if (quick && o->quick.variant.empty()) throw Error("balance --vary: give the base variant with --variant");
    if (!quick && (!o->quick.variant.empty() || !o->quick.agents.empty())) {
      throw Error("balance: --variant and --agent go with --vary; a study file names its own");
    }
    std::optional<QuickStudyFile> quickFile;
    if (quick) quickFile.emplace(quickStudyYaml(o->quick));
    const std::string studyPath = quick ? quickFile->path() : o->study;
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

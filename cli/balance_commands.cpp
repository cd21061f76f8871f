// Balance studies: `taflzero balance` plays a study of rule variants, `taflzero report`
// writes the HTML page of a study or of a training run.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

#include "cli/commands.h"
#include "training/report/balance_report.h"
#include "training/balance/balance_run.h"

namespace tz::cli {

namespace {

// "0.452 [0.310, 0.601]".
std::string rateText(const Estimate& e, int games) {
  if (games == 0) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f [%.3f, %.3f]", e.value, e.low, e.high);
  return buf;
}

void printResults(const BalanceResults& r, const std::string& dir) {
  std::printf("%-28s %-10s %6s  %-22s %-22s %-22s %s\n", "variant", "strength", "games",
              (r.sideNames[0] + " win [95% CI]").c_str(), (r.sideNames[1] + " win [95% CI]").c_str(),
              "draw [95% CI]", "stopped");
  for (const CellResult& c : r.cells) {
    const CellStats& s = c.stats;
    std::printf("%-28s %-10s %6d  %-22s %-22s %-22s %s\n", r.study.variants[size_t(c.variant)].id.c_str(),
                r.study.strengths[size_t(c.strength)].name.c_str(), s.games, rateText(s.winRate[0], s.games).c_str(),
                rateText(s.winRate[1], s.games).c_str(), rateText(s.drawRate, s.games).c_str(),
                stopReasonName(c.progress.stop).c_str());
  }
  for (const Comparison& c : r.comparisons) {
    std::printf("%s: chi-squared %.2f, dof %d, p %.3g (Holm %.3g)\n", c.title.c_str(), c.test.chi.statistic,
                c.test.chi.dof, c.test.chi.p, c.chiAdjusted);
    for (const PairTest& t : c.test.pairs) {
      std::printf("  %s vs %s: %s win rate, Fisher p %.3g (Holm %.3g)\n", c.labels[size_t(t.a)].c_str(),
                  c.labels[size_t(t.b)].c_str(), r.sideNames[0].c_str(), t.p, t.adjusted);
    }
  }
  std::printf("records: %s\nreport: taflzero report %s\n", StudyPaths::of(dir).records.c_str(), dir.c_str());
}

void addBalance(CLI::App& app) {
  struct Opts {
    std::string study;
    std::string out;
    bool quiet = false;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("balance", "Measure how balanced rule variants are (resumable study)");
  cmd->add_option("study", o->study, "Study YAML (configs/balance/...)")->required();
  cmd->add_option("--out", o->out, "Study folder (default: studies/<study name>); the same command resumes it");
  cmd->add_flag("--quiet", o->quiet, "No progress lines");
  cmd->add_flag("--json", o->json, "Print one JSON object at the end");
  cmd->callback([o] {
    std::string dir = o->out;
    if (dir.empty()) {
      const std::string stem = o->study.substr(o->study.find_last_of('/') + 1);
      dir = "studies/" + stem.substr(0, stem.find('.'));
    }
    const BalanceResults r = runBalance(o->study, dir, !o->quiet);
    if (o->json) {
      nlohmann::json j = resultsToJson(r);
      j["dir"] = dir;
      j["records"] = StudyPaths::of(dir).records;
      std::cout << j.dump() << "\n";
    } else {
      printResults(r, dir);
    }
  });
}

void addReport(CLI::App& app) {
  struct Opts {
    std::string dir;
    std::string out;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("report", "Write one self-contained HTML page for a study or a training run folder");
  cmd->add_option("dir", o->dir, "Study folder (taflzero balance) or run folder (taflzero train)")->required();
  cmd->add_option("--out", o->out, "HTML file (default: DIR/report.html)");
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    const std::string path = writeReport(o->dir, o->out);
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

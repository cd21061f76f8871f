// The report of a training run folder (see balance_report.h).
#include <filesystem>

#include "game/registry.h"
#include "training/report/balance_report.h"
#include "training/report/balance_sections.h"
#include "training/report/balance_viewer.h"
#include "training/run/self_play_producer.h"
#include "training/run/training_run.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

// What the run is: its folder, variant, network and how its self-play games were searched.
void runHeader(HtmlPage& page, const std::string& dir, const ExperimentConfig& config, const Game& game) {
  std::string sets;
  for (const auto& s : config.sets) sets += " <code>" + escapeHtml(s) + "</code>";
  page.paragraph("Run folder <code>" + escapeHtml(dir) + "</code>: variant <code>" + escapeHtml(game.name()) + "</code>" +
                 (sets.empty() ? "" : " with" + sets) + ", network <code>" + escapeHtml(config.network) +
                 "</code>. Self-play games: " +
                 (config.selfPlay.bootstrap.games > 0
                      ? "the first " + std::to_string(config.selfPlay.bootstrap.games) + " searched by " +
                            describeSelfPlay(config.selfPlay, true) + ", then "
                      : std::string()) +
                 describeSelfPlay(config.selfPlay, false) + ".");
}

// The last self-play games and the first game of the latest evaluation matches.
std::vector<nlohmann::json> runSamples(const Game& game, const std::vector<std::string>& tags,
                                       const std::vector<std::vector<GameRecord>>& games) {
  std::vector<nlohmann::json> samples;
  int evals = 0;
  for (size_t i = tags.size(); i-- > 0;) {
    const auto& g = games[i];
    if (tags[i] == "selfplay") {
      for (size_t k = g.size() > 4 ? g.size() - 4 : 0; k < g.size(); ++k)
        if (auto j = viewerGame(game, g[k], "selfplay, game " + std::to_string(g[k].round))) samples.push_back(*j);
    } else if (!g.empty() && evals < 4) {
      if (auto j = viewerGame(game, g.front(), tags[i] + ", round 0")) samples.push_back(*j), ++evals;
    }
  }
  return samples;
}

}  // namespace

std::string runReportHtml(const std::string& dir) {
  const RunPaths paths = RunPaths::of(dir);
  const ExperimentConfig config = loadExperiment(paths.config);
  const auto game = loadGame(config.variant, config.sets);
  HtmlPage page("Training run: " + fs::path(dir).filename().string());
  runHeader(page, dir, config, *game);

  std::vector<std::string> tags;
  std::vector<CellStats> stats;
  std::vector<std::vector<GameRecord>> games;
  if (fs::exists(paths.records)) {
    const RecordStore store(paths.records);
    tags = store.tags("");
    for (const auto& tag : tags) {
      games.push_back(store.gamesByTag(tag));
      stats.push_back(cellStats(games.back()));
    }
  }
  const std::string sideNames[2] = {game->sideName(0), game->sideName(1)};
  StatsGroups all;
  const CellStats* selfPlay = nullptr;
  for (size_t i = 0; i < tags.size(); ++i) {
    all.labels.push_back(tags[i]);
    all.stats.push_back(&stats[i]);
    if (tags[i] == "selfplay") selfPlay = &stats[i];
  }
  page.section("Results by side");
  page.paragraph("Every tag of the run's record store: self-play games (the network against itself) and evaluation "
                 "matches (<code>eval|A|B</code>: A plays " + escapeHtml(sideNames[0]) +
                 " in even rounds). Rates with 95% Wilson intervals.");
  resultsTable(page, all, sideNames);
  if (selfPlay) {
    const StatsGroups one{{"selfplay"}, {selfPlay}};
    page.section("Self-play games");
    lengthsTable(page, one);
    reasonsTable(page, one);
    page.figures({{resultChart("Self-play results", one, sideNames), "Results of the self-play games."},
                  {lengthChart("Self-play game lengths", one), "Distribution of self-play game lengths."},
                  {reasonChart("How self-play games ended", one), "Share of self-play games per end reason."}});
  }
  page.section("Training curves");
  trainingCurvesSection(page, paths.metrics, "From metrics.jsonl");

  sampleGamesSection(page, runSamples(*game, tags, games),
                     "The last self-play games and the first game of the latest evaluation matches.");
  return page.render();
}

}  // namespace tz

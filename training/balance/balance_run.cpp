#include "training/balance/balance_run.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>

#include "game/base/error.h"
#include "game/base/run_in_threads.h"
#include "game/base/user_files.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "game/registry.h"
#include "nets/checkpoint.h"
#include "training/balance/balance_agents.h"
#include "training/matches/arena.h"
#include "training/run/run_directory.h"

namespace tz {

namespace fs = std::filesystem;

StudyPaths StudyPaths::of(const std::string& dir) {
  return {dir, (fs::path(dir) / "records.sqlite").string(), (fs::path(dir) / "study.yaml").string()};
}

namespace {

// One variant at one strength ready to play, or the Elo games of two strengths.
struct Cell {
  const StudyVariant* variant = nullptr;
  const StudyStrength* strength = nullptr;
  const StudyStrength* opponent = nullptr;  // Elo games: the other strength (side 1 in even rounds)
  std::unique_ptr<Game> game;
  std::string tag;
  std::string checkpoint;          // network file (empty in baseline mode, and before a study trains its agents)
  std::string opponentCheckpoint;  // Elo games: the opponent's network file
  nlohmann::json settings;         // what its games depend on (cellSettings)
};

// The meta key of a cell's settings.
std::string settingsKey(const Cell& cell) { return "balance_settings|" + cell.tag; }

// Throws unless the cell's stored settings (if any) are its settings; compares them without
// the network files when `checkpointsKnown` is false. Writes nothing.
void checkSettings(const RecordStore& store, const std::string& dir, const Cell& cell, bool checkpointsKnown) {
  const auto stored = store.meta(settingsKey(cell));
  if (!stored) return;
  nlohmann::json before = nlohmann::json::parse(*stored), now = cell.settings;
  if (!checkpointsKnown) {  // the networks are not known before a study trains its agents
    before = settingsWithoutAgentKeys(before, {"checkpoint", "network"});
    now = settingsWithoutAgentKeys(now, {"checkpoint", "network"});
  }
  if (before == now) return;
  std::string changed;
  for (const auto& [k, v] : now.items())
    if (!before.contains(k) || before[k] != v) changed += (changed.empty() ? "" : ", ") + k;
  throw Error(dir + ": the games of '" + cell.tag + "' were played with other settings (" + changed +
              " changed); restore the study file or run it into another --out");
}

// Throws unless the cell's stored match settings (if any; the only ones a folder made by
// `records import` has) are its own. Writes nothing.
void checkMatchSettings(const RecordStore& store, const std::string& dir, const Cell& cell, const StudyConfig& study) {
  const auto stored = store.meta(matchSettingsKey(cell.tag));
  const std::string now = matchSettingsText({cell.tag, 0, study.diversity.seed, cellMatchSettings(cell.settings)});
  if (stored && *stored != now) {
    throw Error(dir + ": the games of '" + cell.tag + "' were played with settings " + *stored + ", not " + now +
                " (the rules, an agent, its network or the openings changed); restore the study file or run it "
                "into another --out");
  }
}

// Throws unless every cell's network fits the cell's rules (a checkpoint of another variant,
// or a rule-conditioned one that does not have it). Reads only the checkpoints' headers.
void checkNetworks(const std::vector<Cell>& cells) {
  for (const Cell& c : cells) {
    for (const std::string* file : {&c.checkpoint, &c.opponentCheckpoint}) {
      if (file->empty()) continue;
      const ModelMeta meta = readCheckpointInfo(*file).model;
      try {
        if (!conditionedGameOfModel(meta, *c.game)) checkModelMatches(meta, *c.game, "checkpoint " + *file);
      } catch (const Error& e) {
        const std::string what = e.what();
        throw Error(what.find(*file) == std::string::npos ? "checkpoint " + *file + ": " + what : what);
      }
    }
  }
}

// The games of a cell's look as they finish: a line on stderr at most once a minute with the
// games done, the rate and the time left to the look, so that a look of slow network games
// shows that it moves.
class GameCounter {
 public:
  GameCounter(std::string cell, int have, int target)
      : cell_(std::move(cell)), have_(have), target_(target), start_(std::chrono::steady_clock::now()), last_(start_) {}

  // One more game finished; prints under `printMutex`.
  void finished(std::mutex& printMutex) {
    std::lock_guard<std::mutex> lock(printMutex);
    ++done_;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::minutes(1) || have_ + done_ >= target_) return;
    last_ = now;
    const double minutes = std::chrono::duration<double>(now - start_).count() / 60;
    const double rate = done_ / std::max(minutes, 1e-9);
    std::fprintf(stderr, "%s: %d of %d games to this look, %.1f games/min, about %.0f min left\n", cell_.c_str(),
                 have_ + done_, target_, rate, (target_ - have_ - done_) / rate);
  }

 private:
  std::string cell_;
  int have_, target_, done_ = 0;
  std::chrono::steady_clock::time_point start_, last_;
};

// Plays the cell's games look by look until the stopping rule stops it.
class CellPlayer {
 public:
  CellPlayer(const StudyConfig& study, RecordStore& store, bool progress, std::mutex& printMutex,
             const std::atomic<bool>& failed)
      : study_(study), store_(store), progress_(progress), printMutex_(printMutex), failed_(failed) {}

  void play(const Cell& cell) {
    const PlayerMaker agent = studyAgent(study_, *cell.strength, *cell.game, cell.checkpoint);
    if (cell.opponent) {
      const PlayerMaker opponent = studyAgent(study_, *cell.opponent, *cell.game, cell.opponentCheckpoint);
      runMatch(*cell.game, agent, opponent, store_, matchOptions(cell, study_.elo.games), [](const GameRecord&) {});
      if (progress_) showElo(cell);
      return;
    }
    while (!failed_) {
      const auto games = store_.gamesByTag(cell.tag);
      const auto [v, s] = cellIndex(study_, *cell.variant, *cell.strength);
      const CellProgress p = cellProgress(games, cellRule(study_, v, s));
      if (progress_) show(cell, cellStats(games), p);
      if (p.stop != StopReason::kContinue) return;
      GameCounter counter{cell.variant->id + " @ " + cell.strength->name, int(games.size()), p.target};
      runMatch(*cell.game, agent, agent, store_, matchOptions(cell, p.target), [&](const GameRecord&) {
        if (progress_) counter.finished(printMutex_);
      });
    }
  }

 private:
  // The match of `games` rounds of a cell's tag, seed and settings.
  MatchOptions matchOptions(const Cell& cell, int games) const {
    MatchOptions m{cell.tag, games, study_.diversity.seed, cellMatchSettings(cell.settings)};
    m.atOnce = study_.gamesAtOnce;
    return m;
  }

  void show(const Cell& cell, const CellStats& s, const CellProgress& p) {
    std::string line = cell.variant->id + " @ " + cell.strength->name + ": " + std::to_string(s.games) + " games";
    char buf[160];
    if (s.games > 0) {
      const auto [v, strength] = cellIndex(study_, *cell.variant, *cell.strength);
      const BalanceTest b = cellBalance(s.counts(), s.repeated, cellRule(study_, v, strength));
      std::snprintf(buf, sizeof buf, ", %s score %.3f [%.3f, %.3f] (half-width %.3f), %s", cell.game->sideName(0).c_str(),
                    b.score.value, b.score.low, b.score.high, scoreHalfWidth(s.counts(), s.repeated),
                    verdictName(b.verdict, cell.game->sideName(0), cell.game->sideName(1)).c_str());
      line += buf;
    }
    line += p.stop == StopReason::kContinue ? ": playing to " + std::to_string(p.target)
                                            : ": stopped (" + stopReasonName(p.stop) + ")";
    std::lock_guard<std::mutex> lock(printMutex_);
    std::fprintf(stderr, "%s\n", line.c_str());
  }

  void showElo(const Cell& cell) {
    const Tally t = tallyMatch(store_.gamesByTag(cell.tag)).overall();
    std::lock_guard<std::mutex> lock(printMutex_);
    std::fprintf(stderr, "Elo games %s vs %s on %s: %d-%d-%d\n", cell.strength->name.c_str(),
                 cell.opponent->name.c_str(), cell.variant->id.c_str(), t.wins, t.draws, t.losses);
  }

  const StudyConfig& study_;
  RecordStore& store_;
  bool progress_;
  std::mutex& printMutex_;
  const std::atomic<bool>& failed_;
};

// The Elo games between every two strengths on the reference variant, after the cells; the
// networks of `runs` (none where a run is empty).
void addEloCells(const StudyConfig& study, const std::vector<std::string>& runs, std::vector<Cell>& cells) {
  const size_t v = size_t(eloVariantIndex(study));
  for (size_t a = 0; a < study.strengths.size(); ++a) {
    for (size_t b = a + 1; b < study.strengths.size(); ++b) {
      Cell c;
      c.variant = &study.variants[v];
      c.strength = &study.strengths[a];
      c.opponent = &study.strengths[b];
      c.game = loadGame(c.variant->base, c.variant->sets);
      c.tag = eloTag(*c.variant, *c.strength, *c.opponent);
      if (!runs[v].empty()) {
        c.checkpoint = findCheckpoint(runs[v], *c.strength);
        c.opponentCheckpoint = findCheckpoint(runs[v], *c.opponent);
      }
      c.settings = {{"a", cellSettings(study, *c.strength, *c.game, c.checkpoint)},
                    {"b", cellSettings(study, *c.opponent, *c.game, c.opponentCheckpoint)},
                    {"games", study.elo.games}};
      cells.push_back(std::move(c));
    }
  }
}

// Throws unless a resumed folder holds a study of the same base. Writes nothing.
void checkStoredStudy(const StudyConfig& study, const std::string& dir, const RecordStore& store) {
  if (const auto stored = store.meta(kStudyMetaKey)) {
    const StudyConfig before = studyFromJson(nlohmann::json::parse(*stored));
    if (before.base != study.base) {
      throw Error(dir + " holds a study of " + before.base + " (" + before.file + "), not of " + study.base +
                  "; run this study into another --out");
    }
  }
}

// Copies the study file into its folder and stores its description.
void storeStudy(const StudyConfig& study, const std::string& studyPath, const std::string& dir, RecordStore& store) {
  const StudyPaths paths = StudyPaths::of(dir);
  if (!fs::exists(paths.config) || !fs::equivalent(studyPath, paths.config)) {
    copyFileAtomically(studyPath, "study file " + studyPath, paths.config, "study file");
  }
  store.setMeta(kStudyMetaKey, studyToJson(study).dump());
}

// Every variant at every strength, then the Elo games, with their settings; the networks of
// `runs` (none where a run is empty).
std::vector<Cell> studyCells(const StudyConfig& study, const std::vector<std::string>& runs) {
  std::vector<Cell> cells;
  for (size_t v = 0; v < study.variants.size(); ++v) {
    for (const StudyStrength& s : study.strengths) {
      Cell c;
      c.variant = &study.variants[v];
      c.strength = &s;
      c.game = loadGame(c.variant->base, c.variant->sets);
      c.tag = cellTag(*c.variant, s);
      if (!runs[v].empty()) c.checkpoint = findCheckpoint(runs[v], s);
      c.settings = cellSettings(study, s, *c.game, c.checkpoint);
      cells.push_back(std::move(c));
    }
  }
  if (study.elo.games > 0) addEloCells(study, runs, cells);
  return cells;
}

// Checks every cell against the stored settings and networks, then stores the settings of
// the cells that have none.
void checkAndStoreSettings(RecordStore& store, const std::string& dir, const std::vector<Cell>& cells,
                           const StudyConfig& study) {
  for (const Cell& c : cells) {
    checkSettings(store, dir, c, true);
    checkMatchSettings(store, dir, c, study);
  }
  checkNetworks(cells);
  for (const Cell& c : cells)
    if (!store.meta(settingsKey(c))) store.setMeta(settingsKey(c), c.settings.dump());
}

// Plays the cells, `study.workers` at once; the first error stops every worker and is rethrown.
void playCells(const StudyConfig& study, RecordStore& store, const std::vector<Cell>& cells, bool progress) {
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex printMutex;
  runInThreads(std::min<int>(study.workers, int(cells.size())), failed, [&](int) {
    CellPlayer player(study, store, progress, printMutex, failed);
    for (size_t i = next++; i < cells.size() && !failed; i = next++) player.play(cells[i]);
  });
}

}  // namespace

BalanceResults runBalance(const std::string& studyPath, const std::string& dir, bool progress) {
  const StudyConfig study = loadStudy(studyPath);
  if (fs::exists(RunPaths::of(dir).config)) {  // a run's records would mix with the study's
    throw Error("folder " + dir + " holds a training run (config.yaml); choose another --out");
  }
  // Everything is checked before anything is written: a refused study leaves the folder as
  // it was (and makes none).
  std::vector<std::string> runs(study.variants.size());  // the network of each variant
  if (study.mode == AgentMode::kCheckpoints) {
    for (size_t v = 0; v < runs.size(); ++v) runs[v] = study.checkpoints.at(study.variants[v].id);
  }
  const std::string records = StudyPaths::of(dir).records;
  {
    const std::vector<Cell> cells = studyCells(study, runs);
    if (fs::exists(records)) {
      const RecordStore stored(records);
      checkStoredStudy(study, dir, stored);
      for (const Cell& c : cells) {
        checkSettings(stored, dir, c, !trainsAgents(study.mode));
        if (!trainsAgents(study.mode)) checkMatchSettings(stored, dir, c, study);
      }
    }
    checkNetworks(cells);
  }
  fs::create_directories(dir);
  RecordStore store(records);
  storeStudy(study, studyPath, dir, store);
  // Modes trained and conditioned train their networks here (one for all in mode conditioned).
  if (study.mode == AgentMode::kConditioned) runs.assign(runs.size(), trainConditionedAgent(study, dir, progress));
  for (size_t v = 0; v < runs.size() && study.mode == AgentMode::kTrained; ++v) {
    runs[v] = trainVariantAgent(study, study.variants[v], dir, progress);
  }
  const std::vector<Cell> cells = studyCells(study, runs);
  checkAndStoreSettings(store, dir, cells, study);
  playCells(study, store, cells, progress);
  return balanceResults(study, store);
}

}  // namespace tz

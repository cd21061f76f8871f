#include "training/distributed/learner_hub.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "game/base/error.h"
#include "game/base/user_files.h"
#include "nets/temp_dir.h"
#include "training/distributed/weights_channel.h"

namespace tz {

namespace {

constexpr auto kPoll = std::chrono::milliseconds(10);     // between scans for new games
constexpr auto kLeaveWait = std::chrono::seconds(5);      // longest wait for actors to leave
constexpr double kTallySeconds = 10;                      // between metrics lines of received games

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The games received since the last metrics line: the learner's view of the actors' self-play.
struct IntakeTally {
  Clock::time_point since = Clock::now();
  int games = 0, draws = 0, plies = 0, positions = 0;
  int wins[2] = {0, 0};

  void add(const GameRecord& record, const std::vector<PositionRecord>& positionsOfGame) {
    ++games;
    if (record.winner >= 0) ++wins[record.winner & 1];
    else ++draws;
    plies += record.plies;
    positions += int(positionsOfGame.size());
  }
  // Writes the line (nothing when no game came) and starts the next interval.
  void write(RunMonitor& monitor, int actors) {
    const double seconds = std::max(secondsSince(since), 1e-9);
    if (games > 0) {
      monitor.metric({{"kind", "selfplay"}, {"source", "actors"}, {"actors", actors}, {"games", monitor.games()},
                      {"chunk_games", games}, {"wins", {wins[0], wins[1]}}, {"draws", draws},
                      {"mean_plies", double(plies) / games}, {"positions", positions},
                      {"games_per_second", games / seconds}, {"positions_per_second", positions / seconds}});
    }
    *this = IntakeTally{};
  }
};

std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

ExperimentConfig offeredExperiment(RunStore& store) {
  TempDir dir("taflzero-offered-");
  const std::string file = (dir.path() / "config.yaml").string();
  writeFileAtomically(file, store.get("config"), "offered experiment config");
  return loadExperiment(file);
}

LearnerHub::LearnerHub(const DistributedOptions& options, const std::string& configPath)
    : store_(options), inbox_(store_) {
  store_.set("config", fileText(configPath));
}

void LearnerHub::publish(const Network& net) { publishWeights(store_, net); }

void LearnerHub::receive(const std::atomic<bool>& stop, RunMonitor& monitor, const LearnerInbox::Sink& sink) {
  auto accept = [&] { return !stop && !monitor.budgetSpent(); };
  IntakeTally tally;
  auto tallied = [&](GameRecord&& record, std::vector<PositionRecord>&& positions) {
    tally.add(record, positions);
    sink(std::move(record), std::move(positions));
  };
  store_.set("games", std::to_string(monitor.games()));
  while (accept()) {
    if (secondsSince(tally.since) >= kTallySeconds) tally.write(monitor, int(store_.add("actors", 0)));
    const auto start = Clock::now();
    const int taken = inbox_.take(tallied, accept);
    if (taken == 0) {
      std::this_thread::sleep_for(kPoll);
      continue;
    }
    store_.set("games", std::to_string(monitor.games()));
    received_ += taken;
    ingestSeconds_ += secondsSince(start);
  }
  tally.write(monitor, int(store_.add("actors", 0)));
}

void LearnerHub::finish() {
  store_.set("stop", "1");
  const auto deadline = std::chrono::steady_clock::now() + kLeaveWait;
  // Actors that died never say goodbye: the wait ends at the deadline.
  while (store_.add("done", 0) < store_.add("actors", 0) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(kPoll);
}

}  // namespace tz

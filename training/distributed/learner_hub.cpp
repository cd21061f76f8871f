#include "training/distributed/learner_hub.h"

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "game/error.h"
#include "nets/temp_dir.h"
#include "training/distributed/weights_channel.h"

namespace tz {

namespace {

constexpr auto kPoll = std::chrono::milliseconds(10);     // between scans for new games
constexpr auto kLeaveWait = std::chrono::seconds(5);      // longest wait for actors to leave

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
  std::ofstream(file) << store.get("config");
  return loadExperiment(file);
}

LearnerHub::LearnerHub(const DistributedOptions& options, const std::string& configPath)
    : store_(options), inbox_(store_) {
  store_.set("config", fileText(configPath));
}

void LearnerHub::publish(const Network& net) { publishWeights(store_, net); }

void LearnerHub::receive(const std::atomic<bool>& stop, const RunMonitor& monitor, const LearnerInbox::Sink& sink) {
  auto accept = [&] { return !stop && !monitor.budgetSpent(); };
  store_.set("games", std::to_string(monitor.games()));
  while (accept()) {
    const auto start = std::chrono::steady_clock::now();
    const int taken = inbox_.take(sink, accept);
    if (taken == 0) {
      std::this_thread::sleep_for(kPoll);
      continue;
    }
    store_.set("games", std::to_string(monitor.games()));
    received_ += taken;
    ingestSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
}

void LearnerHub::finish() {
  store_.set("stop", "1");
  const auto deadline = std::chrono::steady_clock::now() + kLeaveWait;
  // Actors that died never say goodbye: the wait ends at the deadline.
  while (store_.add("done", 0) < store_.add("actors", 0) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(kPoll);
}

}  // namespace tz

// A distributed run over loopback with the real binary: a learner (RANK 0) and actors
// (RANK 1, 2) on the tiny training config. Every game an actor sends and the learner
// acknowledges is stored once; an actor killed mid-run costs the run nothing; an actor whose
// learner is killed leaves with a one-line error, and the learner resumes from its run
// directory without losing an acknowledged game or a checkpoint; scripts/launch_local.sh
// starts such a run.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <nlohmann/json.hpp>
#include <sys/socket.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "tests/support/child_process.h"
#include "training/matches/records.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

const std::string kTiny = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/configs/tiny.yaml";
const std::string kTinyKill = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/configs/tiny-kill.yaml";
constexpr double kRunSeconds = 120;  // longest a tiny run may take here before the test fails

// A TCP port nobody listens on now (the kernel's pick for port 0; free again once closed).
int freePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
  socklen_t length = sizeof(addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &length);
  close(fd);
  return ntohs(addr.sin_port);
}

std::string fileText(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The processes of one distributed run in `dir` (run/, and each rank's output files).
struct Cluster {
  fs::path dir;
  int port = freePort();
  int world = 3;

  explicit Cluster(const std::string& name, int worldSize) : world(worldSize) {
    dir = fs::path(::testing::TempDir()) / (name + "_" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  std::string run() const { return (dir / "run").string(); }
  fs::path out(int rank) const { return dir / ("rank" + std::to_string(rank) + ".out"); }
  fs::path err(int rank) const { return dir / ("rank" + std::to_string(rank) + ".err"); }
  // Starts `rank` on `config` (extra arguments after the run directory).
  pid_t start(int rank, const std::string& config, const std::vector<std::string>& extra = {}) const {
    std::vector<std::string> args{"train", config, "--run", run(), "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const ChildEnvironment env{{"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", std::to_string(port)},
                               {"RANK", std::to_string(rank)}, {"WORLD_SIZE", std::to_string(world)}};
    return startTaflzero(args, env, out(rank).string(), err(rank).string());
  }
  // Starts `rank` on `config` with the distributed flags instead of the variables.
  pid_t startWithFlags(int rank, const std::string& config) const {
    const std::vector<std::string> args{"train",         config, "--run", run(), "--json", "--master-addr", "127.0.0.1",
                                        "--master-port", std::to_string(port), "--rank", std::to_string(rank),
                                        "--world-size",  std::to_string(world)};
    return startTaflzero(args, {}, out(rank).string(), err(rank).string());
  }
  // The JSON object rank `rank` printed last.
  nlohmann::json result(int rank) const {
    std::istringstream lines(fileText(out(rank)));
    std::string line, last;
    while (std::getline(lines, line))
      if (!line.empty()) last = line;
    return last.empty() ? nlohmann::json{} : nlohmann::json::parse(last);
  }
  // The learner's stored self-play games: (count, distinct ids).
  std::pair<size_t, size_t> stored() const {
    RecordStore store((fs::path(run()) / "records.sqlite").string());
    std::set<int64_t> ids;
    const auto games = store.gamesByTag("selfplay");
    for (const auto& g : games) ids.insert(g.id);
    return {games.size(), ids.size()};
  }
  // The distinct move sequences of the stored self-play games.
  size_t distinctGames() const {
    RecordStore store((fs::path(run()) / "records.sqlite").string());
    std::set<std::string> moves;
    for (const auto& g : store.gamesByTag("selfplay")) moves.insert(g.moves);
    return moves.size();
  }
  ~Cluster() { fs::remove_all(dir); }
};

// Waits until the learner has stored at least `games` self-play games (false after `seconds`).
bool waitForGames(const Cluster& c, size_t games, double seconds) {
  for (double waited = 0; waited < seconds; waited += 0.1) {
    if (fs::exists(fs::path(c.run()) / "records.sqlite") && c.stored().first >= games) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

TEST(DistributedRun, EveryAcknowledgedGameOfTwoActorsIsStoredOnce) {
  Cluster c("dist_two_actors", 3);
  // Actor 2 gets its place by flags, the others by environment variables.
  const pid_t learner = c.start(0, kTiny), actor1 = c.start(1, kTiny), actor2 = c.startWithFlags(2, kTiny);
  ASSERT_EQ(waitForExitWithin(learner, kRunSeconds), 0) << fileText(c.err(0));
  ASSERT_EQ(waitForExitWithin(actor1, 30), 0) << fileText(c.err(1));
  ASSERT_EQ(waitForExitWithin(actor2, 30), 0) << fileText(c.err(2));
  const auto run = c.result(0), a1 = c.result(1), a2 = c.result(2);
  EXPECT_EQ(run["steps"], 60);
  EXPECT_NE(a1["actor"], a2["actor"]);
  const int acknowledged = a1["acknowledged"].get<int>() + a2["acknowledged"].get<int>();
  EXPECT_LE(a1["acknowledged"].get<int>(), a1["sent"].get<int>());
  EXPECT_LE(a2["acknowledged"].get<int>(), a2["sent"].get<int>());
  EXPECT_GE(a1["weights"].get<int>(), 1);
  EXPECT_GE(a2["weights"].get<int>(), 1);
  const auto [games, ids] = c.stored();
  EXPECT_GT(games, 0u);
  EXPECT_EQ(games, ids);
  EXPECT_EQ(int(games), acknowledged);  // none lost, none twice
  EXPECT_EQ(run["games"].get<int>(), acknowledged);
  // Each actor plays its own games (its own seed): actors sharing the run's seed would
  // store about every game twice. (The tiny net repeats a few games by itself.)
  EXPECT_GE(double(c.distinctGames()), 0.75 * double(games));
  EXPECT_TRUE(fs::exists(fs::path(c.run()) / "checkpoints" / "step-00000060.ckpt"));
}

TEST(DistributedRun, AKilledActorCostsTheRunNothing) {
  Cluster c("dist_killed_actor", 3);
  const pid_t learner = c.start(0, kTinyKill), actor1 = c.start(1, kTinyKill), actor2 = c.start(2, kTinyKill);
  ASSERT_TRUE(waitForGames(c, 4, kRunSeconds));
  kill(actor1, SIGKILL);
  waitpid(actor1, nullptr, 0);
  const size_t storedAtKill = c.stored().first;
  ASSERT_EQ(waitForExitWithin(learner, kRunSeconds), 0) << fileText(c.err(0));
  ASSERT_EQ(waitForExitWithin(actor2, 30), 0) << fileText(c.err(2));
  EXPECT_EQ(c.result(0)["steps"], 150);  // the run went on to its budget
  const auto [games, ids] = c.stored();
  EXPECT_EQ(games, ids);
  EXPECT_GE(games, storedAtKill);
  // The survivor's acknowledged games are all there, beside the killed actor's.
  EXPECT_GE(int(games), c.result(2)["acknowledged"].get<int>());
  EXPECT_GT(c.result(2)["acknowledged"].get<int>(), 0);
}

TEST(DistributedRun, AKilledLearnerResumesWithItsAcknowledgedGamesAndCheckpoints) {
  Cluster c("dist_killed_learner", 2);
  const pid_t learner = c.start(0, kTinyKill), actor = c.start(1, kTinyKill);
  ASSERT_TRUE(waitForGames(c, 4, kRunSeconds));
  kill(learner, SIGKILL);
  waitpid(learner, nullptr, 0);
  // The actor notices, says why on one line and fails.
  EXPECT_NE(waitForExitWithin(actor, 60), 0);
  const std::string message = fileText(c.err(1));
  EXPECT_NE(message.find("the learner at 127.0.0.1:" + std::to_string(c.port) + " is gone"), std::string::npos)
      << message;
  EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << message;
  const size_t at = message.find(" games sent, ");
  ASSERT_NE(at, std::string::npos) << message;
  const int acknowledged = std::stoi(message.substr(at + 13));
  const auto [storedAtKill, idsAtKill] = c.stored();
  EXPECT_GE(int(storedAtKill), acknowledged);
  std::set<std::string> checkpointsAtKill;
  for (const auto& e : fs::directory_iterator(fs::path(c.run()) / "checkpoints"))
    checkpointsAtKill.insert(e.path().filename().string());

  // The learner resumes (on the same port) and a restarted actor plays for it.
  const pid_t resumed = c.start(0, kTinyKill, {"--resume"}), restarted = c.start(1, kTinyKill);
  ASSERT_EQ(waitForExitWithin(resumed, kRunSeconds), 0) << fileText(c.err(0));
  ASSERT_EQ(waitForExitWithin(restarted, 30), 0) << fileText(c.err(1));
  EXPECT_EQ(c.result(0)["steps"], 150);
  const auto [games, ids] = c.stored();
  EXPECT_EQ(games, ids);
  EXPECT_EQ(games, storedAtKill + size_t(c.result(1)["acknowledged"].get<int>()));
  for (const auto& name : checkpointsAtKill) EXPECT_TRUE(fs::exists(fs::path(c.run()) / "checkpoints" / name)) << name;
}

TEST(DistributedRun, LaunchLocalStartsALearnerAndItsActors) {
  Cluster c("dist_launch_local", 3);
  const std::string script = std::string(TAFLZERO_SOURCE_DIR) + "/scripts/launch_local.sh";
  const pid_t pid = fork();
  if (pid == 0) {
    std::freopen(c.out(0).c_str(), "w", stdout);
    std::freopen(c.err(0).c_str(), "w", stderr);
    setenv("MASTER_PORT", std::to_string(c.port).c_str(), 1);
    setenv("TAFLZERO_BIN", taflzeroBinary().c_str(), 1);
    execl("/bin/bash", "bash", script.c_str(), "3", kTiny.c_str(), c.run().c_str(), "--json", nullptr);
    _exit(127);
  }
  ASSERT_EQ(waitForExitWithin(pid, kRunSeconds), 0) << fileText(c.err(0));
  // The learner's JSON line, then each actor's last line.
  std::istringstream lines(fileText(c.out(0)));
  std::string line;
  int actorLines = 0, learnerGames = -1;
  while (std::getline(lines, line)) {
    if (line.rfind("{", 0) == 0) learnerGames = nlohmann::json::parse(line)["games"];
    actorLines += line.rfind("actor ", 0) == 0 && line.find("acknowledged") != std::string::npos;
  }
  EXPECT_EQ(actorLines, 2);
  EXPECT_GT(learnerGames, 0);
  EXPECT_EQ(c.stored().first, size_t(learnerGames));
}

}  // namespace
}  // namespace tz::test

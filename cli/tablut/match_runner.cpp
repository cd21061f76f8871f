#include "cli/tablut/match_runner.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "cli/tablut/child_process.h"
#include "cli/tablut/frames.h"
#include "cli/tablut/game_loop.h"
#include "cli/tablut/listening_ports.h"
#include "cli/tablut/match_games_file.h"
#include "cli/tablut/match_summary.h"
#include "cli/tablut/tcp_connection.h"
#include "cli/tablut/time_budget.h"
#include "mcts/players/player_factory.h"
#include "game/base/error.h"
#include "game/registry.h"

namespace tz::cli::tablut {

namespace {

using Clock = std::chrono::steady_clock;

// How often the runner looks at the ports, the connection and the programs while it waits.
constexpr int kPollMs = 100;
// How long the runner waits after a game for the server and the opponent to end by
// themselves, their logs complete (the competition server prints the result, or who lost
// on a timeout, then exits), before it stops them.
constexpr auto kExitWait = std::chrono::seconds(2);

// The other colour.
Turn opposite(Turn colour) { return colour == Turn::kWhite ? Turn::kBlack : Turn::kWhite; }

// The whole text of a file ("" when it cannot be read).
std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Seconds without a message after which the server is taken as stuck: twice the time per
// move and a minute (it answers every move within the timeout, and closes on a late one).
int64_t idleLimitMs(const MatchOptions& o) { return (2 * int64_t(o.timeout) + 60) * 1000; }

// The logs of one game: "DIR/game-007-".
std::string logStem(const std::string& dir, int number) {
  char name[32];
  std::snprintf(name, sizeof name, "game-%03d-", number);
  return (std::filesystem::path(dir) / name).string();
}

// One game: the server, the opponent and our session.
class MatchGameRun {
 public:
  // Game `number` of the match `o` on `game` with a player of `ours`.
  MatchGameRun(const MatchOptions& o, const Game& game, const PlayerMaker& ours, int number, const std::string& logDir)
      : o_(o),
        game_(game),
        ours_(ours),
        number_(number),
        colour_(number % 2 == 1 ? Turn::kWhite : Turn::kBlack),
        stem_(logStem(logDir, number)) {}

  // Plays the game; a failure is a game without a result.
  MatchGame play() {
    try {
      return playOrThrow();
    } catch (const Error& e) {
      MatchGame game = failedGame(number_, colour_, e.what());
      game.times = times_;
      return game;
    }
  }
  // Whether the first state of the game arrived.
  bool started() const { return started_; }

 private:
  // Plays the game; throws Error when it cannot start or breaks off.
  MatchGame playOrThrow() {
    const std::string serverLog = stem_ + "server.log";
    const std::string opponentLog = stem_ + "opponent.log";
    ChildProcess server(o_.serverCommand(), serverLog);
    const auto deadline = Clock::now() + std::chrono::seconds(o_.startupLimit);
    waitUntilListening(server, serverLog, deadline);
    ChildProcess opponent(o_.opponentCommand(opposite(colour_)), opponentLog);
    const std::unique_ptr<Player> player = ours_(o_.seed + uint64_t(number_ - 1));
    std::ofstream ours(stem_ + "ours.log");
    std::ofstream frames(stem_ + "frames.jsonl");  // every message, as received or sent
    const auto keep = [&](const char* direction, const std::string& text) {
      frames << nlohmann::json{{direction, text}}.dump() << "\n" << std::flush;
    };
    TcpConnection connection = connect(server, serverLog, deadline);
    const SendFrame send = [&](const std::string& message) {
      keep("sent", message);
      connection.writeAll(encodeFrame(message));
    };
    send(nameMessage(o_.name));
    ClientSession session(game_, colour_, *player, ours, ours);
    const NextFrame next = [&] {
      const std::optional<std::string> frame = nextFrame(connection, opponent, opponentLog, deadline);
      if (frame) keep("received", *frame);
      return frame;
    };
    const bool finalState = playFrames(session, colour_, next, send, times_);
    const auto exitBy = Clock::now() + kExitWait;
    while (!(server.exited() && opponent.exited()) && Clock::now() < exitBy) sleep();
    opponent.stop();
    server.stop();
    MatchGame record = judgeGame(number_, colour_, session, finalState, readText(serverLog));
    record.times = times_;
    return record;
  }

  // Waits until the server listens on both ports; throws Error when it exits or passes the deadline.
  void waitUntilListening(ChildProcess& server, const std::string& log, Clock::time_point deadline) {
    while (!portListening(o_.whitePort) || !portListening(o_.blackPort)) {
      if (server.exited()) throw Error("the server command ended (" + server.exitDescription() + ") before listening; see " + log);
      if (Clock::now() > deadline) {
        throw Error("the server did not listen on ports " + std::to_string(o_.whitePort) + " and " +
                    std::to_string(o_.blackPort) + " within " + std::to_string(o_.startupLimit) + " s; see " + log);
      }
      sleep();
    }
  }

  // Our connection to the server, retried until the deadline while the server begins to accept.
  TcpConnection connect(ChildProcess& server, const std::string& log, Clock::time_point deadline) {
    for (;;) {
      try {
        return TcpConnection::open(o_.host, o_.port(colour_), 2000);
      } catch (const Error&) {
        if (server.exited()) throw Error("the server command ended (" + server.exitDescription() + "); see " + log);
        if (Clock::now() > deadline) throw;
      }
      sleep();
    }
  }

  // The next frame; before the first, it gives up when the opponent ends or the deadline passes.
  std::optional<std::string> nextFrame(TcpConnection& connection, ChildProcess& opponent, const std::string& log,
                                       Clock::time_point deadline) {
    const auto idleBy = Clock::now() + std::chrono::milliseconds(idleLimitMs(o_));
    while (!connection.readable(kPollMs)) {
      if (!started_ && opponent.exited()) {
        throw Error("the opponent command ended (" + opponent.exitDescription() + ") before the game started; see " + log);
      }
      if (!started_ && Clock::now() > deadline) {
        throw Error("the game did not start within " + std::to_string(o_.startupLimit) +
                    " s (did the opponent connect?); see " + log);
      }
      if (Clock::now() > idleBy) {
        throw Error("the server sent nothing for " + std::to_string(idleLimitMs(o_) / 1000) + " s");
      }
    }
    const std::optional<std::string> frame = readFrame(connection.frameReads(idleLimitMs(o_)));
    if (!frame && !started_) throw Error("the server closed the connection before the game started");
    started_ = true;
    return frame;
  }

  // Waits one polling interval.
  static void sleep() { std::this_thread::sleep_for(std::chrono::milliseconds(kPollMs)); }

  const MatchOptions& o_;
  const Game& game_;
  const PlayerMaker& ours_;
  int number_;
  Turn colour_;
  std::string stem_;
  MoveTimes times_;
  bool started_ = false;
};

}  // namespace

std::string makeLogDir(const std::string& requested) {
  namespace fs = std::filesystem;
  if (!requested.empty()) {
    fs::create_directories(requested);
    return requested;
  }
  std::string pattern = (fs::temp_directory_path() / "taflzero-match-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw Error("cannot make a folder for the logs like " + pattern);
  return pattern;
}

std::vector<MatchGame> runMatch(const MatchOptions& options, std::vector<FiledGame> kept, const std::string& logDir,
                                std::ostream& progress) {
  stopChildrenOnSignal();
  std::vector<MatchGame> games;
  int first = 1;
  for (const FiledGame& filed : kept) first = std::max(first, filed.record.round + 2);
  if (!kept.empty()) {
    progress << "tablut-match: " << options.gamesOut << " keeps " << kept.size()
             << " of the match's games; going on from game " << first << std::endl;
  }
  // Our player's agent is prepared once (a network loaded once); each game makes its player.
  const auto rules = loadGame("ashton", options.sets);
  const PlayerMaker ours = agentMaker(options.agent, *rules, moveBudgetMs(options.timeout));
  bool anyStarted = false;
  const auto start = Clock::now();
  for (int number = first; number <= options.games; ++number) {
    MatchGameRun run(options, *rules, ours, number, logDir);
    games.push_back(run.play());
    if (const int earlier = repeatOf(games, games.size() - 1)) {
      MatchGame& game = games.back();
      game.note += (game.note.empty() ? "" : "; ") + std::string("the same moves as game ") + std::to_string(earlier);
    }
    anyStarted = anyStarted || run.started();
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    progress << gameLine(games.back(), options.games, int(games.size()), elapsed) << std::endl;
    if (!options.gamesOut.empty()) keepMatchGame(options, games.back(), kept, progress);
    if (games.size() == 2 && !anyStarted) {
      throw Error("the first two games failed to start, so the match stops: " + games.front().note);
    }
  }
  return games;
}

}  // namespace tz::cli::tablut

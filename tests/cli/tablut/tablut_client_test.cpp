// `taflzero tablut-client` against the small local server of tablut_test_server.h: a
// recorded transcript (server states and the client's answers) replayed to a session and
// to the binary, whole games of two client processes and against the server's own player,
// a lost connection, unexpected and huge messages, a board no move reaches, bad options,
// and client processes fed garbage frames, which must exit with a message, never crash or hang.
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <functional>
#include <future>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/tablut/client_session.h"
#include "cli/tablut/time_budget.h"
#include "game/registry.h"
#include "mcts/players/player_factory.h"
#include "tests/cli/cli_runner.h"
#include "tests/cli/tablut/tablut_test_server.h"

namespace tz::test {
namespace {

using namespace cli::tablut;

// The taflzero arguments of a client playing `side` ("white"/"black") on `port`.
std::string clientArgs(const std::string& side, int port, const std::string& player, const std::string& name = "tz") {
  return "tablut-client --side " + side + " --host 127.0.0.1 --port " + std::to_string(port) + " --name " + name +
         " --timeout 10 --player " + player;
}

// Runs a client process in the background.
std::future<CliResult> startClient(const std::string& args) {
  return std::async(std::launch::async, [args] { return runCli(args); });
}

// The tafl side's colour as the command line names it.
std::string colourOf(int side) { return side == sideToMove(Turn::kWhite) ? "white" : "black"; }

// The lines of `text`.
std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Move lines ("  12. white e3-f3 ...") in a client's output.
size_t moveLines(const std::string& out) {
  const std::regex move(R"(^ *\d+\. (white|black) [a-i]\d-[a-i]\d.*)");
  size_t n = 0;
  for (const auto& line : linesOf(out)) n += std::regex_match(line, move) ? 1 : 0;
  return n;
}

// A game served to client processes for the sides given a player spec (by tafl side), the
// server's random player moving for the others.
struct Match {
  ServedGame served;
  std::array<CliResult, 2> results;
};

Match playMatch(const std::array<std::string, 2>& specs, int maxPlies, const std::string& extra = "") {
  const auto game = loadGame("ashton");
  const auto house = agentMaker(parseAgentSpec("random"), *game)(3);
  std::array<Listener, 2> listeners;
  std::array<std::future<CliResult>, 2> runs;
  std::array<std::optional<TcpConnection>, 2> clients;
  Match match;
  for (int side = 0; side < 2; ++side) {
    if (specs[side].empty()) continue;
    runs[side] =
        startClient(clientArgs(colourOf(side), listeners[side].port(), specs[side], colourOf(side) + "1") + extra);
  }
  for (int side = 0; side < 2; ++side) {
    if (!specs[side].empty() && !(clients[side] = listeners[side].accept())) match.served.error = "no client";
  }
  if (match.served.error.empty()) match.served = serveGame(*game, clients, house.get(), maxPlies);
  clients = {};
  for (int side = 0; side < 2; ++side) {
    if (runs[side].valid()) match.results[side] = runs[side].get();
  }
  return match;
}

// Runs one client of `side` (with `extra` arguments) against `script`, which serves its
// connection (name already read).
CliResult againstScript(const std::string& side, const std::string& player,
                        const std::function<void(TcpConnection&)>& script, const std::string& extra = "") {
  Listener listener;
  auto run = startClient(clientArgs(side, listener.port(), player) + extra);
  if (auto client = listener.accept()) {
    try {
      readClientFrame(*client);
      script(*client);
    } catch (const Error& e) {
      ADD_FAILURE() << "server: " << e.what();
    }
  } else {
    ADD_FAILURE() << "the client did not connect";
  }
  return run.get();
}

// Expects a client to have stopped with a one-line error holding `fragment` as its last line.
void expectErrorExit(const CliResult& r, const std::string& fragment) {
  EXPECT_EQ(r.code, 2) << r.out;
  const auto lines = linesOf(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back().rfind("taflzero: error: ", 0), 0u) << r.out;
  EXPECT_NE(lines.back().find(fragment), std::string::npos) << r.out;
}

// The recorded transcript: the server's frames ('<') and the client's answers ('>').
std::vector<std::pair<char, std::string>> transcript() {
  std::ifstream in(std::string(TAFLZERO_SOURCE_DIR) + "/tests/cli/data/tablut_transcript.txt");
  std::vector<std::pair<char, std::string>> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.size() > 2 && (line[0] == '<' || line[0] == '>')) lines.emplace_back(line[0], line.substr(2));
  }
  EXPECT_GT(lines.size(), 10u);
  return lines;
}

TEST(TablutTranscript, SessionAnswersAsRecorded) {
  const auto game = loadGame("ashton");
  const std::unique_ptr<Player> player = agentMaker(parseAgentSpec("greedy"), *game, moveBudgetMs(10))(1);
  std::ostringstream out, warnings;
  ClientSession session(*game, Turn::kBlack, *player, out, warnings);
  const auto lines = transcript();
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].first != '<') continue;
    const auto answer = session.onMessage(lines[i].second);
    const bool expected = i + 1 < lines.size() && lines[i + 1].first == '>';
    ASSERT_EQ(answer.has_value(), expected) << "frame " << i << "\n" << out.str();
    if (expected) {
      EXPECT_EQ(*answer, lines[i + 1].second) << "frame " << i;
    }
  }
  EXPECT_EQ(session.result(), Turn::kWhiteWin);
  EXPECT_EQ(session.plies(), 11);
  EXPECT_NE(out.str().find("result: WHITEWIN after 11 plies (escape): we lose"), std::string::npos) << out.str();
  EXPECT_EQ(warnings.str(), "");
}

TEST(TablutTranscript, BinaryAnswersAsRecorded) {
  const auto lines = transcript();
  const CliResult r = againstScript("black", "greedy", [&](TcpConnection& client) {
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].first == '<') sendFrame(client, lines[i].second);
      else EXPECT_EQ(readClientFrame(client), lines[i].second) << "frame " << i;
    }
  });
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("result: WHITEWIN after"), std::string::npos) << r.out;
}

TEST(TablutClient, TwoClientsPlayAWholeGame) {
  const Match match = playMatch({"random", "greedy"}, 600);  // black, white
  ASSERT_EQ(match.served.error, "");
  EXPECT_EQ(match.served.names, (std::array<std::string, 2>{"\"black1\"", "\"white1\""}));
  const std::string ending =
      "result: " + match.served.final + " after " + std::to_string(match.served.moves.size()) + " plies";
  for (const auto& r : match.results) {
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find(ending), std::string::npos) << r.out;
    EXPECT_EQ(moveLines(r.out), match.served.moves.size()) << r.out;
    EXPECT_EQ(r.out.find("warning"), std::string::npos) << r.out;
  }
}

TEST(TablutClient, SearchPlayersPlayTheServersPlayer) {
  for (const auto& specs : {std::array<std::string, 2>{"", "mcts:sims=20"}, {"alphabeta:depth=1", ""}}) {
    const Match match = playMatch(specs, 60);
    ASSERT_EQ(match.served.error, "");
    const CliResult& r = match.results[specs[0].empty() ? 1 : 0];
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(moveLines(r.out), match.served.moves.size()) << r.out;
    EXPECT_NE(r.out.find("result: " + match.served.final), std::string::npos) << r.out;
    const std::string expected = specs[0].empty() ? "info visits" : "player alphabeta:depth=1 (alphabeta(depth=1,ms=8000))";
    EXPECT_NE(r.out.find(expected), std::string::npos) << r.out;
  }
}

TEST(TablutClient, PlaysOnPastItsOwnPlyLimit) {
  // A checkpoint's rules may end games the server plays on: past each limit the client warns
  // and plays on from the board.
  const Match match = playMatch({"", "greedy"}, 600, " --set ply_limit=20");
  ASSERT_EQ(match.served.error, "");
  ASSERT_GT(match.served.moves.size(), 20u);
  const CliResult& r = match.results[1];
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("after which our rules end the game (ply_limit) and the server plays on"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("result: " + match.served.final), std::string::npos) << r.out;
}

TEST(TablutClient, ExitsWhenTheServerClosesTheConnection) {
  const auto game = loadGame("ashton");
  const CliResult r = againstScript("white", "greedy", [&](TcpConnection& client) {
    sendFrame(client, stateMessage(game->newGame()->record(), Turn::kWhite));
    readClientFrame(client);  // the move, which then "times out"
  });
  expectErrorExit(r, "closed the connection before the game ended, 0 plies in");
  const std::string frame = encodeFrame(stateMessage(game->newGame()->record(), Turn::kWhite));
  expectErrorExit(
      againstScript("black", "greedy", [&](TcpConnection& client) { client.writeAll(frame.substr(0, 50)); }),
      ": the stream ended inside a frame (46 of " + std::to_string(frame.size() - 4) + " bytes)");
}

TEST(TablutClient, GivesUpOnASilentServer) {
  // The server reads the name and sends nothing; it waits (20 s at most) for the client to close.
  const CliResult r = againstScript(
      "white", "greedy",
      [](TcpConnection& client) {
        char byte;
        EXPECT_TRUE(client.readable(20000));
        EXPECT_EQ(client.readSome(&byte, 1), 0u);
      },
      " --idle-limit 1");
  expectErrorExit(r, "sent no whole message for 1 s (the idle limit)");
}

TEST(TablutClient, GivesUpOnAServerTricklingAMessage) {
  // A byte every 0.4 s: each read is quick, the message never whole within the limit.
  const auto game = loadGame("ashton");
  const std::string frame = encodeFrame(stateMessage(game->newGame()->record(), Turn::kWhite));
  const CliResult r = againstScript(
      "white", "greedy",
      [&](TcpConnection& client) {
        for (char byte : frame) {
          client.writeAll(std::string(1, byte));
          if (client.readable(400)) return;  // the client gave up and closed
        }
      },
      " --idle-limit 1");
  expectErrorExit(r, "sent no whole message for 1 s (the idle limit)");
}

TEST(TablutClient, ExitsOnUnexpectedMessages) {
  expectErrorExit(againstScript("black", "greedy", [](TcpConnection& client) { sendFrame(client, "hello"); }),
                  "unexpected message from the server (5 bytes): not JSON");
  expectErrorExit(againstScript("black", "greedy",
                                [](TcpConnection& client) { sendFrame(client, R"({"board": [], "turn": "WHITE"})"); }),
                  "board: expected 9 rows of 9 cells");
  // A huge length is refused at once: the client closes without waiting for its bytes.
  expectErrorExit(againstScript("white", "greedy",
                                [](TcpConnection& client) {
                                  client.writeAll(std::string("\x7f\xff\xff\xff", 4));
                                  char byte;
                                  EXPECT_EQ(client.readSome(&byte, 1), 0u);
                                }),
                  "frame of 2147483647 bytes refused (at most 1048576)");
}

TEST(TablutClient, PlaysOnFromABoardNoMoveReaches) {
  const auto game = loadGame("ashton");
  const CliResult r = againstScript("black", "greedy", [&](TcpConnection& client) {
    sendFrame(client, stateMessage(game->newGame()->record(), Turn::kWhite));
    auto odd = game->fromRecord("/3ttt3/4t4/9/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/", "attackers");
    sendFrame(client, stateMessage(odd->record(), Turn::kBlack));
    odd->playTurn(parseMove(readClientFrame(client)));  // legal from the odd board
    sendFrame(client, stateMessage(odd->record(), Turn::kDraw));
  });
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("taflzero: warning: the board received (/3ttt3/4t4/9/"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("result: DRAW after 2 plies: draw"), std::string::npos) << r.out;
}

TEST(TablutClient, RefusesBadOptions) {
  const std::string rest = " --host 127.0.0.1 --port 9 --timeout 10 --player greedy";
  expectOneLineError("tablut-client --side red --name a" + rest, "--side");
  expectOneLineError("tablut-client --side white --name 'a b'" + rest, "name 'a b': expected 1 to 10 ASCII letters");
  expectOneLineError("tablut-client --side white --name a --host h --timeout 1 --player greedy",
                     "expected 2 to 3600 seconds");
  expectOneLineError("tablut-client --side white --name a --host h --timeout 5 --player chess",
                     "unknown player 'chess'");
  expectOneLineError("tablut-client --side white --name a --host h --port 0 --timeout 5 --player greedy", "--port");
  expectOneLineError("tablut-client --side white --name a --timeout 5 --player greedy", "--host is required");
  int port;
  {
    Listener closed;
    port = closed.port();
  }
  expectOneLineError("tablut-client --side white --name a --host 127.0.0.1 --port " + std::to_string(port) +
                         " --timeout 5 --player greedy",
                     "cannot connect to 127.0.0.1:" + std::to_string(port) + ": Connection refused");
}

// Client processes fed random frames (a valid state first, then corrupted, cut and random
// bytes and huge lengths) always stop with an error line, or a result, and never hang.
TEST(TablutFuzz, ClientProcessesSurviveGarbage) {
  const auto game = loadGame("ashton");
  const std::string start = stateMessage(game->newGame()->record(), Turn::kWhite);
  std::mt19937 rng(11);
  int errors = 0;
  for (int round = 0; round < 12; ++round) {
    std::string garbage;
    for (int piece = 0; piece < 3; ++piece) {
      std::string json = start;
      for (int flips = int(rng() % 3); flips > 0; --flips) json[rng() % json.size()] = char(rng());
      const std::string frame = encodeFrame(json);
      if (rng() % 3 == 0) garbage += frame.substr(0, rng() % frame.size());
      else if (rng() % 2 == 0) garbage += std::string{char(rng()), char(rng()), char(rng()), char(rng())};
      else garbage += frame;
    }
    const CliResult r = againstScript(round % 2 ? "white" : "black", "greedy", [&](TcpConnection& client) {
      sendFrame(client, start);
      client.writeAll(garbage);
    });
    EXPECT_TRUE(r.code == 2 || r.code == 0) << r.code << "\n" << r.out;
    if (r.code == 2) {
      ++errors;
      EXPECT_EQ(linesOf(r.out).back().rfind("taflzero: error: ", 0), 0u) << r.out;
    }
  }
  EXPECT_GE(errors, 6);
}

}  // namespace
}  // namespace tz::test

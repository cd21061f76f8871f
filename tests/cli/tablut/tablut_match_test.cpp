// `taflzero tablut-match`: its pure parts (placeholders, the LISTEN table, judging a game,
// the summary) and whole matches with the test server tablut_match_server as the server
// command and `taflzero tablut-client` as the opponent command.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/tablut/listening_ports.h"
#include "cli/tablut/match_options.h"
#include "cli/tablut/match_record.h"
#include "cli/tablut/match_summary.h"
#include "cli/tablut/time_budget.h"
#include "mcts/players/player_factory.h"
#include "game/base/error.h"
#include "game/registry.h"
#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

using namespace cli::tablut;

// Two ports of 127.0.0.1 free a moment ago (the system's choice), for one match.
std::pair<int, int> freePorts() {
  int ports[2];
  int fds[2];
  for (int i = 0; i < 2; ++i) {
    fds[i] = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    EXPECT_EQ(bind(fds[i], reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    getsockname(fds[i], reinterpret_cast<sockaddr*>(&address), &length);
    ports[i] = ntohs(address.sin_port);
  }
  for (const int fd : fds) close(fd);
  return {ports[0], ports[1]};
}

// The tablut-match arguments of a match on `ports` with the server command `server`, the
// opponent command `opponent` (by default our client with a random player, which echoes its
// placeholders first) and a startup limit of `startupLimit` seconds.
std::string matchArgs(const std::pair<int, int>& ports, const std::string& server, const std::string& logDir,
                      int games, const std::string& opponent = "", int startupLimit = 10) {
  const std::string client = std::string(std::getenv("TAFLZERO_BIN")) +
                             " tablut-client --side {side} --host {host} --port {port} --name opp --timeout {timeout}"
                             " --player random";
  return "tablut-match --server '" + server + "' --opponent '" +
         (opponent.empty() ? "echo placeholders {side} {SIDE} {host} {port} {timeout}; exec " + client : opponent) +
         "' --games " + std::to_string(games) + " --timeout 5 --player greedy --white-port " +
         std::to_string(ports.first) + " --black-port " + std::to_string(ports.second) + " --log-dir " + logDir +
         " --startup-limit " + std::to_string(startupLimit);
}

// The test server's command for `ports`, ending a game as a draw after `maxPlies`.
std::string testServer(const std::pair<int, int>& ports, int maxPlies) {
  return std::string(TABLUT_MATCH_SERVER) + " " + std::to_string(ports.first) + " " + std::to_string(ports.second) +
         " " + std::to_string(maxPlies);
}

// A fresh folder for the logs of one test.
std::string logDir(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "tablut-match-" + name + "-" + std::to_string(getpid());
  std::filesystem::remove_all(dir);
  return dir;
}

// The whole text of a file.
std::string fileText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The state message of the start position of ashton with `turn`.
std::string startState(Turn turn) { return stateMessage(loadGame("ashton")->newGame()->record(), turn); }

TEST(TablutMatchOptions, PlaceholdersFilledAndUnknownOnesRefused) {
  cli::tablut::MatchOptions o;
  o.server = "java Server -t {timeout}";
  o.opponent = "run {side} {SIDE} {host}:{port} {timeout}";
  o.timeout = 7;
  o.whitePort = 6000;
  o.blackPort = 6001;
  EXPECT_EQ(o.serverCommand(), "java Server -t 7");
  EXPECT_EQ(o.opponentCommand(Turn::kBlack), "run black BLACK 127.0.0.1:6001 7");
  EXPECT_EQ(o.opponentCommand(Turn::kWhite), "run white WHITE 127.0.0.1:6000 7");
  EXPECT_THROW(fillPlaceholders("a {colour}", {{"side", "x"}}, "--opponent"), Error);
  EXPECT_THROW(fillPlaceholders("a {side", {{"side", "x"}}, "--opponent"), Error);
  o.server = "java Server -t {side}";
  EXPECT_THROW(o.serverCommand(), Error);
}

TEST(TablutMatchPorts, OnlyListeningSocketsCount) {
  const std::string table =
      "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
      "   0: 0100007F:16A8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1\n"
      "   1: 0100007F:16A9 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 2 1\n"
      "garbage\n";
  EXPECT_TRUE(tableListensOn(table, 5800));
  EXPECT_FALSE(tableListensOn(table, 5801));  // established, not listening
  EXPECT_FALSE(tableListensOn(table, 80));
}

// A session of ours as white that has moved once from the start, the server then sending
// the board after our move with black to move.
struct AfterOurFirstMove {
  std::unique_ptr<Game> game = loadGame("ashton");
  std::unique_ptr<Player> player = agentMaker(parseAgentSpec("greedy"), *game, moveBudgetMs(5))(1);
  std::ostringstream out;
  ClientSession session{*game, Turn::kWhite, *player, out, out};
  std::string afterMove;  // the state after our move

  AfterOurFirstMove() {
    const auto move = session.onMessage(startState(Turn::kWhite));
    auto state = game->newGame();
    state->playTurn(parseMove(*move));
    afterMove = stateMessage(state->record(), Turn::kBlack);
  }
};

TEST(TablutMatchJudge, ClosedOnTheirTurnIsScoredFromTheServerLog) {
  AfterOurFirstMove s;
  s.session.onMessage(s.afterMove);
  const MatchGame scored = judgeGame(1, Turn::kWhite, s.session, false, "Timeout!!!!\nPlayer BLACK has lost!\n");
  EXPECT_EQ(scored.theirTimeouts, 1);
  EXPECT_EQ(scored.ourTimeouts, 0);
  EXPECT_EQ(scored.result, GameResult::kWin);
  ASSERT_TRUE(scored.serverResult);
  EXPECT_EQ(*scored.serverResult, Turn::kWhiteWin);
  const MatchGame unscored = judgeGame(1, Turn::kWhite, s.session, false, "Timeout!!!!\n");
  EXPECT_EQ(unscored.result, GameResult::kNone);
  EXPECT_NE(unscored.note.find("on the opponent's turn"), std::string::npos) << unscored.note;
}

TEST(TablutMatchJudge, ClosedOnOurTurnIsOurTimeout) {
  AfterOurFirstMove s;
  const MatchGame game = judgeGame(2, Turn::kWhite, s.session, false, "Player WHITE has lost!");
  EXPECT_EQ(game.ourTimeouts, 1);
  EXPECT_EQ(game.result, GameResult::kLoss);
}

TEST(TablutMatchJudge, AGameGivenAwayWithTheBoardUnchangedIsAnIllegalMove) {
  AfterOurFirstMove s;
  s.session.onMessage(startState(Turn::kBlackWin));  // our move refused: the board as it was
  const MatchGame game = judgeGame(1, Turn::kWhite, s.session, true, "");
  EXPECT_EQ(game.ourIllegal, 1);
  EXPECT_EQ(game.theirIllegal, 0);
  EXPECT_EQ(game.result, GameResult::kLoss);
  EXPECT_NE(game.note.find("illegal"), std::string::npos) << game.note;
}

TEST(TablutMatchJudge, ABoardNoLegalMoveReachesIsTheMoversIllegalMove) {
  AfterOurFirstMove s;
  s.session.onMessage(s.afterMove);
  s.session.onMessage(s.afterMove);  // the same board again changes nothing
  s.session.onMessage(startState(Turn::kWhite));  // black "moved" back to the start: no legal move does that
  s.session.onMessage(startState(Turn::kDraw));
  const MatchGame game = judgeGame(1, Turn::kWhite, s.session, true, "");
  EXPECT_EQ(game.theirIllegal, 1);
  EXPECT_EQ(game.ourIllegal, 0);
  EXPECT_EQ(game.result, GameResult::kDraw);
}

TEST(TablutMatchSummary, CountsAndTheProjectsScoreInterval) {
  std::vector<MatchGame> games(4);
  games[0].colour = Turn::kWhite, games[0].result = GameResult::kWin, games[0].plies = 10;
  games[1].colour = Turn::kBlack, games[1].result = GameResult::kDraw, games[1].plies = 20;
  games[2].colour = Turn::kWhite, games[2].result = GameResult::kLoss, games[2].plies = 30, games[2].ourTimeouts = 1;
  games[3].colour = Turn::kBlack, games[3].theirTimeouts = 1, games[3].plies = 99;  // no result
  games[0].times.ours = {10, 30};
  games[1].times.theirs = {100};
  const MatchSummary s = summarize(games);
  EXPECT_EQ(s.overall.games(), 3);
  EXPECT_EQ(s.white.wins, 1);
  EXPECT_EQ(s.white.losses, 1);
  EXPECT_EQ(s.black.draws, 1);
  EXPECT_EQ(s.noResult, 1);
  EXPECT_EQ(s.ourTimeouts, 1);
  EXPECT_EQ(s.theirTimeouts, 1);
  EXPECT_DOUBLE_EQ(s.meanPlies, 20.0);
  EXPECT_DOUBLE_EQ(s.ours.mean, 20.0);
  EXPECT_DOUBLE_EQ(s.ours.max, 30.0);
  EXPECT_EQ(s.theirs.moves, 1);
  const Estimate expected = scoreInterval(1, 1, 1);
  EXPECT_DOUBLE_EQ(s.score.value, 0.5);
  EXPECT_DOUBLE_EQ(s.score.low, expected.low);
  EXPECT_DOUBLE_EQ(s.score.high, expected.high);
}

TEST(TablutMatchSummary, ARepeatedGameIsNamedAndCountedOnceAmongTheDistinct) {
  std::vector<MatchGame> games(5);
  for (int i = 0; i < 5; ++i) games[i].number = i + 1, games[i].result = GameResult::kWin;
  games[0].moves = games[1].moves = games[2].moves = games[4].moves = {"e3-f3", "a4-a1"};
  games[1].colour = Turn::kBlack;               // the same moves with the other colour: another game
  games[3].moves = {"e3-f3", "a4-a2"};
  games[4].result = GameResult::kNone;          // no result: not counted
  EXPECT_EQ(repeatOf(games, 0), 0);
  EXPECT_EQ(repeatOf(games, 1), 0);
  EXPECT_EQ(repeatOf(games, 2), 1);
  EXPECT_EQ(repeatOf(games, 3), 0);
  EXPECT_EQ(repeatOf(games, 4), 1);
  const MatchSummary s = summarize(games);
  EXPECT_EQ(s.overall.games(), 4);
  EXPECT_EQ(s.distinct, 3);
  std::ostringstream text;
  printSummary(text, s);
  EXPECT_NE(text.str().find("distinct games: 3 of 4 (warning: repeated games"), std::string::npos) << text.str();
  EXPECT_EQ(matchJson(games, s)["distinct_games"], 3);
}

TEST(TablutMatchCli, TwoGamesOneWithEachColour) {
  const auto ports = freePorts();
  const std::string dir = logDir("two");
  const CliResult r = runCli(matchArgs(ports, testServer(ports, 40), dir, 2) + " --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["games"].size(), 2u) << r.out;
  EXPECT_EQ(j["games"][0]["colour"], "white");
  EXPECT_EQ(j["games"][1]["colour"], "black");
  EXPECT_EQ(j["overall"]["games"], 2);
  EXPECT_EQ(j["no_result"], 0);
  EXPECT_EQ(j["our_illegal_moves"], 0);
  EXPECT_EQ(j["their_illegal_moves"], 0);
  EXPECT_EQ(j["white"]["games"], 1);
  EXPECT_EQ(j["black"]["games"], 1);
  EXPECT_EQ(j["distinct_games"], 2);
  for (int g = 0; g < 2; ++g) {
    const auto& game = j["games"][g];
    char stem[32];
    std::snprintf(stem, sizeof stem, "/game-%03d-", g + 1);
    // The server's own result line agrees with the runner's record.
    const std::string served = fileText(dir + stem + "server.log");
    EXPECT_NE(served.find("RESULT: " + game["server_result"].get<std::string>() + " after " +
                          std::to_string(game["plies"].get<int>()) + " plies"),
              std::string::npos)
        << served << game.dump();
    EXPECT_GT(game["ours"]["moves"], 0);
    EXPECT_GT(game["theirs"]["moves"], 0);
    EXPECT_EQ(game["moves"].size(), game["plies"].get<size_t>());
    // The opponent played the other colour, on that colour's port.
    const bool opponentBlack = g == 0;
    const std::string placeholders = std::string("placeholders ") + (opponentBlack ? "black BLACK" : "white WHITE") +
                                     " 127.0.0.1 " + std::to_string(opponentBlack ? ports.second : ports.first) + " 5";
    const std::string opponentLog = fileText(dir + stem + "opponent.log");
    EXPECT_NE(opponentLog.find(placeholders), std::string::npos) << opponentLog;
    EXPECT_NE(opponentLog.find("result: "), std::string::npos) << opponentLog;
    // Every message of our connection kept as it went: our name, then one state received
    // per ply and the first, and one move sent per ply of ours.
    std::istringstream frames(fileText(dir + stem + "frames.jsonl"));
    int received = 0, sent = 0;
    for (std::string line; std::getline(frames, line);) {
      const auto message = nlohmann::json::parse(line);
      if (message.contains("received")) {
        ++received;
        EXPECT_NE(message["received"].get<std::string>().find("\"board\""), std::string::npos) << line;
      } else {
        EXPECT_EQ(sent++ == 0, message["sent"] == "\"taflzero\"") << line;
      }
    }
    EXPECT_EQ(received, game["plies"].get<int>() + 1) << game.dump();
    EXPECT_EQ(sent, 1 + game["ours"]["moves"].get<int>()) << game.dump();
  }
  const int wins = j["overall"]["wins"], losses = j["overall"]["losses"];
  const Estimate score = scoreInterval(wins, j["overall"]["draws"].get<int>(), losses);
  EXPECT_DOUBLE_EQ(j["score"]["low"].get<double>(), score.low);
}

TEST(TablutMatchCli, TextOutputHasAGameLineEachAndTheSummary) {
  const auto ports = freePorts();
  const CliResult r = runCli(matchArgs(ports, testServer(ports, 6), logDir("text"), 2));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("game 1: white, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("game 2: black, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[2/2 done"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("result: 0 wins, 2 draws, 0 losses, 0 without a result; score 0.500"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("illegal moves: ours 0, theirs 0"), std::string::npos) << r.out;
}

TEST(TablutMatchCli, TheGamesAreKeptWithTheServersBoardsForRecordsCheck) {
  const auto ports = freePorts();
  const std::string dir = logDir("kept"), file = dir + "-games.jsonl";
  std::filesystem::remove(file);
  // Played to the rules' end (the test server's draw after 1000 plies is never reached).
  const CliResult r = runCli(matchArgs(ports, testServer(ports, 1000), dir, 2) + " --json --games-out " + file +
                                 " --opponent-name random --tag t1",
                             false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto match = nlohmann::json::parse(r.out);
  EXPECT_EQ(match["games_out"], file);
  const CliResult check = runCli("records check --json " + file, false);
  ASSERT_EQ(check.code, 0) << check.out;
  const auto kept = nlohmann::json::parse(check.out)["files"][0];
  EXPECT_EQ(kept["games"], 2);
  EXPECT_EQ(kept["forfeits"], 0);
  ASSERT_EQ(kept["pairings"].size(), 1u);
  // Game 1 we played white, the defenders: the opponent is named first, as the attackers.
  const auto& pairing = kept["pairings"][0];
  EXPECT_EQ(pairing["a"], "random");
  EXPECT_EQ(pairing["b"], "greedy");
  EXPECT_EQ(pairing["overall"]["wins"], match["overall"]["losses"]) << check.out << r.out;
  EXPECT_EQ(pairing["overall"]["draws"], match["overall"]["draws"]) << check.out << r.out;
  EXPECT_EQ(pairing["tags"], nlohmann::json::array({"t1"}));
  // Each game line holds the boards received: the start's and one a ply.
  std::istringstream lines(fileText(file));
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    if (n < 3) continue;
    const auto game = nlohmann::json::parse(line);
    EXPECT_EQ(game["boards"].size(), match["games"][n - 3]["plies"].get<size_t>() + 1) << line;
    EXPECT_EQ(game["settings"], "seed=1 timeout=5");
  }
  // A game the server ends where the rules do not (the test server's draw after 6 plies)
  // is told and left out.
  const std::string drawn = dir + "-drawn.jsonl";
  std::filesystem::remove(drawn);
  const CliResult cut = runCli(matchArgs(ports, testServer(ports, 6), logDir("cut"), 1) + " --games-out " + drawn);
  ASSERT_EQ(cut.code, 0) << cut.out;
  EXPECT_NE(cut.out.find("game 1 is not kept in " + drawn + ": the server drew a game the rules do not end"),
            std::string::npos)
      << cut.out;
  EXPECT_FALSE(std::filesystem::exists(drawn));
}

TEST(TablutMatchCli, AMatchGoesOnAfterTheGamesKeptInItsFile) {
  const auto ports = freePorts();
  const std::string dir = logDir("resumed"), file = dir + "-games.jsonl";
  std::filesystem::remove(file);
  const std::string match = matchArgs(ports, testServer(ports, 1000), dir, 1) + " --games-out " + file;
  ASSERT_EQ(runCli(match).code, 0);
  // The same match asked for 2 games: game 1 is kept, so only game 2 is played.
  const std::string two = std::regex_replace(match, std::regex("--games 1 "), "--games 2 ");
  const CliResult more = runCli(two);
  ASSERT_EQ(more.code, 0) << more.out;
  EXPECT_NE(more.out.find(file + " keeps 1 of the match's games; going on from game 2"), std::string::npos) << more.out;
  EXPECT_EQ(more.out.find("game 1:"), std::string::npos) << more.out;
  EXPECT_NE(more.out.find("game 2: black, "), std::string::npos) << more.out;
  const auto kept = nlohmann::json::parse(runCli("records check --json " + file, false).out)["files"][0];
  EXPECT_EQ(kept["games"], 2) << kept.dump();
  // Nothing left to play is no failure; another match's file is refused, the file unchanged.
  const CliResult done = runCli(two);
  EXPECT_EQ(done.code, 0) << done.out;
  EXPECT_NE(done.out.find("all 2 games are kept in " + file), std::string::npos) << done.out;
  const std::string before = fileText(file);
  expectOneLineError(two + " --tag other", "--games-out: " + file + " round 0 has tag 'tablut-match', not this match's");
  expectOneLineError(two + " --seed 5", "round 0 has settings 'seed=1 timeout=5'");
  EXPECT_EQ(fileText(file), before);
}

TEST(TablutMatchCli, AServerThatNeverListensStopsTheMatchAfterTwoGames) {
  const auto ports = freePorts();
  const CliResult r = runCli(matchArgs(ports, "sleep 30", logDir("silent"), 5, "", 1));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("game 1: white, no result"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("game 2: black, no result"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did not listen on ports"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("game 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("taflzero: error: the first two games failed to start"), std::string::npos) << r.out;
}

TEST(TablutMatchCli, AnOpponentEndingBeforeTheGameIsNoResult) {
  const auto ports = freePorts();
  const CliResult r = runCli(matchArgs(ports, testServer(ports, 6), logDir("gone"), 1, "exit 3"));
  EXPECT_EQ(r.code, 2) << r.out;  // no game scored: the match failed
  EXPECT_NE(r.out.find("game 1: white, no result"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the opponent command ended (exit status 3) before the game started"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("0 wins, 0 draws, 0 losses, 1 without a result"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("taflzero: error: none of the 1 games reached a result; the logs in "), std::string::npos) << r.out;
}

TEST(TablutMatchCli, AConnectionClosedOnTheirTurnIsScoredAsTheServerLogs) {
  const auto ports = freePorts();
  // The opponent connects as black, sends its name, and leaves before its first move.
  const std::string leaver =
      R"(bash -c "exec 3<>/dev/tcp/{host}/{port}; printf \"\\0\\0\\0\\006\\\"opp1\\\"\" >&3; sleep 1")";
  const CliResult r = runCli(matchArgs(ports, testServer(ports, 20), logDir("left"), 1, leaver) + " --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto game = nlohmann::json::parse(r.out)["games"][0];
  EXPECT_EQ(game["closed_on_their_turn"], 1) << game.dump();
  EXPECT_EQ(game["closed_on_our_turn"], 0) << game.dump();
  EXPECT_EQ(game["result"], "win") << game.dump();
  EXPECT_EQ(game["server_result"], "WHITEWIN") << game.dump();
  EXPECT_NE(game["note"].get<std::string>().find("its log: BLACK lost"), std::string::npos) << game.dump();
}

TEST(TablutMatchCli, BadOptionsAreOneLineErrors) {
  const std::string rest = " --timeout 5 --player greedy";
  expectOneLineError("tablut-match --server '' --opponent x --games 2" + rest, "--server: the command is empty");
  expectOneLineError("tablut-match --server s --opponent ' ' --games 2" + rest, "--opponent: the command is empty");
  expectOneLineError("tablut-match --server s --opponent x --games 0" + rest, "--games");
  expectOneLineError("tablut-match --server s --opponent x --games 2 --timeout 1 --player greedy", "--timeout");
  expectOneLineError("tablut-match --server s --opponent 'x {colour}' --games 2" + rest,
                     "unknown placeholder {colour}");
  expectOneLineError("tablut-match --server s --opponent x --games 2 --timeout 5 --player chess", "chess");
}

}  // namespace
}  // namespace tz::test

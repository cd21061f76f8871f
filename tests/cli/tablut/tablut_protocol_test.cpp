// The Tablut Challenge client's pure parts (cli/tablut/): framing round trips and refusals,
// the JSON messages with their mirrored square names, the position followed board by board
// with its repetition history, the time budget, and a fuzz loop of random, truncated and
// huge frames through the frame reader and the session, which must never crash or hang.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli/tablut/client_session.h"
#include "cli/tablut/frames.h"
#include "cli/tablut/messages.h"
#include "cli/tablut/time_budget.h"
#include "mcts/players/timed_player.h"
#include "cli/tablut/tracker.h"
#include "game/base/error.h"
#include "game/registry.h"
#include "mcts/players/player_factory.h"
#include "tests/support/error_of.h"

namespace tz::test {
namespace {

using namespace cli::tablut;

const std::string kAshtonStart = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";

// A byte stream over a string, handing out at most `chunk` bytes per read.
struct StringSource {
  std::string data;
  size_t chunk = SIZE_MAX;
  size_t at = 0;
  size_t reads = 0;
  size_t operator()(char* buffer, size_t size) {
    ++reads;
    const size_t n = std::min({size, chunk, data.size() - at});
    std::copy(data.begin() + long(at), data.begin() + long(at + n), buffer);
    at += n;
    return n;
  }
};

// Every frame of `source` until its clean end.
std::vector<std::string> readAll(StringSource& source) {
  std::vector<std::string> frames;
  const ReadSome read = [&](char* b, size_t n) { return source(b, n); };
  while (const auto frame = readFrame(read)) frames.push_back(*frame);
  return frames;
}

// A server board (9 rows of 9 cells, row 0 the server's rank 1) with the given server
// squares set, every other cell EMPTY, written independently of cli/tablut/messages.cpp.
std::string serverBoard(const std::vector<std::pair<std::string, std::string>>& cells, const std::string& turn) {
  std::string rows[9][9];
  for (auto& row : rows) std::fill(std::begin(row), std::end(row), "EMPTY");
  for (const auto& [square, cell] : cells) rows[square[1] - '1'][square[0] - 'a'] = cell;
  std::string out = "{\"board\": [";
  for (int r = 0; r < 9; ++r) {
    out += r ? ", [" : "[";
    for (int c = 0; c < 9; ++c) out += (c ? ", \"" : "\"") + rows[r][c] + "\"";
    out += "]";
  }
  return out + "], \"turn\": \"" + turn + "\"}";
}

TEST(TablutFrames, RoundTripsWithShortReads) {
  const std::vector<std::string> payloads{"", "\"taflzero\"", std::string(70000, 'x'),
                                          std::string(kMaxFrameBytes, 'y')};
  std::string stream;
  for (const auto& p : payloads) stream += encodeFrame(p);
  for (const size_t chunk : {size_t(1), size_t(3), size_t(4096), SIZE_MAX}) {
    StringSource source{stream, chunk};
    EXPECT_EQ(readAll(source), payloads) << "chunk " << chunk;
  }
  EXPECT_EQ(encodeFrame("abc"), std::string("\0\0\0\3abc", 7));
  EXPECT_EQ(encodeFrame(std::string(0x010203, 'z')).substr(0, 4), std::string("\0\1\2\3", 4));
}

TEST(TablutFrames, RefusesTruncatedAndHugeFrames) {
  const std::string frame = encodeFrame("{\"turn\": \"WHITE\"}");
  for (size_t cut = 1; cut < frame.size(); ++cut) {
    StringSource source{frame.substr(0, cut), 2};
    const std::string error = errorOf([&] { readAll(source); });
    EXPECT_NE(error.find(cut < 4 ? "inside a frame header" : "inside a frame ("), std::string::npos) << error;
  }
  // A huge length is refused after its 4 bytes, before anything else is read or allocated.
  StringSource huge{std::string("\xff\xff\xff\xff", 4) + std::string(100, 'x')};
  EXPECT_NE(errorOf([&] { readAll(huge); }).find("frame of 4294967295 bytes refused (at most 1048576)"),
            std::string::npos);
  EXPECT_EQ(huge.at, 4u);
  StringSource over{encodeFrame(std::string(kMaxFrameBytes + 1, 'x'), kMaxFrameBytes + 1)};
  EXPECT_NE(errorOf([&] { readAll(over); }).find("refused"), std::string::npos);
  EXPECT_NE(errorOf([] { encodeFrame(std::string(kMaxFrameBytes + 1, 'x')); }).find("too long"), std::string::npos);
}

TEST(TablutMessages, ReadsTheServerStartState) {
  const std::string start =
      serverBoard({{"d1", "BLACK"}, {"e1", "BLACK"}, {"f1", "BLACK"}, {"e2", "BLACK"}, {"e3", "WHITE"},
                   {"a4", "BLACK"}, {"e4", "WHITE"}, {"i4", "BLACK"}, {"a5", "BLACK"}, {"b5", "BLACK"},
                   {"c5", "WHITE"}, {"d5", "WHITE"}, {"e5", "KING"},  {"f5", "WHITE"}, {"g5", "WHITE"},
                   {"h5", "BLACK"}, {"i5", "BLACK"}, {"a6", "BLACK"}, {"e6", "WHITE"}, {"i6", "BLACK"},
                   {"e7", "WHITE"}, {"e8", "BLACK"}, {"d9", "BLACK"}, {"e9", "BLACK"}, {"f9", "BLACK"}},
                  "WHITE");
  const ServerState state = parseState(start);
  EXPECT_EQ(state.record, kAshtonStart);
  EXPECT_EQ(state.turn, Turn::kWhite);
  EXPECT_EQ(parseState(stateMessage(kAshtonStart, Turn::kBlack)).record, kAshtonStart);
}

TEST(TablutMessages, MirrorsRanks) {
  // The server's c1 (first row, drawn at the top) is our c9; its a9 our a1; THRONE is empty.
  const ServerState state =
      parseState(serverBoard({{"c1", "KING"}, {"a9", "WHITE"}, {"i8", "BLACK"}, {"e5", "THRONE"}}, "BLACKWIN"));
  EXPECT_EQ(state.record, "/T8/8t/9/9/9/9/9/9/2K6/");
  EXPECT_EQ(state.turn, Turn::kBlackWin);
  const auto sent = nlohmann::json::parse(stateMessage(state.record, state.turn));
  EXPECT_EQ(sent["board"][0][2], "KING");
  EXPECT_EQ(sent["board"][8][0], "WHITE");
  EXPECT_EQ(sent["board"][7][8], "BLACK");
  EXPECT_EQ(sent["board"][4][4], "THRONE");
  EXPECT_EQ(sent["turn"], "BLACKWIN");
  EXPECT_EQ(stateMessage("/9/9/9/9/4K4/9/9/9/9/", Turn::kDraw).find("\"THRONE\""), std::string::npos);
  EXPECT_EQ(mirrorSquare("e3"), "e7");
  EXPECT_EQ(mirrorSquare("a1"), "a9");
  EXPECT_EQ(mirrorSquare("i9"), "i1");
  EXPECT_EQ(mirrorSquare("e5"), "e5");
  for (const std::string bad : {"", "j1", "a0", "a10", "A1", "e"}) {
    EXPECT_NE(errorOf([&] { mirrorSquare(bad); }).find("is not on the 9x9 board"), std::string::npos) << bad;
  }
  EXPECT_EQ(moveMessage("e3-f3", Turn::kWhite), R"({"from":"e7","to":"f7","turn":"WHITE"})");
  EXPECT_EQ(moveMessage("d6-d4xc4/d3+", Turn::kBlack), R"({"from":"d4","to":"d6","turn":"BLACK"})");
  EXPECT_EQ(parseMove(R"({"from": "e7", "to": "f7", "turn": "WHITE"})"), "e3-f3");
  EXPECT_EQ(parseMove(moveMessage("a4-a1", Turn::kBlack)), "a4-a1");
}

TEST(TablutMessages, RefusesUnexpectedStates) {
  const std::string good = stateMessage(kAshtonStart, Turn::kWhite);
  const std::vector<std::pair<std::string, std::string>> bad{
      {"", "not JSON"},
      {"{", "not JSON"},
      {"hello", "not JSON"},
      {std::string("\"\xff\xfe\""), "not JSON"},  // not UTF-8
      {"[1, 2]", "expected a state object"},
      {"\"WHITE\"", "expected a state object"},
      {R"({"board": []})", "needs both"},
      {R"({"turn": "WHITE"})", "needs both"},
      {good.substr(0, good.size() - 8) + "\"RED\"}", "unknown turn '\"RED\"'"},
      {good.substr(0, good.size() - 8) + "1}", "unknown turn '1'"},
      {R"({"board": [[]], "turn": "WHITE"})", "expected 9 rows of 9 cells"},
      {R"({"board": "EMPTY", "turn": "WHITE"})", "expected 9 rows of 9 cells"},
      {serverBoard({{"c3", "QUEEN"}}, "WHITE"), "unknown cell '\"QUEEN\"'"},
      {serverBoard({{"c3", "THRONE"}}, "WHITE"), "THRONE away from the centre"},
      // A hostile server: nesting refused while parsing (no stack overflow), keys given twice.
      {std::string(100000, '[') + std::string(100000, ']'), "nested deeper than"},
      {R"({"board": )" + std::string(100000, '[') + std::string(100000, ']') + R"(, "turn": "WHITE"})",
       "nested deeper than"},
      {R"({"turn": "BLACK", )" + good.substr(1), "twice"},
  };
  for (const auto& [text, expected] : bad) {
    const std::string error = errorOf([&] { parseState(text); });
    EXPECT_NE(error.find(expected), std::string::npos) << quoted(text) << " -> " << error;
  }
  EXPECT_EQ(nameMessage("taflzero"), "\"taflzero\"");
  EXPECT_EQ(nameMessage("Abc123XYZ0"), "\"Abc123XYZ0\"");
  for (const std::string name : {"", "abcdefghijk", "a b", "a_b", "caf\xc3\xa9"}) {
    EXPECT_NE(errorOf([&] { nameMessage(name); }).find("1 to 10 ASCII letters and digits"), std::string::npos) << name;
  }
}

TEST(TablutTracker, KeepsTheRepetitionHistoryAcrossBoards) {
  const auto game = loadGame("ashton");
  PositionTracker tracker(*game);
  EXPECT_EQ(tracker.follow(kAshtonStart, sideToMove(Turn::kWhite)).kind, Step::Kind::kSame);
  // Boards after e3-d3 a4-a3 d3-e3 a3-a2 e3-d3, as the server sends them (no moves).
  auto replay = game->newGame();
  for (const std::string move : {"e3-d3", "a4-a3", "d3-e3", "a3-a2", "e3-d3"}) {
    replay->playTurn(move);
    const Step step = tracker.follow(replay->record(), replay->toMove());
    EXPECT_EQ(step.kind, Step::Kind::kTurn);
    EXPECT_EQ(step.notation, move);
    EXPECT_EQ(tracker.follow(replay->record(), replay->toMove()).kind, Step::Kind::kSame);
  }
  // a2-a3 brings back the position after a4-a3: a draw with the history, not without it.
  auto repeated = tracker.state().clone();
  repeated->playTurn("a2-a3");
  EXPECT_EQ(repeated->outcome().reason, end_reason::kRepetition);
  auto fresh = game->fromRecord(tracker.state().record(), "attackers");
  fresh->playTurn("a2-a3");
  EXPECT_FALSE(fresh->outcome().over);
  // A board that no legal move reaches starts anew from itself, without the history.
  EXPECT_EQ(tracker.follow("/3ttt3/4t4/4T4/4T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/", 0).kind, Step::Kind::kFresh);
  EXPECT_EQ(tracker.state().ply(), 0);
  EXPECT_NE(errorOf([&] { tracker.follow("/K8/9/9/9/4K4/9/9/9/9/", 0); }), "");
}

TEST(TablutTracker, AMoveAfterWhichOurRulesEndTheGameIsPlayedOnNotUnreached) {
  // With a ply limit of 2 our rules end the game after black's first move; the server plays on.
  const auto game = loadGame("ashton", {"ply_limit=2"});
  PositionTracker tracker(*game);
  auto replay = game->newGame();
  replay->playTurn("e3-d3");
  EXPECT_EQ(tracker.follow(replay->record(), replay->toMove()).kind, Step::Kind::kTurn);
  replay->playTurn("a4-a3");
  ASSERT_TRUE(replay->outcome().over);
  const Step step = tracker.follow(replay->record(), sideToMove(Turn::kWhite));
  EXPECT_EQ(step.kind, Step::Kind::kPlayedOn);
  EXPECT_EQ(step.notation, "a4-a3");
  EXPECT_EQ(step.ending, std::string(end_reason::kPlyLimit));
  EXPECT_FALSE(tracker.state().outcome().over);  // anew from the board: white plays on
  EXPECT_EQ(tracker.state().toMove(), sideToMove(Turn::kWhite));
}

TEST(TablutSession, AnswersEachStateOnceAndRefusesWhatIsNoState) {
  const auto game = loadGame("ashton");
  auto player = agentMaker(parseAgentSpec("greedy"), *game)(1);
  std::ostringstream out, warnings;
  ClientSession session(*game, Turn::kWhite, *player, out, warnings);
  const std::string start = stateMessage(kAshtonStart, Turn::kWhite);
  const auto move = session.onMessage(start);
  ASSERT_TRUE(move.has_value());
  EXPECT_FALSE(session.onMessage(start).has_value());  // sent again: already answered
  auto after = game->newGame();
  after->playTurn(parseMove(*move));
  EXPECT_FALSE(session.onMessage(stateMessage(after->record(), Turn::kBlack)).has_value());
  EXPECT_EQ(session.plies(), 1);
  EXPECT_EQ(session.position().record(), after->record());
  EXPECT_EQ(session.position().ply(), 1);  // replayed, not started anew
  EXPECT_EQ(warnings.str(), "");
  EXPECT_NE(errorOf([&] {
              session.onMessage(serverBoard({{"a1", "KING"}, {"b2", "KING"}}, "WHITE"));
            }).find("unexpected message from the server"),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              session.onMessage(serverBoard({{"a2", "KING"}}, "WHITE"));
            }).find("our rules score as over"),
            std::string::npos);
  EXPECT_FALSE(session.onMessage(stateMessage(after->record(), Turn::kDraw)).has_value());
  EXPECT_TRUE(session.finished());
  EXPECT_NE(errorOf([&] { session.onMessage(start); }).find("after the final state"), std::string::npos);
}

// A board without a king was played on after a warning (issue 38, item 7): it is no state.
TEST(TablutSession, RefusesABoardWithoutAKing) {
  const auto game = loadGame("ashton");
  auto player = agentMaker(parseAgentSpec("greedy"), *game)(1);
  std::ostringstream out, warnings;
  ClientSession session(*game, Turn::kWhite, *player, out, warnings);
  const std::string error = errorOf([&] { session.onMessage(serverBoard({{"a1", "BLACK"}, {"c3", "WHITE"}}, "WHITE")); });
  EXPECT_NE(error.find("unexpected message from the server"), std::string::npos) << error;
  EXPECT_NE(error.find("no king"), std::string::npos) << error;
  EXPECT_EQ(warnings.str(), "");
}

TEST(TablutBudget, LeavesAMargin) {
  EXPECT_EQ(moveBudgetMs(60), 48000);
  EXPECT_EQ(moveBudgetMs(5), 4000);
  EXPECT_EQ(moveBudgetMs(2), 1000);
  EXPECT_NE(errorOf([] { moveBudgetMs(1); }).find("expected 2 to 3600 seconds"), std::string::npos);
}

// The player of `text` for `game` with seed 1, timed as its kind says for moves of `ms`.
std::unique_ptr<TimedPlayer> timed(const std::string& text, const Game& game, int64_t ms) {
  const AgentSpec spec = parseAgentSpec(text);
  return std::make_unique<TimedPlayer>(agentMaker(spec, game)(1), agentKind(spec.kind, spec.kind).timing(spec), ms);
}

// How the kind of `text` times its players.
PlayerTiming timingOf(const std::string& text) {
  const AgentSpec spec = parseAgentSpec(text);
  return agentKind(spec.kind, spec.kind).timing(spec);
}

TEST(TablutBudget, GivesEachPlayerItsBudget) {
  const auto game = loadGame("ashton");
  // A player taking only a clock (alphabeta) searches min(its ms, the budget), its depth kept.
  EXPECT_EQ(timed("alphabeta:depth=2", *game, 4000)->name(), "alphabeta(depth=2,ms=4000)");
  EXPECT_EQ(timed("alphabeta:ms=500", *game, 4000)->name(), "alphabeta(ms=500)");
  EXPECT_EQ(timed("alphabeta:ms=9000,depth=3", *game, 4000)->name(), "alphabeta(depth=3,ms=4000)");
  EXPECT_EQ(timed("greedy", *game, 4000)->name(), "greedy");
  EXPECT_EQ(timingOf("alphabeta:depth=2").way, PlayerTiming::Way::kClock);
  EXPECT_EQ(timingOf("greedy").way, PlayerTiming::Way::kNone);
  // A new budget changes the live player's ms: nothing is rebuilt.
  const auto alphabeta = timed("alphabeta:depth=2", *game, 4000);
  alphabeta->setBudget(250);
  EXPECT_EQ(alphabeta->name(), "alphabeta(depth=2,ms=250)");
  // A search stops by the clock, at most at its spec's sims when it gives them.
  EXPECT_EQ(timingOf("uniform-mcts:sims=30").way, PlayerTiming::Way::kSearch);
  EXPECT_EQ(timingOf("uniform-mcts:sims=30").cap, 30);
  EXPECT_EQ(timingOf("uniform-mcts").cap, kTimedSimulationCap);
  EXPECT_NE(errorOf([&] { timed("greedy:sims=3", *game, 4000); }).find("unknown option"), std::string::npos);
}

TEST(TablutBudget, ASearchKeepsItsTreeAcrossBudgets) {
  const auto game = loadGame("ashton");
  const auto player = timed("uniform-mcts:sims=200", *game, 3600 * 1000);  // the spec's count decides
  const auto start = game->newGame();
  player->chooseAction(*start);
  EXPECT_EQ(player->searchReport()->simulations, 200);
  EXPECT_EQ(player->searchReport()->limitMs, 3600 * 1000);
  // A new budget (here one already spent): the next search starts from the first one's visits.
  player->setBudget(MoveTime{0, 0});
  player->chooseAction(*start);
  EXPECT_EQ(player->searchReport()->simulations, 0);
  EXPECT_EQ(player->searchReport()->visits, 200);
}

// A well-formed state of a random board (a king or none; rarely a THRONE off the centre),
// mostly with a side to move.
std::string randomState(std::mt19937& rng) {
  const char* cells[] = {"EMPTY", "EMPTY", "EMPTY", "EMPTY", "WHITE", "BLACK", "THRONE"};
  const unsigned king = rng() % 100;  // the king's cell when under 81
  std::string board = "[";
  for (unsigned r = 0; r < 9; ++r) {
    board += r ? ",[" : "[";
    for (unsigned c = 0; c < 9; ++c) {
      const char* cell = r * 9 + c == king ? "KING" : cells[rng() % (rng() % 50 == 0 ? 7 : 6)];
      board += std::string(c ? "," : "") + "\"" + cell + "\"";
    }
    board += "]";
  }
  return "{\"board\":" + board + "],\"turn\":\"" + turnName(rng() % 4 ? Turn(rng() % 2) : Turn(2 + rng() % 3)) + "\"}";
}

// Random bytes, cut and corrupted frames, random boards and huge lengths through the frame
// reader and a session: every stream ends in frames, a clean end or an Error, never anything else.
TEST(TablutFuzz, RandomFramesNeverCrashOrHang) {
  const auto game = loadGame("ashton");
  std::mt19937 rng(7);
  const std::string start = stateMessage(kAshtonStart, Turn::kWhite);
  int handled = 0;  // states taken
  for (int round = 0; round < 400; ++round) {
    std::string stream;
    for (int piece = 0; piece < 8; ++piece) {
      std::string json = start;
      if (rng() % 4 == 0) json[rng() % json.size()] = char(rng());
      switch (rng() % 10) {
        case 0:
          stream += encodeFrame(json).substr(0, rng() % (json.size() + 4));
          break;  // cut
        case 1:
          stream += std::string{char(rng()), char(rng()), char(rng()), char(rng())};
          break;  // any length
        case 2:
          for (int i = int(rng() % 64); i > 0; --i) stream += char(rng());
          break;  // random bytes
        case 3:
          stream += encodeFrame(json.substr(0, rng() % json.size()));
          break;  // cut JSON
        case 4:
          stream += encodeFrame(json);
          break;
        default:
          stream += encodeFrame(randomState(rng));
          break;
      }
    }
    auto player = agentMaker(parseAgentSpec("greedy"), *game)(1);
    std::ostringstream out, warnings;
    ClientSession session(*game, round % 2 ? Turn::kWhite : Turn::kBlack, *player, out, warnings);
    StringSource source{stream, 1 + rng() % 50};
    const ReadSome read = [&](char* b, size_t n) { return source(b, n); };
    try {
      while (const auto frame = readFrame(read)) {
        session.onMessage(*frame);
        ++handled;
      }
    } catch (const Error&) {
      // the expected end of most streams
    }
    EXPECT_LE(source.reads, stream.size() + 1);
  }
  // Most streams end at their first bad frame; a random board without a king (about a
  // fifth of them) is one since kingless positions are refused, so about 200 states are taken.
  EXPECT_GT(handled, 150);
}

}  // namespace
}  // namespace tz::test

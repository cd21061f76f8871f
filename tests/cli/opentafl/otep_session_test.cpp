// The OpenTafl Engine Protocol (docs/OPENTAFL.md): whole games driven the way OpenTafl 0.4.8
// drives an engine (rules, clock before play, move, opponent-move without captures,
// error 2 and the turn repeated, finish, goodbye), refusals, a '|' move list, thousands of
// fuzzed lines that never make the session throw, and the opentafl-engine process.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cli/opentafl/otep_session.h"
#include "cli/opentafl/otn_moves.h"
#include "cli/opentafl/otn_variant.h"
#include "game/base/error.h"
#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

using cli::opentafl::OtepSession;

const std::string kBrandub = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
const std::string kFetlar =
    "dim:11 name:Fetlar atkf:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
const std::string kCopenhagen =
    "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

// The one line of an answer that starts with `prefix` ("" when none does).
std::string lineStarting(const std::vector<std::string>& lines, const std::string& prefix) {
  for (const auto& line : lines) {
    if (line.rfind(prefix, 0) == 0) return line;
  }
  return "";
}

// OpenTafl as a host of two engines, as observed (docs/OPENTAFL.md 2): it holds the game,
// sends each turn's messages, refuses a move with `error 2` and repeats the turn.
class Host {
 public:
  // A game of `rules` between `attackers` and `defenders`; the host refuses the first move
  // the engine of `refuseOnce` proposes, as if its rules differed.
  Host(const std::string& rules, OtepSession& attackers, OtepSession& defenders, int refuseOnce)
      : game_(cli::opentafl::gameOfOtn(rules)), state_(game_->newGame()), engines_{&attackers, &defenders},
        refuseOnce_(refuseOnce) {
    for (auto* engine : engines_) transcript_.push_back("< rules " + rules), engine->handle("rules " + rules);
  }

  // Plays one turn; returns false once the game is over (finish and goodbye sent).
  bool turn() {
    const int side = state_->toMove();
    OtepSession& engine = *engines_[side];
    send(engine, "clock 59592 60000 2 3 3 ");
    const std::string move = lineStarting(send(engine, "play " + game_->sideName(side)), "move ");
    EXPECT_FALSE(move.empty()) << "no move in turn " << state_->ply();
    if (move.empty()) return false;
    const std::string otn = move.substr(5);
    if (refuseOnce_ == side || !legal(otn)) {
      refuseOnce_ = -1;
      ++refusals_;
      send(engine, "error 2");
      send(engine, "opponent-move " + (last_.empty() ? "" : last_ + " ") + state_->record());
      return true;  // the same side plays again
    }
    state_->playTurn(otn);
    last_ = otn;
    if (state_->outcome().over) {  // the last move is not sent (docs/OPENTAFL.md 2)
      const int code = state_->outcome().winner < 0 ? 1 : state_->outcome().winner == 0 ? 2 : 3;
      for (auto* e : engines_) send(*e, "finish " + std::to_string(code)), send(*e, "goodbye");
      return false;
    }
    send(engine, "move " + state_->record());
    send(*engines_[1 - side], "opponent-move " + otn + " " + state_->record());
    return true;
  }

  const State& state() const { return *state_; }
  int refusals() const { return refusals_; }
  const std::vector<std::string>& transcript() const { return transcript_; }

 private:
  // Sends a line to an engine, recording both directions.
  std::vector<std::string> send(OtepSession& engine, const std::string& line) {
    transcript_.push_back("< " + line);
    auto out = engine.handle(line);
    for (const auto& reply : out) {
      transcript_.push_back("> " + reply);
      EXPECT_EQ(reply.rfind("error", 0), std::string::npos) << reply;
    }
    return out;
  }
  // Whether `otn` is legal now.
  bool legal(const std::string& otn) const {
    for (const auto& turn : state_->legalTurns()) {
      if (cli::opentafl::otnOfMove(turn) == otn) return true;
    }
    return false;
  }

  std::unique_ptr<Game> game_;
  std::unique_ptr<State> state_;
  OtepSession* engines_[2];
  int refuseOnce_;
  int refusals_ = 0;
  std::string last_;
  std::vector<std::string> transcript_;
};

TEST(OtepSession, PlaysAWholeGameAsOpenTaflDrivesIt) {
  OtepSession attackers("alphabeta:depth=1", 1), defenders("greedy", 2);
  Host host(kBrandub, attackers, defenders, /*refuseOnce=*/1);
  int turns = 0;
  while (host.turn() && turns < 3000) ++turns;
  EXPECT_LT(turns, 3000) << "the game did not end";
  EXPECT_TRUE(host.state().outcome().over);
  EXPECT_EQ(host.refusals(), 1);  // the refused move was replaced by another, not repeated
  EXPECT_TRUE(attackers.finished());
  EXPECT_TRUE(defenders.finished());
  EXPECT_EQ(host.transcript()[0], "< rules " + kBrandub);
  // The engines followed the game: each holds the position of the last move it was told of.
  EXPECT_GT(host.state().ply(), 4);
}

// OpenTafl's own Copenhagen and Fetlar strings start a game, and the engines play it.
TEST(OtepSession, CopenhagenAndFetlarStringsArePlayed) {
  for (const std::string& rules : {kCopenhagen, kFetlar}) {
    OtepSession attackers("alphabeta:depth=1", 1), defenders("greedy", 2);
    Host host(rules, attackers, defenders, /*refuseOnce=*/-1);
    ASSERT_NE(attackers.position(), nullptr) << "the rules were refused: " << rules;
    int turns = 0;
    while (turns < 24 && host.turn()) ++turns;
    EXPECT_TRUE(turns == 24 || host.state().outcome().over) << rules;
    EXPECT_GT(host.state().ply(), 2) << rules;
    EXPECT_EQ(host.refusals(), 0) << rules;  // every move the engines chose was legal in OpenTafl's rules
  }
}

TEST(OtepSession, RefusedMoveIsNotOfferedAgain) {
  OtepSession engine("greedy", 1);
  engine.handle("rules " + kBrandub);
  const std::string first = lineStarting(engine.handle("play attackers"), "move ");
  ASSERT_FALSE(first.empty());
  EXPECT_TRUE(engine.handle("error 2").empty());
  EXPECT_TRUE(engine.handle("opponent-move /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/").empty());
  const std::string second = lineStarting(engine.handle("play attackers"), "move ");
  ASSERT_FALSE(second.empty());
  EXPECT_NE(first, second);
}

TEST(OtepSession, FollowsOpponentMovesWithoutCapturesAndMoveLists) {
  OtepSession engine("greedy", 1);
  ASSERT_EQ(lineStarting(engine.handle("rules " + kBrandub), "status").rfind("status taflzero plays brandub", 0), 0u);
  // A '|'-separated list (a pre-played opening), then the position record that comes with it.
  auto out = engine.handle("opponent-move d6-b6|d5-d6|b6-b5 /3t3/3t3/3T3/ttTKTtt/1t1T3/3T3/7/");
  EXPECT_TRUE(out.empty());
  ASSERT_NE(engine.position(), nullptr);
  EXPECT_EQ(engine.position()->record(), "/3t3/3t3/3T3/ttTKTtt/1t1T3/3T3/7/");
  // A list that does not lead to the record: the record is trusted.
  engine.handle("opponent-move a1-a2 /3t3/3t3/3T3/ttTKTtt/3T3/7/3t3/");
  EXPECT_EQ(engine.position()->record(), "/3t3/3t3/3T3/ttTKTtt/3T3/7/3t3/");
  const std::string move = lineStarting(engine.handle("play defenders"), "move ");
  EXPECT_EQ(move.find_first_of("x+", 5), std::string::npos) << move;  // simple moves only
}

// A NUL byte in a quoted word cut the error line short at it (issue 38, item 8).
TEST(OtepSession, NulBytesAreShownAsQuestionMarks) {
  OtepSession engine("greedy", 1);
  engine.handle("rules " + kBrandub);
  const auto out = engine.handle(std::string("side attack\0ers", 15));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], "error 0 taflzero: unknown side 'attack?ers': expected attackers or defenders");
  const auto position = engine.handle(std::string("position /3t3/3t3/3T3/ttT\0Ttt/3T3/3t3/3t3/", 42));
  ASSERT_EQ(position.size(), 1u);
  EXPECT_NE(position[0].find("'/3t3/3t3/3T3/ttT?Ttt/3T3/3t3/3t3/': unknown piece '?'"), std::string::npos) << position[0];
}

TEST(OtepSession, RefusesRulesAndPlaysNothingWithoutThem) {
  OtepSession engine("greedy", 1);
  EXPECT_EQ(lineStarting(engine.handle("play attackers"), "error -1").empty(), false);
  const auto refused = engine.handle("rules dim:9 linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/");
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0].rfind("error -1 taflzero: OTN rules: linc:y cannot be played", 0), 0u) << refused[0];
  EXPECT_FALSE(lineStarting(engine.handle("play attackers"), "error -1").empty());
  EXPECT_FALSE(lineStarting(engine.handle("clock 1 2"), "error 0").empty());
  EXPECT_TRUE(engine.handle("analysis-unknown 1 2").empty());  // unknown messages are ignored
  EXPECT_TRUE(OtepSession("greedy", 1).handle("goodbye").empty());
  EXPECT_THROW(OtepSession("nosuchplayer", 1), Error);
}

TEST(OtepSession, FuzzedLinesNeverThrowOrHang) {
  std::mt19937 rng(7);
  const std::vector<std::string> heads{"rules", "position", "side", "clock", "play", "move", "error", "opponent-move",
                                       "finish", "analyze", "hello", "", "\x01\xff", "rules dim:7"};
  const std::vector<std::string> words{kBrandub, "attackers", "defenders", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "d6-b6",
                                       "d6-b6|b6-b5", "x", "-1", "2", "59592*", "|||", "start:", "dim:99", "/7/7/",
                                       "Ke4-a4--", "e4-e7xf7/", "999999999999999999"};
  for (int round = 0; round < 3; ++round) {
    OtepSession engine("greedy", round);
    for (int i = 0; i < 1500; ++i) {
      std::string line = heads[rng() % heads.size()];
      for (int n = rng() % 4; n > 0; --n) line += " " + words[rng() % words.size()];
      if (!line.empty() && rng() % 10 == 0) line[rng() % line.size()] = char(rng());  // a garbage byte
      std::vector<std::string> out;
      EXPECT_NO_THROW(out = engine.handle(line)) << line;
      for (const auto& reply : out) {
        for (const char c : reply) EXPECT_TRUE(c >= ' ' && c <= '~') << reply;
        const bool known = reply.rfind("move ", 0) == 0 || reply.rfind("error ", 0) == 0 || reply.rfind("status ", 0) == 0;
        EXPECT_TRUE(known) << reply;
      }
    }
    const auto huge = engine.handle(std::string(100, 'r'), 10u << 20);
    ASSERT_EQ(huge.size(), 1u);
    EXPECT_EQ(huge[0].rfind("error 0 taflzero: line of 10485760 bytes refused", 0), 0u) << huge[0];
    // Whatever came before, rules and play still give a move.
    engine.handle("rules " + kBrandub);
    EXPECT_FALSE(lineStarting(engine.handle("play attackers"), "move ").empty());
  }
}

TEST(OtepSession, CommandSpeaksFirstAndFollowsTheHost) {
  const CliResult r = runCli("opentafl-engine --player greedy <<'EOF'\nrules " + kBrandub +
                             "\nclock 59592 60000 2 3 3 \nplay attackers\nbogus\ngoodbye\nEOF", false);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("hello\nstatus taflzero plays brandub as greedy\nmove ", 0), 0u) << r.out;
  const CliResult ini = runCli("opentafl-engine --player alphabeta:ms=500 --ini", false);
  EXPECT_EQ(ini.code, 0);
  EXPECT_NE(ini.out.find("[engine]\n"), std::string::npos) << ini.out;
  EXPECT_NE(ini.out.find("\narguments=opentafl-engine --player alphabeta:ms=500 --seed 1\n"), std::string::npos) << ini.out;
  expectOneLineError("opentafl-engine --player nosuch --ini", "unknown player 'nosuch'");
  expectOneLineError("opentafl-engine --show-rules 'dim:9 tfr:l start:/9/9/9/9/9/9/9/9/9/'", "tfr:l cannot be played");
}

}  // namespace
}  // namespace tz::test

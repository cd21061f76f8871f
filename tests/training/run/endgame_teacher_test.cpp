// Endgame teaching (docs/EGTB.md 9): lessons drawn from the morris 3v3 table carry the
// table's exact value and spread their policy over the actions of best turns; a turn with
// a removal is taught at both of its decisions; critical draws are decisions that matter and
// best replies the opponent's position after a best turn, and they make the share `critical`
// of the lessons; batches keep their self-play rows;
// and an experiment naming tables that cannot be used is refused with the command that builds them.
#include <gtest/gtest.h>

#include <numeric>
#include <set>

#include "game/base/error.h"
#include "game/morris/egtb/morris_tables.h"
#include "tests/game/morris/morris_helpers.h"
#include "tests/support/error_of.h"
#include "tests/support/morris_tables.h"
#include "training/run/endgame_teacher.h"

namespace tz::test {
namespace {

const Game& game() {
  static const std::unique_ptr<Game> g = morrisGame();
  return *g;
}

std::unique_ptr<EndgameTeacher> teacher(uint64_t seed = 3) {
  EndgameTeachingConfig config;
  config.tables = morrisTables3v3();
  return openEndgameTeacher(game(), config, "exp.yaml", seed);
}

float mass(const Sample& s) {
  return std::accumulate(s.policy.begin(), s.policy.end(), 0.f, [](float m, const auto& p) { return m + p.second; });
}

// The names of the actions a sample's policy target holds, in `state`.
std::set<std::string> targetNames(const State& state, const Sample& s) {
  std::set<std::string> names;
  for (const auto& [a, p] : s.policy) names.insert(state.actionName(a));
  return names;
}

TEST(EndgameTeacher, AFlierClosingAMillIsTaughtTheFlightAndThenEveryRemoval) {
  // White flies g7-a7 to close a1-a4-a7 and wins whichever piece it removes (MorrisEgtb.FlierClosingAMillWinsInOne).
  const auto position = morrisState(game(), "a1 a4 g7", "b2 d2 f2", "white 0 0 40");
  auto pending = position->clone();
  std::vector<Action> legal;
  position->legalActions(legal);
  for (Action a : legal)
    if (position->actionName(a) == "g7-a7") pending->apply(a);
  ASSERT_EQ(pending->toMove(), position->toMove());  // the removal is still White's
  const auto t = teacher();
  int flights = 0, removals = 0;
  for (int i = 0; i < 200; ++i) {
    const Sample s = t->lesson(*position);
    EXPECT_EQ(s.value, 1.f);
    EXPECT_NEAR(mass(s), 1.f, 1e-5);
    std::vector<float> planes(game().inputShape().size());
    position->encode(planes.data());
    if (s.planes == planes) {
      EXPECT_EQ(targetNames(*position, s), (std::set<std::string>{"g7-a7"}));
      ++flights;
    } else {
      pending->encode(planes.data());
      EXPECT_EQ(s.planes, planes);
      EXPECT_EQ(targetNames(*pending, s), (std::set<std::string>{"xb2", "xd2", "xf2"}));
      ++removals;
    }
  }
  EXPECT_GT(flights, 60);
  EXPECT_GT(removals, 60);
}

TEST(EndgameTeacher, LessonsOfDrawnPositionsAgreeWithTheTables) {
  morris::egtb::MorrisEndgameTables tables(static_cast<const morris::MorrisGame&>(game()), morrisTables3v3());
  const auto t = teacher(5);
  std::mt19937_64 rng(11);
  int byValue[3] = {};
  for (int i = 0; i < 300; ++i) {
    const auto position = tables.drawPosition("3v3", rng);
    const EndgameProbe probe = tables.probe(*position);
    const Sample s = t->lesson(*position);
    EXPECT_EQ(s.value, probe.value.result == EndgameResult::kWin ? 1.f : probe.value.result == EndgameResult::kLoss ? -1.f : 0.f);
    EXPECT_NEAR(mass(s), 1.f, 1e-5);
    ++byValue[int(s.value) + 1];
    std::vector<float> planes(game().inputShape().size());
    position->encode(planes.data());
    if (s.planes != planes) continue;  // taught at the removal
    for (const std::string& name : targetNames(*position, s)) {
      bool begins = false;
      for (const std::string& turn : probe.best) begins = begins || turn.rfind(name, 0) == 0;
      EXPECT_TRUE(begins) << name << " begins no best turn of " << position->record();
    }
  }
  EXPECT_GT(byValue[0] + byValue[2], 0);  // the class has decided positions
}

// Whether some turn of `position` changes its result.
bool decisionMatters(EndgameTables& tables, const State& position) {
  const EndgameProbe probe = tables.probe(position);
  for (const EndgameTurn& t : probe.turns)
    if (t.value.result != probe.value.result) return true;
  return false;
}

TEST(EndgameTeacher, CriticalDrawsAreDecisionsThatMatter) {
  morris::egtb::MorrisEndgameTables tables(static_cast<const morris::MorrisGame&>(game()), morrisTables3v3());
  const auto t = teacher(7);
  std::mt19937_64 rng(13);
  int uniformMatter = 0;
  for (int i = 0; i < 200; ++i) {
    const auto critical = t->drawCritical("3v3");
    EXPECT_TRUE(decisionMatters(tables, *critical)) << critical->record();
    uniformMatter += decisionMatters(tables, *tables.drawPosition("3v3", rng));
  }
  EXPECT_LT(uniformMatter, 200);  // uniform draws hold positions where every turn keeps the result
}

TEST(EndgameTeacher, BestRepliesAreTheOpponentsPositionAfterABestTurn) {
  morris::egtb::MorrisEndgameTables tables(static_cast<const morris::MorrisGame&>(game()), morrisTables3v3());
  const auto t = teacher(9);
  // The flier's winning mill leaves Black two pieces: the game is over, there is no reply to teach.
  EXPECT_EQ(t->bestReply(*morrisState(game(), "a1 a4 g7", "b2 d2 f2", "white 0 0 40")), nullptr);
  std::mt19937_64 rng(17);
  int replies = 0;
  for (int i = 0; i < 200; ++i) {
    const auto position = tables.drawPosition("3v3", rng);
    const EndgameValue value = tables.probe(*position).value;
    const auto reply = t->bestReply(*position);
    if (!reply) continue;
    ++replies;
    EXPECT_NE(reply->toMove(), position->toMove());
    const EndgameValue after = tables.probe(*reply).value;
    const EndgameResult mirrored = value.result == EndgameResult::kWin    ? EndgameResult::kLoss
                                   : value.result == EndgameResult::kLoss ? EndgameResult::kWin
                                                                          : EndgameResult::kDraw;
    EXPECT_EQ(after.result, mirrored) << position->record();
    if (value.result != EndgameResult::kDraw) {
      EXPECT_EQ(after.distance, value.distance - 1) << position->record();
    }
  }
  EXPECT_GT(replies, 100);
}

// What 2,000 lesson positions of a teacher with share `critical` on the 3v3, 3v4 and 4v3
// tables hold: the share of the 3v4 ones where a turn changes the result, and the lost 4v3
// ones (a winning 3v4 turn's reply; 0.4% of the class).
struct LessonMix {
  double matter3v4 = 0;
  int lost4v3 = 0;
};
LessonMix lessonMix(double critical) {
  EndgameTeachingConfig config;
  config.tables = morrisTables3v4();
  config.critical = critical;
  const auto t = openEndgameTeacher(game(), config, "exp.yaml", 21);
  morris::egtb::MorrisEndgameTables tables(static_cast<const morris::MorrisGame&>(game()), config.tables);
  LessonMix mix;
  int positions3v4 = 0, matter = 0;
  for (int i = 0; i < 2000; ++i) {
    const auto position = t->drawLessonPosition();
    const EndgameProbe probe = tables.probe(*position);
    if (probe.positionClass == "3v4") {
      ++positions3v4;
      matter += decisionMatters(tables, *position);
    }
    mix.lost4v3 += probe.positionClass == "4v3" && probe.value.result == EndgameResult::kLoss;
  }
  mix.matter3v4 = double(matter) / positions3v4;
  return mix;
}

TEST(EndgameTeacher, TheCriticalShareOfLessonsAreDecisionsThatMatterAndTheirReplies) {
  const LessonMix uniform = lessonMix(0), half = lessonMix(0.5), all = lessonMix(1);
  // About half of uniform 3v4 positions matter (most of the class is drawn whatever is played).
  EXPECT_LT(uniform.matter3v4, 0.6);
  EXPECT_GT(all.matter3v4, uniform.matter3v4 + 0.2);
  EXPECT_GT(half.matter3v4, uniform.matter3v4);
  EXPECT_LT(half.matter3v4, all.matter3v4);
  // The replies teach the lost 4v3 positions that uniform draws almost never reach.
  EXPECT_LE(uniform.lost4v3, 10);
  EXPECT_GE(all.lost4v3, 20);
}

TEST(EndgameTeacher, ReplacesOnlyTheLastRowsOfABatch) {
  Batch batch = emptyBatch(game(), 4);
  std::fill(batch.values.begin(), batch.values.end(), 0.5f);
  teacher()->replaceRows(batch, 2);
  EXPECT_EQ(batch.values[0], 0.5f);
  EXPECT_EQ(batch.values[1], 0.5f);
  const int actions = game().numActions();
  for (int row : {0, 1, 2, 3}) {
    const float* policy = batch.policy.data() + size_t(row) * actions;
    EXPECT_NEAR(std::accumulate(policy, policy + actions, 0.f), row < 2 ? 0.f : 1.f, 1e-5);
  }
  for (int row : {2, 3}) EXPECT_NE(batch.values[size_t(row)], 0.5f);
}

TEST(EndgameTeacher, UnusableTablesAreRefusedWithTheBuildCommand) {
  EndgameTeachingConfig none;
  EXPECT_EQ(openEndgameTeacher(game(), none, "exp.yaml", 1), nullptr);
  EndgameTeachingConfig missing;
  missing.tables = morrisTables3v3() + "/absent";
  const std::string why = errorOf([&] { openEndgameTeacher(game(), missing, "exp.yaml", 1); });
  EXPECT_NE(why.find("exp.yaml: key 'training.endgame.tables'"), std::string::npos) << why;
  EXPECT_NE(why.find("taflzero egtb build --variant morris --out " + missing.tables), std::string::npos) << why;
  EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  const std::unique_ptr<Game> brandubh = loadGame("brandubh", {});
  EndgameTeachingConfig present;
  present.tables = morrisTables3v3();
  expectError([&] { openEndgameTeacher(*brandubh, present, "exp.yaml", 1); }, "variant brandubh has none");
}

}  // namespace
}  // namespace tz::test

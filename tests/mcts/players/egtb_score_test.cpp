// Scoring agents against the morris endgame database (docs/EGTB.md 8) on the 3v3 class:
// the database's own player keeps every value, a random player does not, the draws depend
// on the seed only, a value head is scored by its sign, and bad requests are refused.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>

#include "game/base/error.h"
#include "game/morris/egtb/builder.h"
#include "game/morris/egtb/morris_tables.h"
#include "mcts/players/egtb_player.h"
#include "mcts/players/egtb_score.h"
#include "tests/support/error_of.h"

namespace tz::test {
namespace {

using namespace morris;
using namespace morris::egtb;
using players::ClassScore;
using players::EgtbScoreOptions;

// A database folder of its own with the 3v3 table (flying), built once per process (ctest
// runs the tests in parallel processes) and removed when the process ends.
struct Folder3v3 {
  std::string path;
  Folder3v3() {
    char name[] = "/tmp/taflzero-egtb-score-XXXXXX";
    path = mkdtemp(name);
    buildDatabase({path, {{3, 3}}, true, "morris"});
  }
  ~Folder3v3() { std::filesystem::remove_all(path); }
};

const std::string& folder3v3() {
  static const Folder3v3 folder;
  return folder.path;
}

const MorrisGame& game() {
  static const MorrisGame g(Rules{"morris"});
  return g;
}

// The scores of `agent` on `positions` 3v3 positions drawn with `seed`.
ClassScore score(const std::string& agent, int positions = 300, uint64_t seed = 7, Evaluator* head = nullptr) {
  MorrisEndgameTables tables(game(), folder3v3());
  EgtbScoreOptions options;
  options.agent = parseAgentSpec(agent);
  options.positions = positions;
  options.seed = seed;
  const std::vector<ClassScore> scores = players::scoreAgainstDatabase(game(), tables, options, head);
  EXPECT_EQ(scores.size(), 1u);
  return scores.at(0);
}

// An evaluator whose value is `value(state)` and whose priors are uniform.
class FixedHead final : public Evaluator {
 public:
  explicit FixedHead(std::function<float(const State&)> value, float draw = 0.f)
      : value_(std::move(value)), draw_(draw) {}
  void evaluate(EvalRequest* requests, int count) override {
    for (EvalRequest* r = requests; r != requests + count; ++r) {
      for (int i = 0; i < r->numLegal; ++i) r->priors[i] = 1.f / float(r->numLegal);
      r->value = value_(*r->state);
      r->draw = draw_;
    }
  }
  std::string name() const override { return "fixed"; }

 private:
  std::function<float(const State&)> value_;
  float draw_;  // the draw chance it gives every position (0: a scalar head)
};

TEST(EgtbScore, TheDatabasePlayerKeepsEveryValue) {
  const ClassScore s = score("egtb:" + folder3v3());
  EXPECT_EQ(s.cls, "3v3");
  EXPECT_EQ(s.positions, 300);
  EXPECT_EQ(s.byResult[0] + s.byResult[1] + s.byResult[2], 300);
  EXPECT_GT(s.byResult[int(EndgameResult::kWin)], 0);
  EXPECT_GT(s.byResult[int(EndgameResult::kLoss)], 0);
  EXPECT_EQ(s.keptShare(), 1.0);
  EXPECT_EQ(s.keptShare(EndgameResult::kWin), 1.0);
  EXPECT_EQ(s.meanWinPliesLost(), 0.0);
  EXPECT_FALSE(s.hasValueHead);
  EXPECT_TRUE(std::isnan(s.valueHeadAccuracy()));
}

TEST(EgtbScore, ARandomPlayerThrowsWinsAway) {
  const ClassScore best = score("egtb:" + folder3v3());
  const ClassScore random = score("random");
  // The same seed draws the same positions whatever the agent.
  for (int r = 0; r < 3; ++r) EXPECT_EQ(random.byResult[r], best.byResult[r]);
  EXPECT_LT(random.keptShare(EndgameResult::kWin), 1.0);
  EXPECT_LT(random.keptShare(), 1.0);
  // A lost position is kept by any turn.
  EXPECT_EQ(random.keptShare(EndgameResult::kLoss), 1.0);
  EXPECT_GT(random.meanWinPliesLost(), 0.0);
  // Another seed draws other positions.
  const ClassScore other = score("random", 300, 8);
  EXPECT_FALSE(other.byResult[0] == random.byResult[0] && other.byResult[2] == random.byResult[2] &&
               other.kept[2] == random.kept[2]);
}

TEST(EgtbScore, AValueHeadIsScoredByItsSign) {
  Database db(folder3v3(), true);
  FixedHead truth([&](const State& state) {
    const Result r = db.probe(parseRecord(state.record())).value.result;
    return r == Result::kWin ? 0.9f : r == Result::kLoss ? -0.9f : 0.f;
  });
  const ClassScore right = score("random", 200, 7, &truth);
  EXPECT_TRUE(right.hasValueHead);
  EXPECT_EQ(right.valueHeadAccuracy(), 1.0);
  // A head that always says "draw" (|v| within the draw band) is right on the draws only.
  FixedHead drawish([](const State&) { return players::kValueHeadDrawBand / 2; });
  const ClassScore draws = score("random", 200, 7, &drawish);
  EXPECT_EQ(draws.valueHeadCorrect, draws.byResult[int(EndgameResult::kDraw)]);
  FixedHead winning([](const State&) { return 0.5f; });
  const ClassScore wins = score("random", 200, 7, &winning);
  EXPECT_EQ(wins.valueHeadCorrect, wins.byResult[int(EndgameResult::kWin)]);
}

TEST(EgtbScore, AWinDrawLossHeadIsScoredByItsLikeliestResult) {
  Database db(folder3v3(), true);
  // A truthful head with small margins: value +-0.2 (inside the scalar draw band) but a win
  // (or a loss) likelier than a draw, at 0.55 against 0.1.
  FixedHead truth(
      [&](const State& state) {
        const Result r = db.probe(parseRecord(state.record())).value.result;
        return r == Result::kWin ? 0.2f : r == Result::kLoss ? -0.2f : 0.f;
      },
      0.1f);
  EXPECT_EQ(score("random", 200, 7, &truth).valueHeadAccuracy(), 1.0);
  // Value 0.38 (a win by the scalar band) with a draw chance of 0.6: the draw is likeliest.
  FixedHead drawing([](const State&) { return 0.38f; }, 0.6f);
  const ClassScore draws = score("random", 200, 7, &drawing);
  EXPECT_EQ(draws.valueHeadCorrect, draws.byResult[int(EndgameResult::kDraw)]);
  EXPECT_GT(draws.byResult[int(EndgameResult::kWin)], draws.valueHeadCorrect);
}

TEST(EgtbScore, BadRequestsAreRefused) {
  MorrisEndgameTables db(game(), folder3v3());
  EgtbScoreOptions options;
  options.agent = parseAgentSpec("random");
  options.positions = 0;
  expectError([&] { players::scoreAgainstDatabase(game(), db, options, nullptr); }, "positions = 0");
  options.positions = 10;
  options.classes = {"4v4"};
  expectError([&] { players::scoreAgainstDatabase(game(), db, options, nullptr); },
              "cannot score class 4v4: no table for class 4v4");
  options.classes = {"4x4"};
  expectError([&] { players::scoreAgainstDatabase(game(), db, options, nullptr); }, "cannot score class 4x4");
}

}  // namespace
}  // namespace tz::test

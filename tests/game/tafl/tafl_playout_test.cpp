// Random playouts over every tafl preset, checking the tafl invariants at every ply:
// incremental hash, falling piece counts, actions agreeing with the move list, the ply
// limit, and the board symmetries on planes and actions. The checks every game shares
// (clones, action ranges, results at the end) are in conformance_test.cpp.
#include <random>

#include "game/tafl/tafl_game.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/support/test_name.h"

namespace tz::test {
namespace {

int countPieces(const std::string& record, char piece) { return int(std::count(record.begin(), record.end(), piece)); }

std::string bare(const std::string& name) {
  std::string out = name.substr(0, name.find_first_of("x+"));
  return out;
}

// The record of the board transformed by symmetry s.
std::string transformedRecord(const Game& g, const State& s, int sym) {
  const int n = g.inputShape().height;
  const auto cells = tafl::parseRecord(s.record(), n);
  std::vector<uint8_t> out(cells.size());
  for (size_t i = 0; i < cells.size(); ++i) out[g.cellMap(sym)[i]] = cells[i];
  return tafl::writeRecord(out, n);
}

void checkSymmetries(const Game& g, const State& s, const std::vector<Action>& legal, bool historyFree) {
  const TensorShape shape = g.inputShape();
  const int area = shape.height * shape.width;
  std::vector<float> planes(shape.size()), moved(shape.size());
  s.encode(planes.data());
  for (int sym = 0; sym < g.numSymmetries(); ++sym) {
    auto t = g.fromRecord(transformedRecord(g, s, sym), g.sideName(s.toMove()));
    std::vector<Action> theirs;
    t->legalActions(theirs);
    std::sort(theirs.begin(), theirs.end());
    std::vector<Action> mapped;
    for (Action a : legal) mapped.push_back(g.actionMap(sym)[a]);
    std::sort(mapped.begin(), mapped.end());
    if (historyFree) {
      ASSERT_EQ(mapped, theirs) << g.name() << " symmetry " << sym;
    } else {
      ASSERT_TRUE(std::includes(theirs.begin(), theirs.end(), mapped.begin(), mapped.end()));
    }
    // The encoding commutes with the symmetry on the board planes (0..7).
    t->encode(moved.data());
    for (int p = 0; p < 8; ++p) {
      for (int i = 0; i < area; ++i) {
        ASSERT_EQ(planes[p * area + i], moved[p * area + g.cellMap(sym)[i]]) << g.name() << " plane " << p;
      }
    }
  }
}

class TaflPlayout : public ::testing::TestWithParam<std::string> {};

TEST_P(TaflPlayout, InvariantsHoldAtEveryPly) {
  auto g = variant(GetParam());
  const int n = g->inputShape().height;
  const int games = n <= 9 ? 12 : n <= 13 ? 3 : 1;
  std::mt19937_64 rng(2026);
  std::vector<Action> legal;
  const bool historyFree = g->rulesYaml().find("rule: forbidden") == std::string::npos;
  for (int game = 0; game < games; ++game) {
    auto s = g->newGame();
    int plies = 0;
    while (!s->outcome().over) {
      const auto* tafl = dynamic_cast<const tafl::TaflState*>(s.get());
      ASSERT_NE(tafl, nullptr);
      ASSERT_EQ(tafl->position().hash(), tafl->position().computeHash());
      s->legalActions(legal);
      ASSERT_FALSE(legal.empty());
      // Actions and the move list agree one to one.
      auto turns = s->legalTurns();
      ASSERT_EQ(turns.size(), legal.size());
      std::vector<std::string> names;
      for (Action a : legal) names.push_back(bare(s->actionName(a)));
      std::sort(names.begin(), names.end());
      std::sort(turns.begin(), turns.end());
      ASSERT_EQ(names, turns);
      if (plies % 7 == 0) checkSymmetries(*g, *s, legal, historyFree);
      const std::string before = s->record();
      s->apply(legal[rng() % legal.size()]);
      ++plies;
      const std::string after = s->record();
      ASSERT_LE(countPieces(after, 't'), countPieces(before, 't'));
      ASSERT_LE(countPieces(after, 'T'), countPieces(before, 'T'));
      ASSERT_LE(plies, 100000);
    }
    EXPECT_LE(s->ply(), dynamic_cast<const tafl::TaflGame&>(*g).topology().rules.plyLimit);
  }
}

TEST(TaflPlayoutSetup, SymmetricPresetsHaveAllEightSymmetries) {
  for (const auto& name : presetNames()) {
    auto g = variant(name);
    if (g->family() == "tafl") {
      EXPECT_EQ(g->numSymmetries(), 8) << name;
    }
  }
  // An asymmetric setup keeps only the symmetries that fix it.
  auto lopsided = variant("linnaeus", {"setup=" + board(9, {{"a1", 't'}, {"e5", 'K'}})});
  EXPECT_EQ(lopsided->numSymmetries(), 2);  // identity and the diagonal mirror through a1
}

std::vector<std::string> taflPresets() {
  std::vector<std::string> out;
  for (const auto& name : presetNames()) {
    if (loadGame(name)->family() == "tafl") out.push_back(name);
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Presets, TaflPlayout, ::testing::ValuesIn(taflPresets()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return testName(info.param); });

}  // namespace
}  // namespace tz::test

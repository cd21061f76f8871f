// Plays the engine and the naive reference implementation (tafl_reference.h) side by side
// through random games of every preset and of single-rule flips, comparing the legal move
// list, the board and the result at every ply.
#include <random>

#include "game/tafl/tafl_game.h"
#include "tests/game/tafl/tafl_reference.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/support/test_name.h"

namespace tz::test {
namespace {

struct Flip {
  std::string variant;
  std::vector<std::string> sets;
};

std::string describe(const Flip& f) {
  std::string s = f.variant;
  for (const auto& x : f.sets) s += " --set " + x;
  return s;
}

class TaflReference : public ::testing::TestWithParam<Flip> {};

TEST_P(TaflReference, EngineAgreesWithTheNaiveReference) {
  const Flip& flip = GetParam();
  auto g = variant(flip.variant, flip.sets);
  const auto& rules = dynamic_cast<const tafl::TaflGame&>(*g).topology().rules;
  const int games = rules.size <= 9 ? 16 : rules.size <= 13 ? 3 : 1;
  std::mt19937_64 rng(7);
  for (int game = 0; game < games; ++game) {
    auto s = g->newGame();
    ReferenceTafl ref(rules, s->record(), s->toMove());
    for (int ply = 0;; ++ply) {
      ASSERT_EQ(s->record(), ref.record()) << describe(flip) << " ply " << ply;
      ASSERT_EQ(s->outcome().over, ref.outcome().over) << describe(flip) << " ply " << ply;
      ASSERT_EQ(s->outcome().winner, ref.outcome().winner) << describe(flip) << " ply " << ply;
      ASSERT_EQ(s->outcome().reason, ref.outcome().reason) << describe(flip) << " ply " << ply;
      auto moves = s->legalTurns();
      std::sort(moves.begin(), moves.end());
      if (s->outcome().over) {
        ASSERT_TRUE(moves.empty());
        break;
      }
      ASSERT_EQ(moves, ref.legal()) << describe(flip) << " ply " << ply << " " << s->record();
      // Bias towards the king and towards shuffling, so escapes, captures and repetitions occur.
      std::string pick = moves[rng() % moves.size()];
      if (rng() % 4 == 0 && ply >= 2) {
        for (const auto& m : moves)
          if (rng() % 3 == 0) pick = m;
      }
      s->playTurn(pick);
      ref.play(pick);
    }
  }
}

// Attackers and defenders on a board record.
int pieceCount(const std::string& record) {
  return int(std::count(record.begin(), record.end(), 't') + std::count(record.begin(), record.end(), 'T'));
}

// Random games rarely build shieldwalls or forts, so these positions crowd both sides onto
// the outer two rings of a 7x7 board and every legal move is compared.
TEST(TaflReferenceEdges, EngineAgreesOnCrowdedEdges) {
  const std::vector<std::vector<std::string>> sets = {
      {"shieldwall.enabled=true", "edge_fort=true"},
      {"shieldwall.enabled=true", "shieldwall.corner_bracket=false", "king.armed=false", "edge_fort=true"},
      {"shieldwall.enabled=true", "hostile.corners.defenders=never", "king.capture=strong"}};
  std::mt19937_64 rng(11);
  int captures = 0, forts = 0;
  for (const auto& set : sets) {
    auto g = variant("brandubh", set);
    const auto& rules = dynamic_cast<const tafl::TaflGame&>(*g).topology().rules;
    for (int trial = 0; trial < 400; ++trial) {
      std::vector<std::pair<std::string, char>> pieces;
      for (int sq = 0; sq < 49; ++sq) {
        const int f = sq % 7, r = sq / 7, ring = std::min(std::min(f, r), std::min(6 - f, 6 - r));
        const bool corner = (f == 0 || f == 6) && (r == 0 || r == 6);
        const unsigned roll = unsigned(rng() % 100);
        if (corner || ring > 1 || roll >= 70) continue;
        pieces.push_back({tafl::squareName(sq, 7), roll < 35 ? 't' : 'T'});
      }
      const std::string kingAt = tafl::squareName(int(rng() % 5) + 1, 7);  // b1..f1
      pieces.erase(std::remove_if(pieces.begin(), pieces.end(), [&](const auto& p) { return p.first == kingAt; }),
                   pieces.end());
      pieces.push_back({kingAt, 'K'});
      const std::string side = rng() % 2 ? "attackers" : "defenders";
      auto s = position(*g, pieces, side);
      if (s->outcome().over) continue;
      ReferenceTafl ref(rules, s->record(), s->toMove());
      auto moves = s->legalTurns();
      std::sort(moves.begin(), moves.end());
      ASSERT_EQ(moves, ref.legal()) << s->record();
      for (const auto& m : moves) {
        auto a = s->clone();
        ReferenceTafl b = ref;
        a->playTurn(m);
        b.play(m);
        ASSERT_EQ(a->record(), b.record()) << s->record() << " " << side << " " << m;
        ASSERT_EQ(a->outcome().reason, b.outcome().reason) << s->record() << " " << side << " " << m;
        ASSERT_EQ(a->outcome().winner, b.outcome().winner) << s->record() << " " << side << " " << m;
        captures += pieceCount(a->record()) + 2 <= pieceCount(s->record());
        forts += a->outcome().reason == tafl::end_reason::kEdgeFort;
      }
    }
  }
  // The positions do reach the new rules: moves taking two or more pieces, and forts.
  EXPECT_GT(captures, 100);
  EXPECT_GT(forts, 20);
}

std::vector<Flip> flips() {
  std::vector<Flip> out;
  for (const auto& name : presetNames()) {
    auto g = loadGame(name);
    if (g->family() == "tafl") out.push_back({name, {}});
  }
  const std::vector<std::vector<std::string>> linnaeus = {
      {"king.capture=strong"},
      {"king.capture=weak"},
      {"king.armed=false"},
      {"escape=corners", "corners.squares=default", "corners.stop=king"},
      {"throne.pass=nobody"},
      {"throne.stop=all"},
      {"throne.pass=king", "throne.king_reenter=false"},
      {"attackers_return_to_edge=false"},
      {"encirclement=false"},
      {"repetition.rule=draw", "repetition.count=2"},
      {"repetition.rule=loss_mover", "repetition.count=2"},
      {"repetition.rule=forbidden", "repetition.count=2"},
      {"first=attackers"},
      {"ply_limit=40"},
      {"hostile.throne.king=always", "king.capture=strong"},
  };
  for (const auto& sets : linnaeus) out.push_back({"linnaeus", sets});
  out.push_back({"brandubh", {"king.capture=strong", "king.edge_hostile=true"}});
  out.push_back({"brandubh", {"escape=edge", "corners.stop=all"}});
  out.push_back({"brandubh", {"escape=attacker_start"}});
  out.push_back({"brandubh", {"hostile.corners.defenders=never", "repetition.count=2"}});
  out.push_back({"hnefatafl-11", {"king.edge_hostile=false", "king.armed=false"}});
  // Shieldwalls and edge forts on the small board, where random games meet them often.
  out.push_back({"brandubh", {"shieldwall.enabled=true", "edge_fort=true"}});
  out.push_back({"brandubh", {"shieldwall.enabled=true", "shieldwall.corner_bracket=false", "king.armed=false"}});
  out.push_back(
      {"linnaeus", {"shieldwall.enabled=true", "edge_fort=true", "escape=corners", "corners.squares=default"}});
  out.push_back({"copenhagen", {"size=7", "setup=/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"}});
  out.push_back({"ashton", {"king.capture=weak"}});
  out.push_back({"foteviken", {"camps=[[a4, a5, a6, b5]]", "hostile.camps.defenders=empty"}});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Variants, TaflReference, ::testing::ValuesIn(flips()),
                         [](const ::testing::TestParamInfo<Flip>& info) {
                           return testName(info.param.variant + "_" + std::to_string(info.index));
                         });

}  // namespace
}  // namespace tz::test

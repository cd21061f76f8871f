#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <type_traits>

#include "game/base/error.h"
#include "mcts/players/egtb_player.h"
#include "mcts/players/player_factory.h"
#include "mcts/players/random_player.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/support/search_ranges.h"

namespace tz::test {
namespace {

// Error message of making a player of `spec` on brandubh, or "" when it succeeds.
std::string errorOf(const std::string& spec) {
  auto g = variant("brandubh");
  try {
    agentMaker(parseAgentSpec(spec), *g)(1);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(PlayerFactory, BuildsTheBaselines) {
  auto g = variant("brandubh");
  EXPECT_EQ(agentMaker(parseAgentSpec("random"), *g)(1)->name(), "random");
  EXPECT_EQ(agentMaker(parseAgentSpec("greedy"), *g)(1)->name(), "greedy");
  EXPECT_EQ(agentMaker(parseAgentSpec("alphabeta"), *g)(1)->name(), "alphabeta(depth=3)");
  EXPECT_EQ(agentMaker(parseAgentSpec("alphabeta:depth=5"), *g)(1)->name(), "alphabeta(depth=5)");
  EXPECT_EQ(agentMaker(parseAgentSpec("alphabeta:ms=200"), *g)(1)->name(), "alphabeta(ms=200)");
  EXPECT_EQ(agentMaker(parseAgentSpec("alphabeta:depth=4,ms=200"), *g)(1)->name(), "alphabeta(depth=4,ms=200)");
}

TEST(PlayerFactory, BuildsPureMcts) {
  auto g = variant("brandubh");
  EXPECT_EQ(agentMaker(parseAgentSpec("mcts"), *g)(1)->name(), "mcts(rollouts(1),1000)");
  EXPECT_EQ(agentMaker(parseAgentSpec("mcts:sims=50,rollouts=2"), *g)(1)->name(), "mcts(rollouts(2),50)");
  EXPECT_EQ(agentMaker(parseAgentSpec("uniform-mcts:sims=800"), *g)(1)->name(), "mcts(uniform,800)");
  EXPECT_NE(errorOf("uniform-mcts:rollouts=2").find("unknown option 'rollouts'"), std::string::npos);
  EXPECT_EQ(agentMaker(parseAgentSpec("uniform-mcts:sims=50,gumbel=1,candidates=8"), *g)(1)->name(), "mcts(uniform,50,gumbel)");
  EXPECT_EQ(agentMaker(parseAgentSpec("mcts:sims=50,gumbel=0"), *g)(1)->name(), "mcts(rollouts(1),50)");
  EXPECT_NE(errorOf("mcts:gumbel=2").find("expected an integer in [0, 1]"), std::string::npos);
  EXPECT_NE(errorOf("mcts:candidates=0").find("expected an integer in [1, 4096]"), std::string::npos);
  // A pure MCTS player takes an escape in one.
  auto mcts = agentMaker(parseAgentSpec("mcts:sims=100"), *g)(3);
  auto k = position(*g, {{"b1", 'K'}, {"d1", 't'}, {"f5", 't'}}, "defenders");
  EXPECT_EQ(k->actionName(mcts->chooseAction(*k)), "b1-a1");
  EXPECT_EQ(k->actionName(agentMaker(parseAgentSpec("mcts:sims=100,gumbel=1"), *g)(3)->chooseAction(*k)), "b1-a1");
}

TEST(PlayerFactory, ExplainsBadSpecs) {
  EXPECT_NE(errorOf("minimax").find("unknown player 'minimax': expected one of"), std::string::npos);
  EXPECT_NE(errorOf("minimax").find("alphabeta[:depth=D][,ms=T]"), std::string::npos);
  EXPECT_NE(errorOf("alphabeta:depht=3").find("unknown option 'depht'"), std::string::npos);
  EXPECT_NE(errorOf("alphabeta:depth=x").find("expected an integer in [1, 64]"), std::string::npos);
  EXPECT_NE(errorOf("alphabeta:depth=0").find("expected an integer"), std::string::npos);
  EXPECT_NE(errorOf("alphabeta:depth").find("not of the form key=value"), std::string::npos);
  EXPECT_NE(errorOf("alphabeta:depth=2,depth=3").find("given twice"), std::string::npos);
  EXPECT_NE(errorOf("random:x=1").find("takes none"), std::string::npos);
}

// Search players read every search setting through one field list: a value just outside its
// range is refused with the range's words, whichever search kind is given it; the settings
// are known by their one name (sims, cpuct, ...), and a setting at its lower edge is taken.
TEST(PlayerFactory, SearchSpecsTakeEverySearchSettingWithTheFieldListsRange) {
  auto g = variant("brandubh");
  for (const std::string kind : {"mcts", "uniform-mcts"}) {
    for (const auto& o : test::valuesJustOutsideSearchRanges()) {
      const std::string spec = kind + ":" + o.range.key + "=" + o.text;
      const std::string message = errorOf(spec);
      EXPECT_NE(message.find("'" + o.range.key + "'"), std::string::npos) << message;
      EXPECT_NE(message.find("expected " + o.range.text()), std::string::npos) << message;
    }
    for (const FieldRange& range : fieldRanges<SearchOptions>()) {
      char edge[64];
      std::snprintf(edge, sizeof edge, "%.9g", range.lo);
      EXPECT_EQ(errorOf(kind + ":" + range.key + "=" + edge), "") << range.key;
    }
  }
  EXPECT_EQ(agentMaker(parseAgentSpec("mcts:sims=50,gumbel=1,cpuct=2,draw=0.5"), *g)(1)->name(), "mcts(rollouts(1),50,gumbel)");
}

// Every kind is in the one table, the network kinds too: their options are read in every
// build, their players refuse without LibTorch until the LibTorch build replaces them (as
// registerNetworkAgentKinds does); a kind the table lacks is not replaced but added
// (addAgentKind: first_legal_kind_test.cpp).
TEST(PlayerFactory, OneTableListsEveryKindAndOnlyItsNetworkPlayersAreReplaced) {
  const auto usages = agentUsages();
  for (const std::string kind : {"alphabeta", "egtb", "greedy", "mcts", "model", "net", "random", "uniform-mcts"}) {
    EXPECT_EQ(std::count_if(usages.begin(), usages.end(), [&](const std::string& u) { return u.rfind(kind, 0) == 0; }), 1)
        << kind;
  }
  const bool testKind = std::count(usages.begin(), usages.end(), "first-legal") == 1;  // first_legal_kind_test's
  EXPECT_EQ(usages.size(), 8u + (testKind ? 1 : 0));
  auto g = variant("brandubh");
  EXPECT_EQ(parseAgentSpec("net:runs/ckpt-3.pt,sims=4,mix=0.5").text(), "net:runs/ckpt-3.pt,sims=4,mix=0.5");
  EXPECT_EQ(errorOf("net:runs/ckpt-3.pt,sims=4"),
            "player 'net:runs/ckpt-3.pt,sims=4': net players need the LibTorch build, which this process did not load: "
            "give the player when starting taflzero (engine --player net:...)");
  EXPECT_NE(errorOf("model:brandubh,sims=0").find("option 'sims' = '0': expected an integer in [1, "), std::string::npos);

  const AgentKind withoutLibTorch = agentKind("net", "net");  // the table's own: its players refuse
  std::string seen;
  AgentKind net = withoutLibTorch;
  net.prepare = [&seen](const AgentSpec& spec, const Game&) -> PlayerMaker {
    seen += "prepare " + spec.source + " sims " + std::to_string(spec.search.simulations) + ";";
    return [](uint64_t seed) { return std::make_unique<players::RandomPlayer>(seed); };
  };
  net.check = [&seen](const AgentSpec& spec, const Game&) { seen += "check " + spec.source + ";"; };
  replaceAgentKind("net", net);
  EXPECT_EQ(agentMaker(parseAgentSpec("net:runs/ckpt-3.pt,sims=4"), *g)(1)->name(), "random");
  checkAgent(parseAgentSpec("net:runs/ckpt-4.pt"), *g);  // the kind's check alone: no player made
  EXPECT_EQ(seen, "prepare runs/ckpt-3.pt sims 4;check runs/ckpt-4.pt;");
  checkAgent(parseAgentSpec("alphabeta:depth=2"), *g);  // a kind without a check: its prepare
  replaceAgentKind("net", withoutLibTorch);  // the table as it was
  try {
    replaceAgentKind("test-kind", net);
    ADD_FAILURE() << "a kind the table lacks was put in";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "no agent kind 'test-kind' in the table of kinds to replace");
  }
  EXPECT_NE(errorOf("test-kind:x").find("unknown player 'test-kind:x': expected one of "), std::string::npos);
}

// The numeric options of a kind with their ranges, as its option groups' field lists give
// them; a flag as the integer range [0, 1] a spec writes it in.
struct KindRanges {
  template <class T, class L>
  void number(const char* name, const T&, L lo, L hi) {
    ranges.push_back({name, double(lo), double(hi), std::is_integral_v<T>});
  }
  void flag(const char* name, const bool&) { ranges.push_back({name, 0, 1, true}); }
  void text(const char*, const std::string&) {}
  std::vector<FieldRange> ranges;
};

// Every option of every built-in kind has one range, read from its field list: the value
// just outside it is refused in a spec with the range's own words, the edge is taken.
TEST(AgentSpec, EveryOptionOfEveryKindRefusesTheValueJustOutsideItsRange) {
  int options = 0;
  for (const std::string kind : {"alphabeta", "mcts", "uniform-mcts"}) {
    const AgentSpec spec = agentOfKind(kind);
    KindRanges collected;
    visitAgentOptions(agentKind(kind, kind).options, spec, collected);
    for (const FieldRange& range : collected.ranges) {
      ++options;
      const double step = range.integral ? 1 : (range.hi - range.lo) / 1000;
      for (const double value : {range.lo - step, range.hi + step}) {
        char text[64];
        std::snprintf(text, sizeof text, range.integral ? "%.0f" : "%.6g", value);
        const std::string message = errorOf(kind + ":" + range.key + "=" + text);
        EXPECT_NE(message.find("option '" + range.key + "' = '" + text + "': expected " + range.text()), std::string::npos)
            << message;
      }
      char edge[64];
      std::snprintf(edge, sizeof edge, "%.9g", range.lo);
      EXPECT_EQ(errorOf(kind + ":" + range.key + "=" + edge), "") << kind << " " << range.key;
    }
  }
  EXPECT_GT(options, 30);  // alphabeta's three, mcts' rollouts and the search settings twice over
}

// A spec is read once into typed fields, its kind's defaults beneath, and printed back from
// those fields as written.
TEST(AgentSpec, ReadsTypedFieldsAndPrintsThemBackAsWritten) {
  for (const std::string text :
       {"random", "greedy", "alphabeta:depth=5", "alphabeta:ms=200,depth=4,tt=64", "mcts:sims=50,rollouts=2",
        "uniform-mcts:sims=800,gumbel=1,candidates=8", "mcts:cpuct=0.1,fpu=-0.5,draw=0.8,tree_mib=1000000",
        "mcts:lookahead=6,temperature_plies=4,virtual_loss=2.5", "egtb:tables/morris|mcts:sims=5,rollouts=2"}) {
    EXPECT_EQ(parseAgentSpec(text).text(), text);
  }
  const AgentSpec timed = parseAgentSpec("alphabeta:ms=200");
  EXPECT_EQ(timed.alphabeta.ms, 200);
  EXPECT_EQ(timed.alphabeta.depth, 0);  // a time budget alone: as deep as the time allows
  EXPECT_TRUE(timed.gave("ms"));
  EXPECT_FALSE(timed.gave("depth"));
  EXPECT_EQ(parseAgentSpec("alphabeta").alphabeta.depth, 3);
  const AgentSpec mcts = parseAgentSpec("mcts:sims=50,cpuct=0.1,gumbel=1");
  EXPECT_EQ(mcts.search.simulations, 50);
  EXPECT_FLOAT_EQ(mcts.search.cPuct, 0.1f);
  EXPECT_TRUE(mcts.search.gumbel);
  EXPECT_EQ(mcts.search.fpuReduction, -2.f);  // what playouts prefer, not given
  EXPECT_EQ(mcts.rollout.rollouts, 1);
  EXPECT_EQ(parseAgentSpec("mcts").search.simulations, 1000);
  EXPECT_EQ(parseAgentSpec("uniform-mcts").search.simulations, 800);
  EXPECT_EQ(parseAgentSpec("egtb:tables/morris|greedy").source, "tables/morris|greedy");
  // A changed field prints its new value; an option not given stays out of the text.
  AgentSpec changed = parseAgentSpec("mcts:sims=50");
  changed.search.simulations = 70;
  changed.search.cPuct = 3.f;
  EXPECT_EQ(changed.text(), "mcts:sims=70");
  EXPECT_NE(errorOf("alphabeta:depth=3,").find("not of the form key=value"), std::string::npos);
  EXPECT_NE(errorOf("egtb:").find("expected egtb:DIR[|FALLBACK]"), std::string::npos);
}

TEST(PlayerFactory, ATimedMakerSearchesEachMoveByTheClockAfterTheSameOpening) {
  auto g = variant("brandubh");
  const auto start = g->newGame();
  // Without sims the clock decides: the search runs under the move's limit.
  auto timed = agentMaker(parseAgentSpec("uniform-mcts"), *g, 40)(1);
  timed->chooseAction(*start);
  ASSERT_TRUE(timed->searchReport());
  EXPECT_EQ(timed->searchReport()->limitMs, 40);
  EXPECT_GT(timed->searchReport()->simulations, 0);
  // The spec's sims cap each move still: an hour's budget searches 30 playouts.
  auto capped = agentMaker(parseAgentSpec("uniform-mcts:sims=30"), *g, 3600 * 1000)(1);
  capped->chooseAction(*start);
  EXPECT_EQ(capped->searchReport()->simulations, 30);
  // A clock-only player gets the time as its ms; others play as specified.
  EXPECT_EQ(agentMaker(parseAgentSpec("alphabeta:depth=2"), *g, 250)(1)->name(), "alphabeta(depth=2,ms=250)");
  EXPECT_EQ(agentMaker(parseAgentSpec("greedy"), *g, 250)(1)->name(), "greedy");
  // Random opening plies are those of the untimed spec with the same seed.
  AgentSpec opening = parseAgentSpec("greedy");
  opening.openingPlies = 3;
  for (const uint64_t seed : {1u, 2u, 3u}) {
    auto plain = agentMaker(opening, *g)(seed), clocked = agentMaker(opening, *g, 250)(seed);
    auto state = g->newGame();
    for (int ply = 0; ply < 3; ++ply) {
      const Action a = plain->chooseAction(*state);
      EXPECT_EQ(clocked->chooseAction(*state), a) << seed << " " << ply;
      plain->observe(*state, a);
      clocked->observe(*state, a);
      state->apply(a);
    }
  }
}

}  // namespace
}  // namespace tz::test

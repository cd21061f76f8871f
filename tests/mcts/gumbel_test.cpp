// The Gumbel root: sequential halving spends exactly the budget by its formula, the
// improved policy is softmax(log prior + sigma(completed Q)), a winning action gets most
// of the policy target, play without noise is deterministic, and the search runs through
// Search (threads, batches) and BatchedSelfPlay (several leaves per game).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "game/registry.h"
#include "mcts/evaluators.h"
#include "mcts/gumbel.h"
#include "mcts/mcts_player.h"
#include "mcts/search.h"
#include "mcts/self_play.h"
#include "tests/mcts/toy_game.h"

namespace tz {
namespace {

using mcts::HalvingPlan;
using mcts::Node;
using mcts::Proven;
using test::ToyGame;

SearchOptions gumbelOptions(int simulations) {
  SearchOptions o;
  o.simulations = simulations;
  o.gumbel = true;
  return o;
}

// A game of `branching` actions per ply, 8 plies long, always drawn: no proofs near the root.
ToyGame wideGame(int branching) {
  return ToyGame(branching, {0, 1, 0, 1, 0, 1, 0, 1}, [](const std::vector<Action>&) { return -1; });
}

// The visits of the root's children, most first.
std::vector<int> sortedVisits(const SearchResult& r) {
  std::vector<int> v = r.visits;
  std::sort(v.rbegin(), v.rend());
  return v;
}

// Runs `budget` playouts on `tree` as the self-play driver does: the root's evaluation,
// the root's preparation (Gumbel noise when `noise`), then batches of up to `batch` leaves.
void searchTree(const Game& game, mcts::Tree& tree, Evaluator& evaluator, const SearchOptions& o, bool noise,
                std::mt19937_64& rng, int budget, int batch) {
  mcts::PlayoutBatch leaves(game, batch);
  tree.beginSearch(budget);
  for (int round = 0; !tree.searchDone(); ++round) {
    ASSERT_LT(round, 10 * budget) << "the search makes no progress";
    if (tree.root().isExpanded() && !tree.prepared()) tree.prepareRoot(o, noise, rng);
    leaves.gather(tree, o, batch);
    if (leaves.size() == 0) continue;
    evaluator.evaluate(leaves.requests(), leaves.size());
    leaves.complete(o);
  }
}

TEST(Gumbel, HalvingPlanFollowsTheFormula) {
  // 16 candidates: 4 phases keeping 16, 8, 4, 2, then the survivor.
  const HalvingPlan small(16, 64);
  ASSERT_EQ(small.phases(), 4);
  std::vector<int> kept, visits;
  for (int k = 0; k <= 4; ++k) {
    kept.push_back(small.kept(k));
    visits.push_back(small.visits(k));
  }
  EXPECT_EQ(kept, (std::vector<int>{16, 8, 4, 2, 1}));
  EXPECT_EQ(visits, (std::vector<int>{1, 2, 4, 8, 0}));  // floor(64 / (4 * kept)), nothing left

  const HalvingPlan large(16, 200);
  visits.clear();
  int spent = 0;
  for (int k = 0; k <= 4; ++k) {
    visits.push_back(large.visits(k));
    spent += large.kept(k) * large.visits(k);
  }
  EXPECT_EQ(visits, (std::vector<int>{3, 6, 12, 25, 6}));  // 48 + 48 + 48 + 50, 6 left to the survivor
  EXPECT_EQ(spent, 200);

  EXPECT_EQ(HalvingPlan(1, 10).phases(), 0);  // one candidate takes everything
  EXPECT_EQ(HalvingPlan(1, 10).visits(0), 10);
  EXPECT_EQ(HalvingPlan(3, 12).kept(1), 2);   // ceil(3 / 2)
  EXPECT_EQ(HalvingPlan(16, 10).visits(0), 1);  // at least one visit each
}

TEST(Gumbel, TheSearchSpendsItsBudgetPhaseByPhase) {
  // 64 playouts: the root's evaluation, then 63 planned as 16 x 1, 8 x 1, 4 x 3, 2 x 7 and
  // 13 left over. A candidate dropped after phase k has the visits of phases 0..k.
  const std::vector<int> expected{25, 12, 5, 5, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0};
  ToyGame game = wideGame(20);
  struct Case {
    int threads, batch;
  };
  for (const Case c : {Case{1, 1}, Case{1, 8}, Case{2, 4}}) {
    SearchOptions o = gumbelOptions(64);
    o.threads = c.threads;
    o.batchSize = c.batch;
    Search search(game, std::make_shared<UniformEvaluator>(), o);
    search.setRoot(*game.newGame());
    const SearchResult& r = search.run();
    EXPECT_EQ(r.simulations, 64);
    EXPECT_EQ(sortedVisits(r), expected) << c.threads << " threads, batch " << c.batch;
    EXPECT_EQ(search.tree().root().gumbel->remaining().size(), 1u);
  }
}

TEST(Gumbel, ASecondSearchOfTheSameRootPlansItsOwnBudget) {
  ToyGame game = wideGame(20);
  Search search(game, std::make_shared<UniformEvaluator>(), gumbelOptions(64));
  search.setRoot(*game.newGame());
  const std::vector<int> first = search.run().visits;
  const SearchResult& r = search.run(64);
  EXPECT_EQ(r.simulations, 64);
  // 64 new playouts: 16 x 1, 8 x 2, 4 x 4, 2 x 8; a dropped candidate has its phases' visits.
  std::vector<int> added;
  for (size_t i = 0; i < first.size(); ++i) added.push_back(r.visits[i] - first[i]);
  std::sort(added.rbegin(), added.rend());
  EXPECT_EQ(added, (std::vector<int>{15, 15, 7, 7, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0}));
}

TEST(Gumbel, TheImprovedPolicyFavoursTheWinningAction) {
  // Side 0 wins exactly when its first action is 5; playouts to the end tell. With batches
  // of 16 leaves, a phase ends only once its values are in (else 5 would fall on ties).
  ToyGame game(8, {0, 1, 0, 1, 0, 1}, [](const std::vector<Action>& a) { return a[0] == 5 ? 0 : 1; });
  for (int batch : {1, 16}) {
    SearchOptions o = gumbelOptions(32);
    o.batchSize = batch;
    Search search(game, std::make_shared<RolloutEvaluator>(1, 3), o);
    search.setRoot(*game.newGame());
    const SearchResult& r = search.run();
    ASSERT_EQ(r.proven, Proven::kUnknown);
    EXPECT_EQ(search.chooseMove(), 5) << "batch " << batch;
    const size_t win = size_t(std::find(r.actions.begin(), r.actions.end(), 5) - r.actions.begin());
    const double share = double(r.visits[win]) / std::accumulate(r.visits.begin(), r.visits.end(), 0);
    // 8 candidates, 31 playouts: 1 + 2 + 5 visits in the phases and 5 left over = 13 of 31.
    EXPECT_EQ(r.visits[win], 13);
    EXPECT_LT(share, 0.5);
    EXPECT_GT(r.policy[win], 0.95f);  // every other action's completed Q is -1
    EXPECT_FLOAT_EQ(std::accumulate(r.policy.begin(), r.policy.end(), 0.f), 1.f);
    EXPECT_EQ(r.policy, mcts::improvedPolicy(search.tree().root(), 50.f, 0.1f, true));
  }
}

TEST(Gumbel, TheImprovedPolicyIsTheSoftmaxOfPriorAndCompletedQ) {
  // A root with four actions: two visited, one unvisited, one proven lost and unvisited.
  mcts::NodeArena arena;
  Node root;
  const Action actions[4] = {0, 1, 2, 3};
  const float priors[4] = {0.4f, 0.3f, 0.2f, 0.1f};
  root.edges = arena.newEdges(4, actions, priors, nullptr);
  root.numEdges = 4;
  root.toMove = 0;
  root.setNetValue(0.25f);
  Node* children[4];
  for (int i = 0; i < 4; ++i) root.edges[i].child.store(children[i] = arena.newNode());
  children[0]->setStats(2, 1.0);   // q = 0.5
  children[1]->setStats(1, -0.5);  // q = -0.5
  children[3]->proven.store(Proven::kLoss);
  root.setStats(4, 0.25 + 1.0 - 0.5);
  root.expansion.store(mcts::Expansion::kExpanded);

  // v_mix = (v_net + sum N / sum_{N>0} prior * sum_{N>0} prior * q) / (1 + sum N).
  const double mix = (0.25 + 3 / 0.7 * (0.4 * 0.5 + 0.3 * -0.5)) / (1 + 3);
  EXPECT_NEAR(mcts::mixedValue(root), mix, 1e-6);
  const double q[4] = {0.5, -0.5, mix, -1.0};
  const std::vector<float> completed = mcts::completedQ(root);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(completed[size_t(i)], q[i], 1e-6) << i;
  // sigma = (c_visit + max N) * c_scale * (q - min) / (max - min), max N = 2; or (q + 1) / 2.
  for (const bool rescale : {true, false}) {
    double weights[4], sum = 0;
    for (int i = 0; i < 4; ++i)
      sum += weights[i] = priors[i] * std::exp((50 + 2) * 0.1 * (rescale ? (q[i] + 1) / 1.5 : (q[i] + 1) / 2));
    const std::vector<float> policy = mcts::improvedPolicy(root, 50.f, 0.1f, rescale);
    ASSERT_EQ(policy.size(), 4u);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(policy[size_t(i)], weights[i] / sum, 1e-5) << i << " rescale " << rescale;
  }
}

TEST(Gumbel, PlayWithoutNoiseIsDeterministic) {
  auto game = loadGame("brandubh");
  auto play = [&](bool noise, uint64_t seed) {
    RolloutEvaluator evaluator(1, 7);  // the same values in every search
    mcts::Tree tree(*game);
    tree.reset(*game->newGame());
    std::mt19937_64 rng(seed);
    const SearchOptions o = gumbelOptions(100);
    searchTree(*game, tree, evaluator, o, noise, rng, 100, 4);
    return tree.pickMove(o, rng);
  };
  std::vector<Action> quiet, noisy;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    quiet.push_back(play(false, seed));
    noisy.push_back(play(true, seed));
  }
  EXPECT_EQ(std::count(quiet.begin(), quiet.end(), quiet[0]), 6);
  EXPECT_LT(std::count(noisy.begin(), noisy.end(), noisy[0]), 6);  // the noise samples other candidates
}

TEST(Gumbel, ProvenLostCandidatesAreDropped) {
  // Side 1 wins at once after side 0's actions 0 to 3 (the reply scan proves them lost).
  ToyGame game(8, {0, 1}, [](const std::vector<Action>& a) { return a[0] < 4 && a[1] == 0 ? 1 : -1; });
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    mcts::Tree tree(game);
    tree.reset(*game.newGame());
    std::mt19937_64 rng(seed);
    SearchOptions o = gumbelOptions(64);
    o.gumbelCScale = 1e-3f;  // values barely count: without the rule, lost candidates would survive on noise
    UniformEvaluator uniform;
    searchTree(game, tree, uniform, o, true, rng, 64, 2);
    for (const int i : tree.root().gumbel->remaining())
      EXPECT_NE(mcts::edgeResult(tree.root().edges[i]), Proven::kLoss) << "seed " << seed;
    EXPECT_GE(tree.pickMove(o, rng), 4);
  }
}

TEST(Gumbel, PlayersSearchAndFinishAGame) {
  auto game = loadGame("brandubh");
  SearchOptions o = gumbelOptions(200);
  o.threads = 2;
  o.batchSize = 4;
  Search search(*game, std::make_shared<RolloutEvaluator>(1, 5), o);
  search.setRoot(*game->newGame());
  const SearchResult& r = search.run();
  EXPECT_EQ(r.simulations, 200);
  EXPECT_EQ(std::accumulate(r.visits.begin(), r.visits.end(), 0) + 1, r.rootVisits);
  EXPECT_NEAR(std::accumulate(r.policy.begin(), r.policy.end(), 0.0), 1.0, 1e-5);
  EXPECT_EQ(search.tree().root().flying(), 0);

  o.simulations = 24;
  auto a = makeMctsPlayer(*game, std::make_shared<RolloutEvaluator>(1, 1), o);
  auto b = makeMctsPlayer(*game, std::make_shared<UniformEvaluator>(), o);
  EXPECT_EQ(a->name(), "mcts(rollouts(1),24,gumbel)");
  auto state = game->newGame();
  std::vector<Action> legal;
  while (!state->outcome().over) {
    const Action action = (state->toMove() == 0 ? *a : *b).chooseAction(*state);
    state->legalActions(legal);
    ASSERT_NE(std::find(legal.begin(), legal.end(), action), legal.end());
    a->observe(*state, action);
    b->observe(*state, action);
    state->apply(action);
  }
}

TEST(Gumbel, SelfPlayWithSeveralLeavesPerGame) {
  // The toy game: the first move's root is fresh, so its visits follow the plan exactly.
  ToyGame toy = wideGame(20);
  auto brandubh = loadGame("brandubh");
  const Game* games[] = {&toy, brandubh.get()};
  for (const Game* game : games) {
    SelfPlayOptions o;
    o.gamesPerWorker = 2;
    o.leavesPerGame = 4;
    o.games = 2;
    o.search = gumbelOptions(64);
    BatchedSelfPlay selfPlay(*game, std::make_shared<RolloutEvaluator>(1, 2), o);
    selfPlay.setBudget([](int, const State& s) { return s.ply() % 2 ? MoveBudget{16, false} : MoveBudget{64, true}; });
    int moves = 0;
    selfPlay.onMove([&](const SelfPlayMove& m) {
      ++moves;
      EXPECT_NEAR(std::accumulate(m.search.policy.begin(), m.search.policy.end(), 0.0), 1.0, 1e-5);
      if (m.search.proven != Proven::kUnknown) return;
      EXPECT_EQ(m.search.simulations, m.full ? 64 : 16);
      EXPECT_EQ(std::accumulate(m.search.visits.begin(), m.search.visits.end(), 0) + 1, m.search.rootVisits);
      if (game == &toy && m.state->ply() == 0) {
        EXPECT_EQ(sortedVisits(m.search),
                  (std::vector<int>{25, 12, 5, 5, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0}));
      }
    });
    selfPlay.run();
    EXPECT_EQ(selfPlay.stats().games, 2) << game->name();
    EXPECT_EQ(selfPlay.stats().moves, moves);
  }
}

}  // namespace
}  // namespace tz

#pragma once
// A classical baseline: negamax alpha-beta with iterative deepening, a transposition
// table, and move ordering by the table's move, tactics and the history heuristic.
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "mcts/player.h"

namespace tz::players {

/// Limits and switches of the alpha-beta search.
struct AlphaBetaOptions {
  int depth = 3;         // deepest iteration in plies (0: no limit but the time)
  int ms = 0;            // time budget per move in milliseconds (0: none; depth 1 always completes)
  int ttMegabytes = 16;  // transposition table size
  bool generic = false;  // walk through the State interface even where the game offers a walker (tests compare the two)

  /// The options a spec gives ("alphabeta:depth=5,ms=200,tt=64"), each with its range.
  template <class S, class V>
  static void fields(S& self, V& v) {
    v.number("depth", self.depth, 1, 64);
    v.number("ms", self.ms, 1, 3600000);
    v.number("tt", self.ttMegabytes, 1, 4096);
  }

  /// Throws Error naming the first option out of range (no depth and no time budget, ...).
  void check() const;
};

/// What the last search found.
struct SearchInfo {
  int depth = 0;       // deepest completed iteration
  uint64_t nodes = 0;  // positions visited
  int score = 0;       // value for the side to move; |score| > kWinThreshold: a forced result
  Action best = -1;    // chosen action
};

/// Alpha-beta player on the game's own tree walker and evaluation where it offers them
/// (players/tree_walker.h), material and mobility through the State interface otherwise.
class AlphaBetaPlayer final : public Player {
 public:
  /// Score of a win now; a win in n plies scores kWin - n.
  static constexpr int kWin = 1000000;
  /// Scores beyond this are forced wins (or, negated, losses).
  static constexpr int kWinThreshold = kWin - 10000;

  /// A player for `game` (which must outlive it); `seed` shuffles equal root moves.
  /// Throws Error when neither a depth nor a time budget limits the search.
  AlphaBetaPlayer(const Game& game, AlphaBetaOptions options, uint64_t seed);
  ~AlphaBetaPlayer() override;
  void newGame() override;
  Action chooseAction(const State& state) override;
  std::string name() const override;
  /// Takes a clock (its planned time as the move's ms, keeping the depth and the table) or no
  /// budget (back to its own ms); false for a count of simulations, which it does not take.
  bool setSearchBudget(const SearchBudget& budget) override;
  /// Details of the last chooseAction.
  const SearchInfo& lastSearch() const { return info_; }

  /// One transposition-table slot.
  struct Entry {
    uint64_t key = 0;       // position hash
    int32_t value = 0;      // score (wins stored relative to this node)
    uint32_t move = ~0u;    // best move code, ~0u when none
    int16_t depth = -1;     // remaining depth searched
    uint8_t bound = 0;      // 0 exact, 1 lower, 2 upper
  };

 private:
  const Game* game_;
  AlphaBetaOptions options_;
  int ownMs_;  // the ms it was made with
  std::mt19937_64 rng_;
  std::vector<Entry> table_;
  std::vector<int32_t> history_;
  SearchInfo info_;
};

}  // namespace tz::players

namespace tz {

struct AgentKind;

/// The "alphabeta" kind of agent, as the table of kinds (agent_kinds.cpp) lists it: a clock
/// alone (ms) searches as deep as the time allows; timed, it takes the planned time, at most
/// its own ms.
AgentKind alphaBetaAgentKind();

}  // namespace tz

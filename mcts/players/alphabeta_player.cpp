#include "mcts/players/alphabeta_player.h"

#include <algorithm>
#include <chrono>

#include "game/base/error.h"
#include "mcts/players/agent_kinds.h"
#include "mcts/players/tree_walker.h"

namespace tz::players {

namespace {

using Clock = std::chrono::steady_clock;
using Entry = AlphaBetaPlayer::Entry;
constexpr int kWin = AlphaBetaPlayer::kWin;
constexpr int kWinThreshold = AlphaBetaPlayer::kWinThreshold;
constexpr int kInfinity = kWin + 1;
constexpr int kMaxDepth = 64;
enum Bound : uint8_t { kExact, kLower, kUpper };

// Converts a score between "relative to this node" (stored) and "relative to the root".
int toTable(int v, int ply) { return v > kWinThreshold ? v + ply : v < -kWinThreshold ? v - ply : v; }
int fromTable(int v, int ply) { return v > kWinThreshold ? v - ply : v < -kWinThreshold ? v + ply : v; }

// One search from one root over a tree walker (game/expertise.h).
class Searcher {
 public:
  using Move = uint32_t;

  Searcher(TreeWalker& ad, std::vector<Entry>& table, std::vector<int32_t>& history, int ms)
      : ad_(ad), table_(table), history_(history), timed_(ms > 0),
        deadline_(Clock::now() + std::chrono::milliseconds(ms)), moves_(kMaxDepth + 1) {}

  SearchInfo run(int maxDepth, std::mt19937_64& rng) {
    SearchInfo info;
    std::vector<Move> root;
    ad_.generate(root);
    std::shuffle(root.begin(), root.end(), rng);  // equal moves are chosen at random
    Move best = root.front();
    for (int depth = 1; depth <= maxDepth; ++depth) {
      const int mover = ad_.toMove();
      int alpha = -kInfinity;
      Move iterationBest = root.front();
      for (const Move& m : root) {
        ad_.play(m);
        const int v = ad_.toMove() == mover ? negamax(depth - 1, alpha, kInfinity, 1)
                                            : -negamax(depth - 1, -kInfinity, -alpha, 1);
        ad_.undo();
        if (aborted_) break;
        if (v > alpha) {
          alpha = v;
          iterationBest = m;
        }
      }
      if (aborted_) break;
      best = iterationBest;
      info.depth = depth;
      info.score = alpha;
      std::stable_partition(root.begin(), root.end(), [&](const Move& m) { return m == best; });
      canAbort_ = true;
      if (root.size() == 1 || alpha > kWinThreshold || alpha < -kWinThreshold) break;
    }
    info.nodes = nodes_;
    info.best = ad_.action(best);
    return info;
  }

 private:
  int negamax(int depth, int alpha, int beta, int ply) {
    ++nodes_;
    if ((nodes_ & 1023) == 0 && timed_ && canAbort_ && Clock::now() >= deadline_) aborted_ = true;
    if (aborted_) return 0;
    const Outcome& o = ad_.outcome();
    if (o.over) return o.winner < 0 ? 0 : o.winner == ad_.toMove() ? kWin - ply : -(kWin - ply);
    if (depth <= 0 || ply >= kMaxDepth) return ad_.evaluate();

    Entry& e = table_[ad_.hash() & (table_.size() - 1)];
    uint32_t ttMove = ~0u;
    if (e.key == ad_.hash()) {
      ttMove = e.move;
      if (e.depth >= depth) {
        const int v = fromTable(e.value, ply);
        if (e.bound == kExact || (e.bound == kLower && v >= beta) || (e.bound == kUpper && v <= alpha)) return v;
      }
    }
    std::vector<Move>& moves = moves_[ply];
    ad_.generate(moves);
    order(moves, ttMove, depth >= 2);

    const int mover = ad_.toMove();
    const int alphaStart = alpha;
    int best = -kInfinity;
    uint32_t bestCode = ~0u;
    for (const Move& m : moves) {
      ad_.play(m);
      const int v = ad_.toMove() == mover ? negamax(depth - 1, alpha, beta, ply + 1)
                                          : -negamax(depth - 1, -beta, -alpha, ply + 1);
      ad_.undo();
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        bestCode = m;
      }
      if (v > alpha) alpha = v;
      if (alpha >= beta) {
        history_[m] += depth * depth;
        break;
      }
    }
    if (e.key != ad_.hash() || depth >= e.depth) {
      e.key = ad_.hash();
      e.value = toTable(best, ply);
      e.move = bestCode;
      e.depth = int16_t(depth);
      e.bound = best >= beta ? kLower : best <= alphaStart ? kUpper : kExact;
    }
    return best;
  }

  // Sorts moves best first: the table's move, immediate wins, material gains, history.
  void order(std::vector<Move>& moves, uint32_t ttMove, bool tactics) {
    keyed_.clear();
    const int mover = ad_.toMove();
    const int before = tactics ? ad_.material(mover) : 0;
    for (const Move& m : moves) {
      int64_t key = history_[m];
      if (m == ttMove) key += int64_t(1) << 40;
      if (tactics) {
        ad_.play(m);
        const Outcome& o = ad_.outcome();
        if (o.over && o.winner == mover) key += int64_t(1) << 36;
        else key += int64_t(ad_.material(mover) - before) << 20;
        ad_.undo();
      }
      keyed_.emplace_back(key, m);
    }
    std::stable_sort(keyed_.begin(), keyed_.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t i = 0; i < moves.size(); ++i) moves[i] = keyed_[i].second;
  }

  TreeWalker& ad_;
  std::vector<Entry>& table_;
  std::vector<int32_t>& history_;
  bool timed_;
  Clock::time_point deadline_;
  bool canAbort_ = false;  // depth 1 always completes
  bool aborted_ = false;
  uint64_t nodes_ = 0;
  std::vector<std::vector<Move>> moves_;  // move list per ply
  std::vector<std::pair<int64_t, Move>> keyed_;
};

}  // namespace

void AlphaBetaOptions::check() const {
  if (depth < 0 || ms < 0) throw Error("alphabeta: depth and ms must be >= 0");
  if (depth == 0 && ms == 0) throw Error("alphabeta: give a depth or a time budget (ms)");
  if (ttMegabytes < 1 || ttMegabytes > 65536) throw Error("alphabeta: the table size must be in [1, 65536] MiB");
}

AlphaBetaPlayer::AlphaBetaPlayer(const Game& game, AlphaBetaOptions options, uint64_t seed)
    : game_(&game), options_(options), ownMs_(options.ms), rng_(seed) {
  options.check();
  size_t entries = 1;
  while (entries * 2 * sizeof(Entry) <= size_t(options.ttMegabytes) << 20) entries *= 2;
  table_.resize(entries);
}

AlphaBetaPlayer::~AlphaBetaPlayer() = default;

void AlphaBetaPlayer::newGame() {
  std::fill(table_.begin(), table_.end(), Entry{});
  std::fill(history_.begin(), history_.end(), 0);
}

Action AlphaBetaPlayer::chooseAction(const State& state) {
  const int maxDepth = options_.depth > 0 ? std::min(options_.depth, kMaxDepth) : kMaxDepth;
  auto walker = newTreeWalker(*game_, state, options_.generic);
  if (history_.size() != size_t(walker->codeSpace())) history_.assign(size_t(walker->codeSpace()), 0);
  info_ = Searcher(*walker, table_, history_, options_.ms).run(maxDepth, rng_);
  return info_.best;
}

bool AlphaBetaPlayer::setSearchBudget(const SearchBudget& budget) {
  if (budget.simulations > 0) return false;
  options_.ms = budget.time ? std::max(1, int(std::min(budget.time->plannedMs, 3.6e6))) : ownMs_;
  return true;
}

std::string AlphaBetaPlayer::name() const {
  std::string args;
  if (options_.depth > 0) args += "depth=" + std::to_string(options_.depth);
  if (options_.ms > 0) args += std::string(args.empty() ? "" : ",") + "ms=" + std::to_string(options_.ms);
  return "alphabeta(" + args + ")";
}

}  // namespace tz::players

namespace tz {

AgentKind alphaBetaAgentKind() {
  AgentKind kind;
  kind.usage = "alphabeta[:depth=D][,ms=T]";
  kind.options = {AgentOptionGroup::kAlphaBeta};
  kind.settle = [](AgentSpec& spec) {
    if (spec.gave("ms") && !spec.gave("depth")) spec.alphabeta.depth = 0;  // as deep as the time allows
  };
  kind.prepare = [](const AgentSpec& spec, const Game& game) -> PlayerMaker {
    spec.alphabeta.check();
    return [options = spec.alphabeta, &game](uint64_t seed) {
      return std::make_unique<players::AlphaBetaPlayer>(game, options, seed);
    };
  };
  kind.timing = [](const AgentSpec& spec) {
    PlayerTiming timing;
    timing.way = PlayerTiming::Way::kClock;
    if (spec.gave("ms")) timing.msLimit = spec.alphabeta.ms;
    return timing;
  };
  return kind;
}

}  // namespace tz

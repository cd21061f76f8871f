#include "training/matches/game_check.h"

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>
#include <string_view>

#include "game/base/error.h"
#include "game/registry.h"

namespace tz {

namespace {

// The legal action of `state` written `name`, or -1.
Action actionNamed(const State& state, const std::string& name, std::vector<Action>& legal) {
  state.legalActions(legal);
  for (Action a : legal)
    if (state.actionName(a) == name) return a;
  return -1;
}

std::string resultText(const Game& game, int winner, std::string_view reason) {
  return (winner < 0 ? std::string("draw") : game.sideName(winner) + " win") + " (" + std::string(reason) + ")";
}

}  // namespace

std::unique_ptr<State> replayMoves(const Game& game, const GameRecord& record, const std::vector<std::string>& boards,
                                   const std::string& where, const PositionVisitor& beforeEachMove) {
  std::unique_ptr<State> state = game.newGame();
  try {
    if (record.startPosition != state->record() || record.startSide != state->toMove()) {
      state = game.fromRecord(record.startPosition, game.sideName(record.startSide));
    }
  } catch (const Error& e) {
    throw Error(where + ": the start position does not load: " + e.what());
  }
  if (!boards.empty() && boards.size() != size_t(record.plies) + 1) {
    throw Error(where + ": " + std::to_string(boards.size()) + " boards for " + std::to_string(record.plies) +
                " plies (the start's and one a ply)");
  }
  // Throws unless the position after `ply` plies is the board the server sent then.
  const auto checkBoard = [&](int ply) {
    if (boards.empty() || boards[ply] == state->record()) return;
    throw Error(where + ": the board after ply " + std::to_string(ply) + " is " + quoted(boards[ply]) +
                ", but the moves lead to " + state->record());
  };
  std::istringstream moves(record.moves);
  std::vector<Action> legal;
  int ply = 0;
  for (std::string move; moves >> move; ++ply) {
    checkBoard(ply);
    if (state->outcome().over) {
      throw Error(where + ": the game is over after ply " + std::to_string(ply) + " (" +
                  resultText(game, state->outcome().winner, state->outcome().reason) + ") but the moves go on with " +
                  quoted(move));
    }
    const Action action = actionNamed(*state, move, legal);
    if (action < 0) {
      throw Error(where + ": ply " + std::to_string(ply + 1) + ": " + quoted(move) + " is not a legal move for the " +
                  game.sideName(state->toMove()) + " in " + state->record());
    }
    if (beforeEachMove) beforeEachMove(*state, ply, legal);
    state->apply(action);
  }
  checkBoard(ply);
  return state;
}

void replayGame(const Game& game, const GameRecord& record, const std::string& where) {
  replayFiledGame(game, {record, "", {}}, where);
}

void replayFiledGame(const Game& game, const FiledGame& filed, const std::string& where) {
  const GameRecord& record = filed.record;
  const auto state = replayMoves(game, record, filed.boards, where);
  const Outcome& end = state->outcome();
  if (record.reason == kForfeit) {
    if (filed.boards.empty()) throw Error(where + ": only a server's game (with its boards) ends by a forfeit");
    if (end.over) {
      throw Error(where + ": recorded as a forfeit, but the rules end the game: " +
                  resultText(game, end.winner, end.reason));
    }
    if (record.winner < 0) throw Error(where + ": a forfeit is won by a side, not drawn");
    return;
  }
  if (!end.over) throw Error(where + ": the game has not ended after its " + std::to_string(record.plies) + " plies");
  if (end.winner != record.winner || end.reason != record.reason) {
    throw Error(where + ": the recorded result is " + resultText(game, record.winner, record.reason) +
                ", but the rules give " + resultText(game, end.winner, end.reason));
  }
}

namespace {

// Tallies replayed games into a GameFileCheck, finding each game's pairing and tag by map.
class Tallies {
 public:
  explicit Tallies(GameFileCheck& check) : check_(check) {}

  void add(const Game& game, const GameRecord& g) {
    ++check_.games;
    if (g.reason == kForfeit) ++check_.forfeits;
    check_.plies += g.plies;
    const auto key = g.players[0] < g.players[1] ? std::make_pair(g.players[0], g.players[1])
                                                 : std::make_pair(g.players[1], g.players[0]);
    const auto [at, fresh] = pairings_.emplace(key, check_.pairings.size());
    if (fresh) {
      PairingTally p;
      p.a = g.players[0];
      p.b = g.players[1];
      p.variant = g.variant;
      p.sideNames[0] = game.sideName(0);
      p.sideNames[1] = game.sideName(1);
      check_.pairings.push_back(p);
      tags_.emplace_back();
    }
    PairingTally& pairing = check_.pairings[at->second];
    const int sideA = g.players[0] == pairing.a ? 0 : 1, outcome = g.winner < 0 ? 0 : g.winner == sideA ? 1 : -1;
    if (g.reason == kForfeit) ++pairing.forfeits;
    tally(pairing.tally.bySide[sideA], outcome);
    const auto [tag, newTag] = tags_[at->second].emplace(g.tag, pairing.tags.size());
    if (newTag) pairing.tags.push_back({g.tag, {}});
    tally(pairing.tags[tag->second].tally.bySide[sideA], outcome);
  }

 private:
  GameFileCheck& check_;
  std::map<std::pair<std::string, std::string>, size_t> pairings_;  // players, sorted -> index in check_.pairings
  std::vector<std::map<std::string, size_t>> tags_;                 // per pairing: tag -> index in its tags

  static void tally(Tally& t, int result) {
    if (result > 0) ++t.wins;
    else if (result < 0) ++t.losses;
    else ++t.draws;
  }
};

std::string gameWhere(const std::string& path, const GameRecord& g) {
  return "games file " + path + ": tag " + quoted(g.tag) + " round " + std::to_string(g.round);
}

}  // namespace

GameFileCheck checkGames(const std::vector<FiledGame>& games, const std::string& path) {
  GameFileCheck check;
  Tallies tallies(check);
  std::map<std::string, std::unique_ptr<Game>> built;  // by rules text
  for (const FiledGame& filed : games) {
    const GameRecord& g = filed.record;
    auto it = built.find(g.rules);
    if (it == built.end()) it = built.emplace(g.rules, gameFromYamlText(g.rules, g.variant, path)).first;
    replayFiledGame(*it->second, filed, gameWhere(path, g));
    tallies.add(*it->second, g);
  }
  return check;
}

GameFileCheck checkGameFile(const std::string& path) {
  GameFileCheck check;
  Tallies tallies(check);
  visitGameFile(path, [&](const GameOnLine& on) {
    const GameRecord& g = on.filed.record;
    replayFiledGame(on.game, on.filed, "games file " + path + " line " + std::to_string(on.line) + ": tag " +
                                           quoted(g.tag) + " round " + std::to_string(g.round));
    tallies.add(on.game, on.filed.record);
  });
  return check;
}

PairingTally pairingOf(const GameFileCheck& check, const std::string& a, const std::string& b,
                       const std::string& path) {
  for (const PairingTally& p : check.pairings) {
    if (p.a == a && p.b == b) return p;
    if (p.a != b || p.b != a) continue;
    // Named the other way round: a played side s where b played the other, its wins b's losses.
    const auto fromA = [](const MatchTally& bs) {
      MatchTally t;
      for (int side = 0; side < 2; ++side) {
        const Tally& other = bs.bySide[1 - side];
        t.bySide[side] = {other.losses, other.draws, other.wins};
      }
      return t;
    };
    PairingTally flipped = p;
    flipped.a = a;
    flipped.b = b;
    flipped.tally = fromA(p.tally);
    for (TagTally& t : flipped.tags) t.tally = fromA(t.tally);
    return flipped;
  }
  throw Error("games file " + path + " holds no game of " + quoted(a) + " against " + quoted(b));
}

}  // namespace tz

#pragma once
// Matches between two players: games with alternating colours, each stored as soon as it
// ends, resumable from the record store, and tallied per side.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "mcts/player.h"
#include "mcts/players/agent_kinds.h"
#include "training/matches/records.h"

namespace tz {

/// Plays one game from the start position, `players[s]` acting for side s; both players
/// are told every action. The record has no id, tag or round yet.
GameRecord playGame(const Game& game, Player& side0, Player& side1);

/// Wins, draws and losses of one player.
struct Tally {
  int wins = 0;    // games won
  int draws = 0;   // games drawn
  int losses = 0;  // games lost
  /// Number of games.
  int games() const { return wins + draws + losses; }
};

/// Player A's results in a match: A plays side 0 in even rounds and side 1 in odd rounds.
struct MatchTally {
  Tally bySide[2];  // A's results when A played side 0 and side 1
  /// A's results over both sides.
  Tally overall() const;
};

/// A's results over the stored games of a match.
MatchTally tallyMatch(const std::vector<GameRecord>& games);

/// What a match is: where its games are stored and how many there are.
struct MatchOptions {
  std::string tag;     // tag of the match's games in the store
  int games = 0;       // rounds 0 .. games-1
  uint64_t seed = 1;   // each round's players are seeded from (seed, round)
  std::string settings;  // what else shapes its games, as text (e.g. "random_plies=2"); fixed per tag
  int atOnce = 1;        // games played at the same time, each in a thread of its own (not a setting:
                         // each game is its players' own; a network agent's players share its passes)

  /// Throws Error naming the first option out of range.
  void check() const;
};

/// The record store's meta key of the settings (seed and the like) a match's tag was played with.
std::string matchSettingsKey(const std::string& tag);

/// The settings text a match's games are stored with: "seed=S" and the options' settings.
std::string matchSettingsText(const MatchOptions& options);

/// Plays every round of the match not yet stored under the tag, `options.atOnce` at a time,
/// storing each game as it ends and calling `onGame` after each (one call at a time). A
/// tag's variant, rules, players, seed and settings are fixed by its first game: throws
/// Error naming the difference when the tag holds games played otherwise. The first error
/// of a game stops the others once their games end, and is rethrown. Returns the number of
/// games played by this call.
int runMatch(const Game& game, const PlayerMaker& a, const PlayerMaker& b, RecordStore& store,
             const MatchOptions& options, const std::function<void(const GameRecord&)>& onGame);

}  // namespace tz

#pragma once
// Ratings by colour: each player's skill on side 0 (e.g. attacking) and on side 1 (e.g.
// defending), fitted jointly over every game, with the colour advantage of one anchor player.
// The model: logit P(side 0 scores) = a_i - d_j when player i plays side 0 against player j
// (draws as half a win); one Bradley-Terry fit over the 2n colour-players i-on-side-0 and
// j-on-side-1, the anchor's side-1 skill fixed at 0.
#include <vector>

#include "training/matches/ratings.h"
#include "training/matches/stats.h"

namespace tz {

/// The results of games where player `side0` played side 0 against player `side1` (the same
/// player for games against itself), from side 0's point of view.
struct ColourResult {
  int side0 = 0;      // the player on side 0
  int side1 = 0;      // the player on side 1
  double wins = 0;    // games side 0 won
  double draws = 0;   // drawn games
  double losses = 0;  // games side 0 lost
};

/// One player's ratings by colour.
struct ColourRating {
  Rating side[2];  // Elo on side 0 and side 1, each relative to the anchor's on that side (NaN: not rated)
  /// Whether both colours are rated.
  bool rated() const;
};

/// Every player's ratings by colour and the anchor's colour advantage.
struct ColourRatings {
  std::vector<ColourRating> players;  // per player; the anchor is 0 on both sides
  Rating anchorAdvantage;             // the anchor's side-0 Elo less its side-1 Elo (NaN: not rated)
  Estimate anchorScore;               // side 0's expected score when the anchor plays itself, 95% interval (NaN: not rated)
};

/// Fits the ratings by colour of `players` players; player `anchor`'s ratings are the zero of
/// each colour. `priorGames` virtual games, half won, of each colour-player against the
/// anchor's side-1 skill keep perfect scores finite (as fitRatings; 0: the plain maximum-
/// likelihood fit). Standard errors come from the inverse information. A colour of a player
/// that no games connect to the anchor's side 1 (or, for side 0, whose anchor side 0 is not
/// connected) is NaN. Throws Error for out-of-range indices.
ColourRatings fitColourRatings(int players, const std::vector<ColourResult>& results, int anchor = 0,
                               double priorGames = 2.0);

}  // namespace tz

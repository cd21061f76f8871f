#pragma once
// Elo ratings of many players fitted jointly over every game played between them
// (Bradley-Terry maximum likelihood, draws as half a win), with standard errors.
#include <string>
#include <vector>

namespace tz {

/// The results of player a against player b (from a's point of view).
struct PairResult {
  int a = 0;        // first player's index
  int b = 0;        // second player's index
  double wins = 0;    // games a won
  double draws = 0;   // drawn games
  double losses = 0;  // games a lost
};

/// One fitted rating.
struct Rating {
  double elo = 0;     // Elo relative to the anchor player (anchor = 0)
  double stderr = 0;  // standard error of elo (0 for the anchor)
  double games = 0;   // games the player took part in
};

/// Fits ratings of `players` players from all pairwise results; player `anchor` is
/// fixed at 0. `priorGames` virtual games (half won) against the anchor's strength keep
/// perfect scores finite (0 gives the plain maximum-likelihood fit). Players not connected
/// to the anchor through games get NaN. Throws Error for out-of-range indices.
std::vector<Rating> fitRatings(int players, const std::vector<PairResult>& results, int anchor = 0,
                               double priorGames = 2.0);

/// Ratings with the covariance of their Elo from the inverse information.
struct RatingFit {
  std::vector<Rating> ratings;                  // as fitRatings gives them
  std::vector<std::vector<double>> covariance;  // Elo^2, player by player: 0 in the anchor's row, NaN in an unlinked player's
};

/// fitRatings with the ratings' covariance (for errors of differences between players).
RatingFit fitRatingsWithCovariance(int players, const std::vector<PairResult>& results, int anchor = 0,
                                   double priorGames = 2.0);

}  // namespace tz

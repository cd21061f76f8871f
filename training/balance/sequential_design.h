#pragma once
// The group-sequential design of a balance cell: its looks (at min_games, then every batch
// games, up to max_games) and the boundary each look reads a one-sided test at, so that a
// cell that may stop at any look still errs with probability at most alpha. The error is
// spent over the looks by the Lan-DeMets O'Brien-Fleming-type function, and the boundaries
// come from the recursive integration of Armitage, McPherson and Rowe (Jennison & Turnbull,
// "Group Sequential Methods", ch. 19).
#include <cstddef>
#include <vector>

namespace tz {

/// The most looks a cell may have: the boundaries' integration grows with the looks, and a
/// study checks its schedule against this (games.batch).
constexpr size_t kMaxLooks = 200;

/// The games at each look: min_games, min_games + batch, ..., capped at max_games (at least one look).
std::vector<int> lookSchedule(int minGames, int maxGames, int batch);

/// The one-sided error spent by information fraction t (0..1): 2 - 2 Phi(z_{1-alpha/2} / sqrt(t)),
/// 0 at t = 0 and alpha at t = 1 (Lan-DeMets, O'Brien-Fleming type).
double obrienFlemingSpent(double alpha, double t);

/// The one-sided boundaries c_1..c_K of a standardised statistic observed after looks[k]
/// independent games (ascending), with P(Z_k >= c_k at some look) = alpha under the null and
/// the share spent up to look k equal to obrienFlemingSpent(alpha, looks[k] / looks.back()).
std::vector<double> sequentialBoundaries(const std::vector<int>& looks, double alpha);

/// sequentialBoundaries of lookSchedule(minGames, maxGames, batch), computed once per
/// (schedule, alpha) and then remembered (thread-safe).
const std::vector<double>& scheduleBoundaries(int minGames, int maxGames, int batch, double alpha);

/// The index of the look a cell with `games` games has reached: the last look at or below
/// `games`, 0 before the first.
int lookIndex(const std::vector<int>& looks, int games);

}  // namespace tz

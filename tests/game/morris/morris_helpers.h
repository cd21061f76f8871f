#pragma once
// Helpers for morris rule tests: variants with overrides and positions from point lists.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "game/morris/morris_game.h"
#include "game/registry.h"

namespace tz::test {

/// A morris preset ("morris" or "morris-noflying") with optional key=value overrides.
inline std::unique_ptr<Game> morrisGame(const std::vector<std::string>& sets = {},
                                        const std::string& name = "morris") {
  return loadGame(name, sets);
}

/// A position record with White on the `white` points and Black on the `black` points
/// (names separated by spaces), followed by `rest` ("<side> <white in hand> <black in hand> <plies>").
inline std::string morrisRecord(const std::string& white, const std::string& black, const std::string& rest) {
  std::string points(morris::kPoints, '.');
  auto put = [&](const std::string& list, char piece) {
    std::istringstream in(list);
    for (std::string name; in >> name;) {
      const int p = morris::parsePoint(name);
      EXPECT_GE(p, 0) << name;
      if (p >= 0) points[p] = piece;
    }
  };
  put(white, 'W');
  put(black, 'B');
  return points + " " + rest;
}

/// The state of that record in `game`.
inline std::unique_ptr<State> morrisState(const Game& game, const std::string& white, const std::string& black,
                                          const std::string& rest) {
  return game.fromRecord(morrisRecord(white, black, rest), "");
}

/// The fast position behind a morris state.
inline const morris::Position& morrisPosition(const State& state) {
  return static_cast<const morris::MorrisState&>(state).position();
}

/// Whether the turn is among the legal turns.
inline bool hasTurn(const State& state, const std::string& turn) {
  const auto turns = state.legalTurns();
  return std::find(turns.begin(), turns.end(), turn) != turns.end();
}

/// The legal turns that start with `prefix`, sorted.
inline std::vector<std::string> turnsStartingWith(const State& state, const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& t : state.legalTurns())
    if (t.compare(0, prefix.size(), prefix) == 0) out.push_back(t);
  std::sort(out.begin(), out.end());
  return out;
}

/// Plays the turns separated by spaces.
inline void playTurns(State& state, const std::string& turns) {
  std::istringstream in(turns);
  for (std::string t; in >> t;) state.playTurn(t);
}

/// Number of pieces a side has on the board.
inline int onBoard(const State& state, int side) { return morris::count(morrisPosition(state).pieces(side)); }

}  // namespace tz::test

#pragma once
// A folder of endgame tables, probed for the value and the best turns of a position
// (docs/EGTB.md 5). Tables are read when first needed and kept.
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "game/morris/egtb/table.h"
#include "game/morris/notation.h"

namespace tz::morris::egtb {

/// A legal turn and the value it leads to for the side that plays it.
struct ScoredTurn {
  Turn turn;    // the turn
  Value value;  // for the side playing it
};

/// What the database says about a position.
struct Probe {
  PieceClass cls;                 // the position's class
  Value value;                    // for the side to move
  std::vector<ScoredTurn> turns;  // every legal turn
  std::vector<Turn> best;         // the turns that keep `value`: the quickest win, the longest loss, a draw
};

/// The tables of one database folder for one flying rule.
class Database {
 public:
  /// Opens `dir` for positions played with flying on or off: reads every table header
  /// there. Throws Error when the folder holds no table, an unreadable one, or one built
  /// for the other flying rule.
  Database(const std::string& dir, bool flying);

  /// The classes with a table in the folder, in solving order.
  std::vector<PieceClass> classes() const;
  /// Why the database cannot value `setup` (empty when it can): not the moving phase, a
  /// side with fewer than three pieces, or no table for its class or for a class its
  /// turns lead to.
  std::string whyNotCovered(const Setup& setup) const;
  /// The value and best turns of `setup`; a pending removal is valued by its best removal.
  /// Throws Error with whyNotCovered's reason, or when a table is damaged.
  Probe probe(const Setup& setup);
  /// The value of `setup` for its side to move, read from its class's table alone (no turn
  /// is generated); nothing where that table is missing, a hand is not empty, a side has
  /// fewer than three pieces or a removal is pending. Throws Error when the table is damaged.
  std::optional<Value> exactValue(const Setup& setup);

 private:
  // The table of a class with a file, read on first use.
  const Table& table(const PieceClass& c);
  // The value of a position for its side to move (a side left with two pieces has lost).
  Value valueOf(Mask own, Mask opp);
  // Whether the class has a file; names the class otherwise.
  std::string missing(const PieceClass& c, const std::string& what) const;

  std::string dir_;
  bool flying_;
  std::map<PieceClass, std::string> files_;  // class -> file
  std::map<PieceClass, Table> loaded_;
  std::mutex mutex_;  // guards loaded_
};

}  // namespace tz::morris::egtb

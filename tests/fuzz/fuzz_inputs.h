#pragma once
// What the fuzz test feeds the parsers, and what must hold for any input: a parser either
// accepts it or throws tz::Error, never crashes or throws anything else, and what it
// accepts round-trips (a parsed position prints a record that parses to the same position).
#include <stdexcept>
#include <string>

namespace tz::fuzz {

/// An accepted input that broke an invariant (not a user error: a defect).
class InvariantBroken : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// The inputs fuzzed, each with its corpus folder tests/fuzz/corpus/<name>.
enum class Kind { kRecords, kMoves, kVariants, kTablutFrames };

/// The corpus folder name of a kind: "records", "moves", "variants", "tablut-frames".
const char* kindName(Kind kind);

/// Runs one input of `kind` against `variant` (a preset name; unused for kVariants, whose
/// input is a whole variant file). Records: a position record and a side to move on its
/// second line. Moves: turns in notation from the start position. Tablut frames: the bytes a
/// Tablut Challenge server sends (length-prefixed JSON states). Returns whether the
/// input was accepted (for moves: at least one turn played). Throws InvariantBroken on a
/// defect; tz::Error (bad input) is caught.
bool runInput(Kind kind, const std::string& variant, const std::string& input);

}  // namespace tz::fuzz

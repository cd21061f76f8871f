#pragma once
// Table files of the endgame database (docs/EGTB.md 4): a fixed header (format version,
// flying rule, class, counts, variant name), one value byte per position, and an FNV-1a
// checksum over both; written atomically.
#include <string>

#include "game/morris/egtb/table.h"

namespace tz::morris::egtb {

/// What a table file's header says.
struct TableHeader {
  PieceClass cls;       // the class
  bool flying = true;   // the rule it was solved under
  std::string variant;  // name of the variant it was built for (at most 32 characters kept)
  TableStats stats;     // counts of its values
};

/// The file of class `c` in the database folder `dir`: DIR/3v4.egtb.
std::string tablePath(const std::string& dir, const PieceClass& c);

/// Writes `table` to `path` through a temporary file renamed into place, so that the path
/// holds either its old contents or the whole new table. Throws Error when it cannot.
void writeTable(const Table& table, const std::string& variant, const std::string& path);

/// Reads and checks a file's header only; throws Error naming the file and the problem.
TableHeader readTableHeader(const std::string& path);

/// Reads a whole table, checking its header, size and checksum; throws Error naming the
/// file and the problem (unreadable, not a table, truncated, damaged).
Table readTable(const std::string& path);

}  // namespace tz::morris::egtb

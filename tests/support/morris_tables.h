#pragma once
// Morris endgame databases for tests: the flying 3v3 table, or 3v3, 3v4 and 4v3, built once
// per test process in a folder of its own that is removed when the process ends.
#include <cstdlib>
#include <filesystem>
#include <string>

#include "game/morris/egtb/builder.h"

namespace tz::test {

/// A folder of flying morris tables, built on construction, removed on destruction.
struct MorrisTablesFolder {
  std::string path;
  /// Builds the class `mine` v `theirs` and every class it needs.
  MorrisTablesFolder(int mine, int theirs) {
    char name[] = "/tmp/taflzero-tables-XXXXXX";
    path = mkdtemp(name);
    morris::egtb::buildDatabase({path, {{mine, theirs}}, true, "morris"});
  }
  ~MorrisTablesFolder() { std::filesystem::remove_all(path); }
};

/// The folder of the 3v3 table (flying morris), built on first use.
inline const std::string& morrisTables3v3() {
  static const MorrisTablesFolder folder(3, 3);
  return folder.path;
}

/// The folder of the 3v3, 3v4 and 4v3 tables (flying morris), built on first use (about 15 s).
inline const std::string& morrisTables3v4() {
  static const MorrisTablesFolder folder(3, 4);
  return folder.path;
}

}  // namespace tz::test

#pragma once
// A morris endgame database for tests: the flying 3v3 table, built once per test process
// in a folder of its own that is removed when the process ends.
#include <cstdlib>
#include <filesystem>
#include <string>

#include "game/morris/egtb/builder.h"

namespace tz::test {

/// The folder of the 3v3 table (flying morris), built on first use.
inline const std::string& morrisTables3v3() {
  struct Folder {
    std::string path;
    Folder() {
      char name[] = "/tmp/taflzero-tables-XXXXXX";
      path = mkdtemp(name);
      morris::egtb::buildDatabase({path, {{3, 3}}, true, "morris"});
    }
    ~Folder() { std::filesystem::remove_all(path); }
  };
  static const Folder folder;
  return folder.path;
}

}  // namespace tz::test

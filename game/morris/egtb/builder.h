#pragma once
// Building a database folder (docs/EGTB.md 3, 6): the requested classes and every smaller
// class their captures lead to, solved in dependency order and written one file a class.
#include <functional>
#include <string>
#include <vector>

#include "game/morris/egtb/table.h"

namespace tz::morris::egtb {

/// One class of a build.
struct BuiltClass {
  PieceClass cls;       // the class
  TableStats stats;     // its counts
  double seconds = 0;   // time to solve (or read) its pair, both classes together
  bool reused = false;  // read from an existing file instead of solved
};

/// What a build is for.
struct BuildRequest {
  std::string dir;                  // the database folder (created when missing)
  std::vector<PieceClass> classes;  // the classes asked for
  bool flying = true;               // the variant's flying rule
  std::string variant;              // the variant's name, recorded in each file
};

/// Solves the requested classes with their swaps (solved together) and every smaller
/// class a capture leads to, smallest first, and writes each to its file in the folder.
/// A needed class that was not asked for is read from its file when the folder already
/// holds it. Calls `done` after each class. Throws Error when the folder holds tables of
/// the other flying rule, or on a file it cannot read or write.
std::vector<BuiltClass> buildDatabase(const BuildRequest& request,
                                      const std::function<void(const BuiltClass&)>& done = {});

}  // namespace tz::morris::egtb

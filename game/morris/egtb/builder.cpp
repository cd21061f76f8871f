#include "game/morris/egtb/builder.h"

#include <chrono>
#include <filesystem>
#include <map>
#include <set>

#include "game/base/error.h"
#include "game/morris/egtb/solver.h"
#include "game/morris/egtb/table_file.h"

namespace tz::morris::egtb {

namespace {

// The requested classes, their swaps and, recursively, the classes captures lead to.
std::set<PieceClass> neededClasses(const std::vector<PieceClass>& requested) {
  std::set<PieceClass> needed;
  std::vector<PieceClass> work(requested.begin(), requested.end());
  while (!work.empty()) {
    const PieceClass c = work.back();
    work.pop_back();
    if (!needed.insert(c).second) continue;
    work.push_back(c.swapped());
    if (c.opponent - 1 >= kMinPieces) work.push_back({c.opponent - 1, c.mover});
  }
  return needed;
}

// Throws Error when the folder holds a table of the other flying rule (a folder holds
// one rule's tables).
void checkFolderRule(const BuildRequest& r) {
  for (int m = kMinPieces; m <= kPieces; ++m) {
    for (int o = kMinPieces; o <= kPieces; ++o) {
      const std::string path = tablePath(r.dir, {m, o});
      if (std::filesystem::exists(path) && readTableHeader(path).flying != r.flying) {
        throw Error("endgame table " + path + " was built for the other flying rule: build into another folder");
      }
    }
  }
}

// Whether the folder holds both tables of a pair.
bool pairOnDisk(const BuildRequest& r, const PieceClass& c) {
  return std::filesystem::exists(tablePath(r.dir, c)) && std::filesystem::exists(tablePath(r.dir, c.swapped()));
}

}  // namespace

std::vector<BuiltClass> buildDatabase(const BuildRequest& r, const std::function<void(const BuiltClass&)>& done) {
  std::set<PieceClass> asked;
  for (const PieceClass& c : r.classes) {
    asked.insert(c);
    asked.insert(c.swapped());
  }
  std::filesystem::create_directories(r.dir);
  checkFolderRule(r);
  std::map<PieceClass, Table> tables;
  std::vector<BuiltClass> out;
  for (const PieceClass& c : neededClasses(r.classes)) {
    if (tables.count(c)) continue;
    const auto start = std::chrono::steady_clock::now();
    const bool reuse = !asked.count(c) && pairOnDisk(r, c);
    std::vector<Table> solved;
    if (reuse) {
      solved.push_back(readTable(tablePath(r.dir, c)));
      if (!(c.swapped() == c)) solved.push_back(readTable(tablePath(r.dir, c.swapped())));
    } else {
      solved = solvePair(c, r.flying, [&](const PieceClass& k) -> const Table& { return tables.at(k); });
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (Table& t : solved) {
      if (!reuse) writeTable(t, r.variant, tablePath(r.dir, t.cls));
      out.push_back({t.cls, t.stats(), seconds, reuse});
      if (done) done(out.back());
      tables.emplace(t.cls, std::move(t));
    }
  }
  return out;
}

}  // namespace tz::morris::egtb

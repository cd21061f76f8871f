#include "game/morris/egtb/database.h"

#include <filesystem>

#include "game/base/error.h"
#include "game/morris/egtb/table_file.h"
#include "game/morris/egtb/turns.h"

namespace tz::morris::egtb {

namespace {

const char* flyingName(bool flying) { return flying ? "flying on" : "flying off"; }

}  // namespace

Database::Database(const std::string& dir, bool flying) : dir_(dir), flying_(flying) {
  if (!std::filesystem::is_directory(dir)) {
    throw Error("endgame database " + quoted(dir) + " is not a folder (build one with taflzero egtb build)");
  }
  for (int m = kMinPieces; m <= kPieces; ++m) {
    for (int o = kMinPieces; o <= kPieces; ++o) {
      const PieceClass c{m, o};
      const std::string path = tablePath(dir, c);
      if (!std::filesystem::exists(path)) continue;
      const TableHeader h = readTableHeader(path);
      if (!(h.cls == c)) throw Error("endgame table " + path + " holds class " + h.cls.name() + ", not " + c.name());
      if (h.flying != flying) {
        throw Error("endgame table " + path + " was built with " + flyingName(h.flying) + " (variant " + h.variant +
                    "), but this variant plays with " + flyingName(flying));
      }
      files_[c] = path;
    }
  }
  if (files_.empty()) throw Error("no endgame tables in " + quoted(dir) + " (build them with taflzero egtb build)");
}

std::vector<PieceClass> Database::classes() const {
  std::vector<PieceClass> out;
  for (const auto& [c, path] : files_) out.push_back(c);
  return out;
}

std::string Database::missing(const PieceClass& c, const std::string& what) const {
  if (files_.count(c)) return "";
  std::string held;
  for (const auto& [have, path] : files_) held += (held.empty() ? "" : ", ") + have.name();
  return "no table for class " + c.name() + what + " in " + quoted(dir_) + " (it holds " + held + ")";
}

std::string Database::whyNotCovered(const Setup& s) const {
  if (s.hand[kWhite] || s.hand[kBlack]) {
    return "the endgame database holds moving-phase positions, with both hands empty (white has " +
           std::to_string(s.hand[kWhite]) + " in hand, black " + std::to_string(s.hand[kBlack]) + ")";
  }
  const PieceClass c = classOf(s.pieces[s.side], s.pieces[s.side ^ 1]);
  if (c.mover < kMinPieces || c.opponent < kMinPieces) {
    return "class " + c.name() + " is over: a side with fewer than three pieces has lost (tables hold 3 to 9 a side)";
  }
  const std::string after = ", which turns from class " + c.name() + " lead to,";
  std::string why = s.pending ? "" : missing(c, "");
  if (why.empty() && !s.pending) why = missing(c.swapped(), after);
  if (why.empty() && c.opponent > kMinPieces) why = missing({c.opponent - 1, c.mover}, after);
  return why;
}

const Table& Database::table(const PieceClass& c) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = loaded_.find(c);
  if (it == loaded_.end()) it = loaded_.emplace(c, readTable(files_.at(c))).first;
  return it->second;
}

Value Database::valueOf(Mask own, Mask opp) {
  if (count(own) < kMinPieces) return {Result::kLoss, 0};
  return table(classOf(own, opp)).at(own, opp);
}

std::optional<Value> Database::exactValue(const Setup& s) {
  if (s.hand[kWhite] || s.hand[kBlack] || s.pending) return std::nullopt;
  const Mask own = s.pieces[s.side], opp = s.pieces[s.side ^ 1];
  if (count(own) < kMinPieces || count(opp) < kMinPieces || !files_.count(classOf(own, opp))) return std::nullopt;
  return valueOf(own, opp);
}

Probe Database::probe(const Setup& s) {
  const std::string why = whyNotCovered(s);
  if (!why.empty()) throw Error(why);
  const Mask own = s.pieces[s.side], opp = s.pieces[s.side ^ 1];
  Probe p;
  p.cls = classOf(own, opp);
  TurnList list;
  generateTurns(flying_, own, opp, s.pending, list);
  for (int i = 0; i < list.size; ++i) {
    const Sides child = childOf(own, opp, list.turns[i]);
    p.turns.push_back({list.turns[i], throughTurn(valueOf(child.own, child.opp))});
  }
  if (s.pending) {
    for (const ScoredTurn& t : p.turns)
      if (&t == &p.turns.front() || preference(t.value) > preference(p.value)) p.value = t.value;
  } else {
    p.value = valueOf(own, opp);
  }
  for (const ScoredTurn& t : p.turns)
    if (t.value == p.value) p.best.push_back(t.turn);
  return p;
}

}  // namespace tz::morris::egtb

#include "game/morris/egtb/morris_tables.h"

#include "game/base/error.h"
#include "game/morris/egtb/index.h"

namespace tz::morris::egtb {

namespace {

// The ply count of every drawn record (docs/EGTB.md 8): past the placing phase.
constexpr int kDrawnPlies = 40;

EndgameValue generic(const Value& v) { return {EndgameResult(int(v.result)), v.distance}; }

// A moving-phase setup of class `c` at `index`, with `side` to move.
Setup setupAt(const PieceClass& c, uint32_t index, int side) {
  Setup s;
  s.side = side;
  positionAt(c, index, s.pieces[side], s.pieces[side ^ 1]);
  s.hand[kWhite] = s.hand[kBlack] = 0;
  s.plies = kDrawnPlies;
  return s;
}

}  // namespace

MorrisEndgameTables::MorrisEndgameTables(const MorrisGame& game, const std::string& dir)
    : game_(game), db_(dir, game.rules().flying) {}

std::vector<std::string> MorrisEndgameTables::classes() const {
  std::vector<std::string> out;
  for (const PieceClass& c : db_.classes()) out.push_back(c.name());
  return out;
}

std::string MorrisEndgameTables::whyNotCovered(const State& state) const {
  return db_.whyNotCovered(parseRecord(state.record()));
}

std::string MorrisEndgameTables::whyClassNotCovered(const std::string& positionClass) const {
  PieceClass c;
  try {
    c = parseClass(positionClass);
  } catch (const Error& e) {
    return e.what();
  }
  return db_.whyNotCovered(setupAt(c, 0, kWhite));
}

EndgameProbe MorrisEndgameTables::probe(const State& state) {
  const Probe p = db_.probe(parseRecord(state.record()));
  EndgameProbe out;
  out.positionClass = p.cls.name();
  out.value = generic(p.value);
  for (const ScoredTurn& t : p.turns) out.turns.push_back({turnName(t.turn), generic(t.value)});
  for (const Turn& t : p.best) out.best.push_back(turnName(t));
  return out;
}

std::optional<EndgameValue> MorrisEndgameTables::valueOf(const State& state) {
  const auto* morris = dynamic_cast<const MorrisState*>(&state);
  const Setup s = morris ? morris->position().setup() : parseRecord(state.record());
  if (s.pending) return EndgameTables::valueOf(state);  // valued by its best removal
  const auto value = db_.exactValue(s);
  if (!value) return std::nullopt;
  return generic(*value);
}

std::unique_ptr<State> MorrisEndgameTables::drawPosition(const std::string& positionClass, std::mt19937_64& rng) {
  const PieceClass c = parseClass(positionClass);
  for (;;) {
    const uint32_t index = uint32_t(rng() % c.size());
    const Setup s = setupAt(c, index, int(rng() & 1));
    if (!db_.probe(s).turns.empty()) return game_.fromRecord(writeRecord(s), "");
  }
}

}  // namespace tz::morris::egtb

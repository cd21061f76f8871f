#include "tests/fuzz/fuzz_inputs.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <vector>

#include "cli/tablut/frames.h"
#include "cli/tablut/messages.h"
#include "game/base/error.h"
#include "game/registry.h"

namespace tz::fuzz {

namespace {

void require(bool ok, const std::string& what, const std::string& input) {
  if (!ok) throw InvariantBroken(what + " for input '" + input.substr(0, 300) + "'");
}

const Game& preset(const std::string& name) {
  static std::map<std::string, std::unique_ptr<Game>> games;
  auto& game = games[name];
  if (!game) game = loadGame(name);
  return *game;
}

// An accepted state prints a record that parses back to the same position, and each legal
// action's name plays back to the same successor.
void checkState(const Game& game, const State& state, const std::string& input) {
  const auto again = game.fromRecord(state.record(), game.sideName(state.toMove()));
  require(again->hash() == state.hash() && again->record() == state.record(), "record round trip broken", input);
  std::vector<Action> legal;
  state.legalActions(legal);
  require(legal.empty() == state.outcome().over || game.family() == "morris", "legal moves and outcome disagree",
          input);
  for (size_t i = 0; i < legal.size() && i < 4; ++i) {
    auto byAction = state.clone();
    byAction->apply(legal[i]);
    require(byAction->ply() == state.ply() + 1, "a move did not advance the ply", input);
  }
  for (const std::string& turn : state.legalTurns()) {
    auto played = state.clone();
    played->playTurn(turn);  // a listed turn must be playable: a throw here is a defect, not bad input
    break;
  }
}

bool runRecord(const std::string& variant, const std::string& input) {
  const Game& game = preset(variant);
  const size_t newline = input.find('\n');
  const std::string record = input.substr(0, newline);
  const std::string side = newline == std::string::npos ? "" : input.substr(newline + 1);
  std::unique_ptr<State> state;
  try {
    state = game.fromRecord(record, side);
  } catch (const Error&) {
    return false;
  }
  checkState(game, *state, input);
  return true;
}

bool runMoves(const std::string& variant, const std::string& input) {
  const Game& game = preset(variant);
  auto state = game.newGame();
  std::istringstream in(input);
  bool played = false;
  for (std::string turn; in >> turn;) {
    const std::string before = state->record();
    try {
      state->playTurn(turn);
      played = true;
    } catch (const Error&) {
      require(state->record() == before, "a refused turn changed the position", input);
    }
  }
  checkState(game, *state, input);
  return played;
}

// The file the variant inputs are written to (a variant is read from a file), removed when
// the program ends.
struct VariantFile {
  std::string path =
      (std::filesystem::temp_directory_path() / ("taflzero-fuzz-" + std::to_string(::getpid()) + ".yaml")).string();
  ~VariantFile() {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
};

bool runVariant(const std::string& input) {
  static const VariantFile file;
  const std::string& path = file.path;
  std::ofstream(path, std::ios::trunc | std::ios::binary) << input;
  std::unique_ptr<Game> game;
  try {
    game = loadGame(path);
  } catch (const Error&) {
    return false;
  }
  auto state = game->newGame();
  checkState(*game, *state, input);
  require(state->perft(1) == state->legalTurns().size() || game->family() == "morris", "perft(1) != legal turns",
          input);
  return true;
}

// Frames read from `input` as the client reads the server; every state parsed must print a
// message that parses back to it, and give an ashton position or a clear Error.
bool runTablutFrames(const std::string& input) {
  using namespace cli::tablut;
  size_t at = 0;
  const ReadSome read = [&](char* buffer, size_t size) {
    const size_t n = std::min(size, input.size() - at);
    std::copy_n(input.data() + at, n, buffer);
    at += n;
    return n;
  };
  bool accepted = false;
  try {
    while (const auto frame = readFrame(read)) {
      ServerState state;
      try {
        state = parseState(*frame);
      } catch (const Error&) {
        continue;
      }
      accepted = true;
      const ServerState again = parseState(stateMessage(state.record, state.turn));
      require(again.record == state.record && again.turn == state.turn, "state message round trip broken", input);
      if (sideToMove(state.turn) < 0) continue;
      try {
        const Game& game = preset("ashton");
        checkState(game, *game.fromRecord(state.record, game.sideName(sideToMove(state.turn))), input);
      } catch (const Error&) {
      }
    }
  } catch (const Error&) {
  }
  return accepted;
}

}  // namespace

const char* kindName(Kind kind) {
  switch (kind) {
    case Kind::kRecords: return "records";
    case Kind::kMoves: return "moves";
    case Kind::kVariants: return "variants";
    case Kind::kTablutFrames: return "tablut-frames";
  }
  return "";
}

bool runInput(Kind kind, const std::string& variant, const std::string& input) {
  switch (kind) {
    case Kind::kRecords: return runRecord(variant, input);
    case Kind::kMoves: return runMoves(variant, input);
    case Kind::kVariants: return runVariant(input);
    case Kind::kTablutFrames: return runTablutFrames(input);
  }
  return false;
}

}  // namespace tz::fuzz

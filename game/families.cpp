// The registration table of the game families: one line per family.
#include "game/game_family.h"
#include "game/morris/morris_game.h"
#include "game/tafl/tafl_game.h"
#include "game/tictactoe/tictactoe.h"

namespace tz {

const std::vector<GameFamily>& gameFamilies() {
  static const std::vector<GameFamily> families = {
      {"tafl", &tafl::makeTaflGame},
      {"morris", &morris::makeMorrisGame},
      {"tictactoe", &tictactoe::makeTicTacToe},
  };
  return families;
}

const GameFamily* findGameFamily(const std::string& name) {
  for (const GameFamily& family : gameFamilies())
    if (family.name == name) return &family;
  return nullptr;
}

}  // namespace tz

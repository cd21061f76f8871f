// Games files fuzzed (docs/RECORDS.md): every line of a file others commit is read, its rules
// built and its games replayed by `records check`, `records import` and `models verify`. A
// damaged file must give tz::Error, never another exception or a crash
// (tests/fuzz/fuzz_loop.h); an accepted one re-scores without error.
#include "game/base/error.h"
#include "tests/fuzz/fuzz_loop.h"
#include "training/matches/game_check.h"
#include "training/matches/game_file.h"

namespace tz::fuzz {
namespace {

// Whether `text` reads as a games file whose every game replays.
bool acceptGamesFile(const std::string& text) {
  try {
    const GameFileCheck check = checkGames(readGameText(text, "fuzzed games file"), "fuzzed games file");
    return check.games > 0;
  } catch (const Error&) {
    return false;
  }
}

TEST(Fuzz, GamesFiles) {
  fuzzCorpus("games-files", [](const Entry&, const std::string& input) { return acceptGamesFile(input); });
}

}  // namespace
}  // namespace tz::fuzz

// A random-input fuzz test in CI: position records, move notation, YAML variant files and
// Tablut Challenge frames, mutated from the corpus in tests/fuzz/corpus/ (tests/fuzz/fuzz_loop.h).
// Any exception other than tz::Error, a crash, or a broken round trip fails.
#include "tests/fuzz/fuzz_inputs.h"
#include "tests/fuzz/fuzz_loop.h"

namespace tz::fuzz {
namespace {

void fuzz(Kind kind) {
  fuzzCorpus(kindName(kind), [kind](const Entry& e, const std::string& input) { return runInput(kind, e.variant, input); });
}

TEST(Fuzz, PositionRecords) { fuzz(Kind::kRecords); }
TEST(Fuzz, MoveNotation) { fuzz(Kind::kMoves); }
TEST(Fuzz, VariantFiles) { fuzz(Kind::kVariants); }
TEST(Fuzz, TablutChallengeFrames) { fuzz(Kind::kTablutFrames); }

}  // namespace
}  // namespace tz::fuzz

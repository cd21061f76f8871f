// A random-input fuzz test in CI: position records, move notation and YAML variant files,
// mutated from the corpus in tests/fuzz/corpus/. Any exception other than tz::Error, a
// crash, or a broken round trip fails. TAFLZERO_FUZZ_RUNS sets the mutations per corpus
// entry (default 300) for longer runs by hand; TAFLZERO_FUZZ_SEED the seed (default 1).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/fuzz/fuzz_inputs.h"
#include "tests/fuzz/mutator.h"

namespace tz::fuzz {
namespace {

namespace fs = std::filesystem;

// A corpus entry: the preset it is for (its file name up to the last '-') and its text.
struct Entry {
  std::string variant;
  std::string text;
};

std::vector<Entry> corpus(Kind kind) {
  std::vector<Entry> out;
  for (const auto& e : fs::directory_iterator(fs::path(TAFLZERO_SOURCE_DIR) / "tests/fuzz/corpus" / kindName(kind))) {
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::string stem = e.path().stem().string();
    out.push_back({stem.substr(0, stem.rfind('-')), text.str()});
  }
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.text < b.text; });
  return out;
}

long envNumber(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v ? std::strtol(v, nullptr, 10) : fallback;
}

void fuzz(Kind kind) {
  const auto entries = corpus(kind);
  ASSERT_GE(entries.size(), 3u) << "corpus " << kindName(kind) << " is too small";
  std::vector<std::string> texts;
  for (const auto& e : entries) texts.push_back(e.text);
  std::mt19937_64 rng(uint64_t(envNumber("TAFLZERO_FUZZ_SEED", 1)));
  const long runs = envNumber("TAFLZERO_FUZZ_RUNS", 300);
  long executions = 0, accepted = 0;
  for (const auto& e : entries) {
    for (long i = 0; i <= runs; ++i) {
      const std::string input = i == 0 ? e.text : mutate(e.text, texts, rng);
      try {
        accepted += runInput(kind, e.variant, input);
      } catch (const std::exception& ex) {
        const std::string saved = ::testing::TempDir() + "/fuzz-failure-" + kindName(kind) + ".txt";
        std::ofstream(saved, std::ios::binary) << input;
        FAIL() << kindName(kind) << " (" << e.variant << "): " << ex.what() << "\ninput (whole in " << saved
               << "): '" << input.substr(0, 300) << "'";
      }
      ++executions;
    }
  }
  std::printf("%s: %ld executions (%ld accepted), no failure\n", kindName(kind), executions, accepted);
  EXPECT_GT(accepted, executions / 20) << "the mutations hardly ever give a valid input: a weak fuzzer";
}

TEST(Fuzz, PositionRecords) { fuzz(Kind::kRecords); }
TEST(Fuzz, MoveNotation) { fuzz(Kind::kMoves); }
TEST(Fuzz, VariantFiles) { fuzz(Kind::kVariants); }

}  // namespace
}  // namespace tz::fuzz

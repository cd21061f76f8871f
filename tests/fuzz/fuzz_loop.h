#pragma once
// The fuzz loop shared by the fuzz tests: every entry of a corpus folder, then mutations of
// it, run through a harness. Any exception other than tz::Error (which the harness catches)
// fails the test, with the input saved. The slowest input is saved too, and its time printed
// (never a pass/fail: a hand run reads it to find inputs a reader spends too long on). TAFLZERO_FUZZ_RUNS sets the mutations per corpus
// entry (default 300) for longer runs by hand; TAFLZERO_FUZZ_SEED the seed (default 1).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "tests/fuzz/mutator.h"

namespace tz::fuzz {

/// A corpus entry: the preset it is for (its file name up to the last '-') and its bytes.
struct Entry {
  std::string variant;  // the preset named by the file name
  std::string text;     // the file's bytes
};

/// The entries of tests/fuzz/corpus/<name>, in a fixed order.
inline std::vector<Entry> corpus(const std::string& name) {
  namespace fs = std::filesystem;
  std::vector<Entry> out;
  for (const auto& e : fs::directory_iterator(fs::path(TAFLZERO_SOURCE_DIR) / "tests/fuzz/corpus" / name)) {
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::string stem = e.path().stem().string();
    out.push_back({stem.substr(0, stem.rfind('-')), text.str()});
  }
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.text < b.text; });
  return out;
}

/// A number from the environment variable `name`, or `fallback` when it is not set.
inline long envNumber(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v ? std::strtol(v, nullptr, 10) : fallback;
}

/// Runs every entry of `entries` (a corpus called `name`) and its mutations through `run`
/// (true: the input was accepted); fails on any exception, and when fewer than one input in
/// 20 is accepted (mutations that hardly ever give a valid input make a weak fuzzer).
inline void fuzzEntries(const std::string& name, const std::vector<Entry>& entries,
                        const std::function<bool(const Entry&, const std::string&)>& run) {
  ASSERT_GE(entries.size(), 3u) << "corpus " << name << " is too small";
  std::vector<std::string> texts;
  for (const auto& e : entries) texts.push_back(e.text);
  std::mt19937_64 rng(uint64_t(envNumber("TAFLZERO_FUZZ_SEED", 1)));
  const long runs = envNumber("TAFLZERO_FUZZ_RUNS", 300);
  long executions = 0, accepted = 0;
  double slowest = 0;
  std::string slowestInput;
  for (const auto& e : entries) {
    for (long i = 0; i <= runs; ++i) {
      const std::string input = i == 0 ? e.text : mutate(e.text, texts, rng);
      try {
        const auto start = std::chrono::steady_clock::now();
        accepted += run(e, input);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (seconds > slowest) slowest = seconds, slowestInput = input;
      } catch (const std::exception& ex) {
        const std::string saved = ::testing::TempDir() + "/fuzz-failure-" + name + ".txt";
        std::ofstream(saved, std::ios::binary) << input;
        FAIL() << name << " (" << e.variant << "): " << ex.what() << "\ninput (whole in " << saved << "): '"
               << input.substr(0, 300) << "'";
      }
      ++executions;
    }
  }
  const std::string saved = ::testing::TempDir() + "/fuzz-slowest-" + name + ".txt";
  std::ofstream(saved, std::ios::binary) << slowestInput;
  std::printf("%s: %ld executions (%ld accepted), no failure; the slowest took %.3f s (saved in %s)\n", name.c_str(),
              executions, accepted, slowest, saved.c_str());
  EXPECT_GT(accepted, executions / 20) << "the mutations hardly ever give a valid input: a weak fuzzer";
}

/// fuzzEntries over the files of tests/fuzz/corpus/<name>.
inline void fuzzCorpus(const std::string& name, const std::function<bool(const Entry&, const std::string&)>& run) {
  fuzzEntries(name, corpus(name), run);
}

}  // namespace tz::fuzz

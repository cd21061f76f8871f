// Every YAML block the docs print (```yaml in README.md and docs/*.md) is read by the reader
// of its kind, as a user who copies it would: a study, an experiment, a variant or a network.
// A printed example the program refuses, or a block of no known kind, fails the test.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "game/base/error.h"
#include "game/registry.h"
#include "nets/network_config.h"
#include "training/balance/balance_study.h"
#include "training/run/experiment.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

// A YAML block of a doc: where it starts and its text.
struct DocBlock {
  std::string where;  // "docs/BALANCE.md:23"
  std::string text;
};

std::vector<DocBlock> yamlBlocks() {
  const fs::path root(TAFLZERO_SOURCE_DIR);
  std::vector<fs::path> docs{root / "README.md"};
  for (const auto& entry : fs::directory_iterator(root / "docs"))
    if (entry.path().extension() == ".md") docs.push_back(entry.path());
  std::vector<DocBlock> blocks;
  for (const fs::path& doc : docs) {
    std::ifstream in(doc);
    std::string line;
    bool inside = false;
    for (int number = 1; std::getline(in, line); ++number) {
      if (!inside && line.rfind("```yaml", 0) == 0) {
        blocks.push_back({fs::relative(doc, root).string() + ":" + std::to_string(number), ""});
        inside = true;
      } else if (inside && line.rfind("```", 0) == 0) {
        inside = false;
      } else if (inside) {
        blocks.back().text += line + "\n";
      }
    }
  }
  return blocks;
}

// Reads `block` with the reader its keys call for; returns the kind read, or throws.
std::string readBlock(const DocBlock& block, const std::string& file) {
  std::ofstream(file) << block.text;
  const YAML::Node node = YAML::Load(block.text);
  if (node["factors"]) {
    loadStudy(file);
    return "study";
  }
  if (node["selfplay"] || node["variants"] || node["budget"]) {
    loadExperiment(file);
    return "experiment";
  }
  if (node["game"]) {
    loadGame(file);
    return "variant";
  }
  if (node["blocks"]) {
    loadNetworkConfig(file);
    return "network";
  }
  return "";
}

TEST(DocsYaml, EveryPrintedYamlBlockIsReadByItsReader) {
  const std::vector<DocBlock> blocks = yamlBlocks();
  ASSERT_FALSE(blocks.empty()) << "docs/BALANCE.md prints a study";
  for (size_t i = 0; i < blocks.size(); ++i) {
    const std::string file = ::testing::TempDir() + "/docs_block_" + std::to_string(i) + ".yaml";
    std::string kind, error;
    try {
      kind = readBlock(blocks[i], file);
    } catch (const std::exception& e) {
      error = e.what();
    }
    EXPECT_EQ(error, "") << blocks[i].where << ": the printed YAML is refused";
    EXPECT_FALSE(kind.empty() && error.empty()) << blocks[i].where << ": a YAML block of no known kind";
  }
}

}  // namespace
}  // namespace tz::test

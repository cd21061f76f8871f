// `cmake --install`: the installed binaries find the installed presets and shipped models
// (PREFIX/share/taflzero, game/base/data_dir.h) from any folder, with the source tree out of
// reach, and play a shipped model.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "nets/temp_dir.h"
#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

TEST(Install, InstalledBinariesReadTheInstalledConfigsAndModelsFromAnyFolder) {
  TempDir dir("tz-install-");
  const std::string prefix = dir.file("prefix");
  const CliResult install = runShell("cmake --install " + std::string(TAFLZERO_BINARY_DIR) + " --prefix " + prefix +
                                     " --component runtime > /dev/null");
  ASSERT_EQ(install.code, 0) << install.out;
  const std::string share = prefix + "/share/taflzero";
  for (const char* file : {"/configs/variants/brandubh.yaml", "/models/brandubh/model.ckpt", "/scripts/export_model.py",
                           "/web/page/play.js"}) {
    EXPECT_TRUE(std::filesystem::is_regular_file(share + file)) << file;
  }
  // Run from / with nothing pointing at the source tree: what the binaries read is the install's.
  const std::string bin = "cd / && env -u TAFLZERO_CONFIGS -u TAFLZERO_MODELS -u TAFLZERO_SCRIPTS -u TAFLZERO_HOME " +
                          prefix + "/bin/taflzero ";
  const CliResult models = runShell(bin + "models --json", false);
  ASSERT_EQ(models.code, 0) << models.out;
  EXPECT_EQ(nlohmann::json::parse(models.out)["directory"], share + "/models");
  const CliResult variants = runShell(bin + "variants --json", false);
  ASSERT_EQ(variants.code, 0) << variants.out;
  EXPECT_NE(variants.out.find("\"brandubh\""), std::string::npos) << variants.out;
  const CliResult arena =
      runShell(bin + "arena --a model:brandubh,sims=16 --b random --games 2 --db " + dir.file("a.db") + " --json", false);
  ASSERT_EQ(arena.code, 0) << arena.out;
  EXPECT_EQ(nlohmann::json::parse(arena.out)["games"], 2) << arena.out;
  // Experiments and studies by name, and the README's paths, from any folder (issue 76).
  const CliResult plan = runShell(bin + "balance linnaeus-candidates --plan --json", false);
  ASSERT_EQ(plan.code, 0) << plan.out;
  const CliResult planByPath = runShell(bin + "balance configs/balance/linnaeus-candidates.yaml --plan --json", false);
  EXPECT_EQ(planByPath.out, plan.out);
  const CliResult train = runShell(bin + "train brandubh-quick --steps 1 --set selfplay.bootstrap.games=0 --set "
                                         "training.min_positions=100 --quiet --run " + dir.file("r"));
  EXPECT_EQ(train.code, 0) << train.out;
  EXPECT_TRUE(std::filesystem::is_regular_file(dir.file("r/config.yaml")));
  const CliResult unknown = runShell(bin + "train brandubh-slow --steps 1 --run " + dir.file("r2"));
  EXPECT_NE(unknown.code, 0);
  EXPECT_NE(unknown.out.find("unknown experiment 'brandubh-slow': expected one of"), std::string::npos) << unknown.out;
  EXPECT_NE(unknown.out.find("brandubh-quick"), std::string::npos) << unknown.out;
  const CliResult missing = runShell(bin + "train configs/experiments/nope.yaml --steps 1 --run " + dir.file("r3"));
  EXPECT_NE(missing.code, 0);
  EXPECT_NE(missing.out.find("experiment file 'configs/experiments/nope.yaml' not found: looked in the working folder (/) "
                             "and in " + share),
            std::string::npos)
      << missing.out;
  // TAFLZERO_HOME points an installed binary elsewhere.
  const CliResult elsewhere = runShell("cd / && TAFLZERO_HOME=" + dir.file("nowhere") + " " + prefix +
                                       "/bin/taflzero show --variant brandubh");
  EXPECT_EQ(elsewhere.code, 2) << elsewhere.out;
  EXPECT_NE(elsewhere.out.find(dir.file("nowhere")), std::string::npos) << elsewhere.out;
}

}  // namespace
}  // namespace tz::test

// Network commands through the real binary: net init / net info, export with its JSON
// report and sidecar, bench net --json, network players in the arena, egtb score's value
// head, and one-line errors; all of them run by taflzero through taflzero-net
// (cli/libtorch_forward.h).
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nets/temp_dir.h"
#include "tests/cli/cli_runner.h"
#include "mcts/players/player_factory.h"
#include "tests/support/search_ranges.h"

namespace tz::test {
namespace {

TEST(NetCli, InitInfoAndExportTorchScript) {
  TempDir dir("tz-netcli-");
  const std::string ckpt = dir.file("b.ckpt");
  auto init = runCli("net init --variant brandubh --set king.capture=weak --network small --out " + ckpt);
  ASSERT_EQ(init.code, 0) << init.out;

  auto info = runCli("net info " + ckpt + " --json", false);
  ASSERT_EQ(info.code, 0) << info.out;
  auto j = nlohmann::json::parse(info.out);
  EXPECT_EQ(j["variant"], "brandubh");
  EXPECT_EQ(j["step"], 0);
  EXPECT_EQ(j["network"]["blocks"], 4);
  EXPECT_TRUE(j["optimizer"].is_null());
  EXPECT_NE(j["rules_yaml"].get<std::string>().find("capture: weak,"), std::string::npos);

  // The export rebuilds the variant from the checkpoint's rules, overrides included.
  auto ex = runCli("export " + ckpt + " --format torchscript --samples 4 --out " + dir.file("ts") + " --json", false);
  ASSERT_EQ(ex.code, 0) << ex.out;
  auto e = nlohmann::json::parse(ex.out);
  EXPECT_LE(e["max_abs_diff"].get<double>(), 1e-4);
  EXPECT_TRUE(std::filesystem::exists(dir.file("ts/model.pt")));
  std::ifstream sidecar(dir.file("ts/model.json"));
  const auto s = nlohmann::json::parse(sidecar);
  EXPECT_NE(s["rules_yaml"].get<std::string>().find("capture: weak,"), std::string::npos);
  EXPECT_EQ(s["verified"]["samples"], 4);
}

TEST(NetCli, BenchNetJson) {
  auto r = runCli("bench net --variant brandubh --network small --batches 1,4 --seconds 0.05 --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["rows"].size(), 2u);
  EXPECT_EQ(j["rows"][1]["batch"], 4);
  EXPECT_GT(j["rows"][1]["forward_per_s"].get<double>(), 0);
  EXPECT_GT(j["rows"][1]["singles"]["per_s"].get<double>(), 0);
  EXPECT_GT(j["rows"][1]["grouped"]["mean_batch"].get<double>(), 0);
  // On the CPU the bare pass is measured in bfloat16 too, beside float32.
  EXPECT_GT(j["rows"][1]["forward_bf16_per_s"].get<double>(), 0);
  EXPECT_GT(j["rows"][1]["bf16_to_fp32"].get<double>(), 0);
  EXPECT_EQ(j["precision"], "fp32");
}

TEST(NetCli, NetworkPlayersMixPlayoutsIntoTheirValues) {
  TempDir dir("tz-netcli-");
  const std::string ckpt = dir.file("b.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  auto match = runCli("arena --variant brandubh --a net:" + ckpt + ",sims=16,mix=0.5 --b net:" + ckpt +
                          ",sims=16 --games 2 --json --db " + dir.file("a.db"),
                      false);
  ASSERT_EQ(match.code, 0) << match.out;
  EXPECT_EQ(nlohmann::json::parse(match.out)["games"], 2);
  auto bad = runCli("arena --variant brandubh --a net:" + ckpt + ",mix=1.5 --b random --games 2 --db " +
                    dir.file("b.db"));
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.out.find("option 'mix' = '1.5': expected a number in [0, 1]"), std::string::npos) << bad.out;
}

TEST(NetCli, NetworkPlayersPlayInBfloat16WhenAsked) {
  TempDir dir("tz-netcli-");
  const std::string ckpt = dir.file("b.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  auto match = runCli("arena --variant brandubh --a net:" + ckpt + ",sims=16,precision=bf16 --b net:" + ckpt +
                          ",sims=16 --games 2 --json --db " + dir.file("a.db"),
                      false);
  ASSERT_EQ(match.code, 0) << match.out;
  EXPECT_EQ(nlohmann::json::parse(match.out)["games"], 2);
  auto bad = runCli("arena --variant brandubh --a net:" + ckpt + ",precision=fp16 --b random --games 2 --db " +
                    dir.file("b.db"));
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.out.find("option precision: unknown precision 'fp16': expected fp32 or bf16"), std::string::npos)
      << bad.out;
  EXPECT_FALSE(std::filesystem::exists(dir.file("b.db"))) << "refused before any game";
}

TEST(NetCli, TaflzeroHandsHelpAndNetPlayersToTaflzeroNet) {
  // The help of taflzero and of bench list the LibTorch build's commands too.
  const auto help = runCli("--help", false);
  EXPECT_EQ(help.code, 0);
  for (const std::string name : {"variants", "engine", "export", "train", "balance", "report"}) {
    EXPECT_NE(help.out.find("  " + name + " "), std::string::npos) << name << "\n" << help.out;
  }
  EXPECT_NE(runCli("bench --help", false).out.find("  selfplay "), std::string::npos);
  // An engine started with a net player runs in taflzero-net, where `player net:...` works.
  TempDir dir("tz-netcli-");
  const std::string ckpt = dir.file("b.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  std::ofstream(dir.file("in.txt")) << "player net:" << ckpt << ",sims=4\ngenmove\nquit\n";
  const auto r = runCli("engine --variant brandubh --player net:" + ckpt + ",sims=2 < " + dir.file("in.txt"), false);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("= net:" + ckpt + ",sims=4\n\n", 0), 0u) << r.out;
  EXPECT_EQ(r.out.find("? "), std::string::npos) << r.out;
}

TEST(NetCli, AGameWithAnotherPlyLimitIsPlayedUpToTheNetworksAndRefusedPastIt) {
  TempDir dir("tz-netcli-plylimit-");
  const std::string ckpt = dir.file("b.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --set ply_limit=6 --network small --out " + ckpt).code, 0);
  // A lower limit: every game ends (drawn at ply 4) before the network's.
  const auto lower = runCli("arena --variant brandubh --set ply_limit=4 --a net:" + ckpt +
                                ",sims=2 --b random --games 2 --json --db " + dir.file("lower.db"), false);
  ASSERT_EQ(lower.code, 0) << lower.out;
  EXPECT_EQ(nlohmann::json::parse(lower.out)["overall"]["draws"], 2) << lower.out;
  // A higher one: the same game up to ply 6, where the network's rules end it and the game's do not.
  const auto higher = runCli("arena --variant brandubh --set ply_limit=300 --a net:" + ckpt +
                             ",sims=2 --b greedy --games 1 --db " + dir.file("higher.db"));
  EXPECT_EQ(higher.code, 2) << higher.out;
  EXPECT_NE(higher.out.find("taflzero: error: mcts(net:brandubh/small@0,2) was trained on games that end at ply 6 "
                            "(ply_limit), and this game goes on at ply 6: past that, its rules and the game's differ\n"),
            std::string::npos)
      << higher.out;
  // Any other rule is refused as before, naming it and not the ply limit.
  const auto other = runCli("arena --variant brandubh --set ply_limit=300 --set king.capture=strong --a net:" + ckpt +
                                " --b random --games 1 --db " + dir.file("other.db"));
  EXPECT_EQ(other.code, 2) << other.out;
  EXPECT_NE(other.out.find("king.capture=weak_off_throne"), std::string::npos) << other.out;
  EXPECT_EQ(other.out.find("ply_limit"), std::string::npos) << other.out;
}

TEST(NetCli, OpenTaflPlaysANetworkOfItsRulesThoughItHasNoMoveLimit) {
  // OpenTafl's Brandub (no move limit: ply_limit 100000) with a network trained on its rules
  // to ply 200: the engine starts, takes the rules and moves (before, it exited 2 at once).
  TempDir dir("tz-netcli-otep-");
  const std::string brandub =
      "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
  ASSERT_EQ(runCli("opentafl-engine --show-rules '" + brandub + "' | sed 's/^ply_limit: .*/ply_limit: 200/' > " +
                   dir.file("brandub.yaml")).code, 0);
  const std::string ckpt = dir.file("b.ckpt");
  ASSERT_EQ(runCli("net init --variant " + dir.file("brandub.yaml") + " --network small --out " + ckpt).code, 0);
  std::ofstream(dir.file("in.txt")) << "rules " << brandub << "\nplay attackers\ngoodbye\n";
  const auto r = runCli("opentafl-engine --player net:" + ckpt + ",sims=4 < " + dir.file("in.txt"), false);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("hello\nstatus taflzero plays brandub as mcts(net:brandub/small@0,4)\nmove ", 0), 0u) << r.out;
  EXPECT_EQ(r.out.find("error"), std::string::npos) << r.out;
}

// The subcommand names of a CLI11 help text (the words opening the lines under "Subcommands:").
std::vector<std::string> subcommands(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream in(help.substr(std::min(help.size(), help.find("Subcommands:"))));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    if (line.rfind("  ", 0) != 0) continue;
    std::istringstream words(line);
    std::string name;
    words >> name;
    names.push_back(name);
  }
  return names;
}

TEST(NetCli, EveryCommandOfTheLibTorchBuildRunsThroughTaflzero) {
  // A command taflzero neither has nor hands over is an unknown command there: this fails
  // when a LibTorch command is added without naming it in cli/libtorch_forward.cpp.
  const auto top = subcommands(runCli("--help", false).out);
  ASSERT_GE(top.size(), 15u);
  // An option no command has: every command refuses it, but an unknown command says it is
  // unknown, and an unknown `bench` command leaves bench without its required subcommand.
  const auto known = [](const std::string& command) {
    const auto r = runCli(command + " --no-such-option");
    EXPECT_EQ(r.code, 2) << command << ": " << r.out;
    const bool benchUnknown = command.rfind("bench ", 0) == 0 && r.out.find("A subcommand is required") != std::string::npos;
    return r.out.find("unknown command") == std::string::npos && !benchUnknown;
  };
  for (const auto& name : top) EXPECT_TRUE(known(name)) << name;
  const auto bench = subcommands(runCli("bench --help", false).out);
  ASSERT_GE(bench.size(), 5u);
  for (const auto& name : bench) EXPECT_TRUE(known("bench " + name)) << "bench " << name;
}

// A network player reads its search settings through the search's field list, as every
// other search player: the value just outside each range is refused with the range's words.
TEST(NetCli, NetworkPlayersTakeTheSearchSettingsRanges) {
  TempDir dir("tz-netcli-");
  const std::string ckpt = dir.file("b.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  for (const auto& o : valuesJustOutsideSearchRanges()) {
    const std::string option = o.range.key + "=" + o.text;
    auto bad = runCli("arena --variant brandubh --a net:" + ckpt + "," + option + " --b random --games 2 --db " +
                      dir.file("r.db"));
    EXPECT_NE(bad.code, 0) << option;
    EXPECT_NE(bad.out.find("option '" + o.range.key + "' = '" + o.text + "': expected " + o.range.text()),
              std::string::npos)
        << bad.out;
  }
}

TEST(NetCli, ErrorsAreOneLine) {
  TempDir dir("tz-netcli-");
  auto missing = runCli("net info " + dir.file("none.ckpt"));
  EXPECT_NE(missing.code, 0);
  EXPECT_NE(missing.out.find("cannot open checkpoint"), std::string::npos) << missing.out;
  auto network = runCli("bench net --network huge");
  EXPECT_NE(network.code, 0);
  EXPECT_NE(network.out.find("unknown network 'huge'"), std::string::npos) << network.out;
  auto device = runCli("bench net --network small --device tpu");
  EXPECT_NE(device.code, 0);
  EXPECT_NE(device.out.find("unknown device 'tpu'"), std::string::npos) << device.out;
  // Sizes and times out of range are refused before anything is allocated or timed.
  for (const std::string batch : {"-1", "0", "100000000"}) {
    expectOneLineError("bench train --network small --batch " + batch, "--batch: Value " + batch + " not in range 1 to 65536");
  }
  expectOneLineError("bench train --network small --seconds nan", "--seconds: expected a finite number in [0.05, 3600]");
  expectOneLineError("bench net --network small --seconds nan", "--seconds: expected a finite number in [0.05, 60]");
}

// A failed export said "export to torchscript failed: " and nothing more (issue 38, item 12):
// it names the program, its exit status and the last line it printed.
TEST(NetCli, AFailedExportNamesTheProgramAndItsExitStatus) {
  TempDir dir("tz-netcli-");
  const std::string ckpt = dir.file("b.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  const std::string exportArgs = " export " + ckpt + " --format torchscript --samples 2 --out " + dir.file("ts");
  const auto r = runShell("TAFLZERO_PYTHON=/bin/false " + std::string(std::getenv("TAFLZERO_BIN")) + exportArgs);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, "taflzero: error: export to torchscript failed: /bin/false exited with status 1 and printed nothing\n");
}

// Directories and impossible paths given for files: one line naming them, exit status 2.
TEST(NetCli, FilesThatCannotBeUsedAreOneLineErrors) {
  const std::string quick = std::string(TAFLZERO_SOURCE_DIR) + "/configs/experiments/brandubh-quick.yaml";
  expectOneLineError("train /tmp --run /tmp/never", "YAML file /tmp is a directory, not a regular file");
  expectOneLineError("net init --variant brandubh --network /tmp --out /tmp/never.ckpt", "YAML file /tmp is a directory, not a regular file");
  expectOneLineError("net info /tmp", "checkpoint /tmp is a directory, not a regular file");
  expectOneLineError("train " + quick + " --run /etc/passwd/run", "'/etc/passwd/run/checkpoints': Not a directory");
}

// `train --set` and the budget flags reach the experiment from the command line: a bad value
// is refused naming the override, before a run folder is made.
TEST(NetCli, TrainOverridesAreCheckedAsTheFilesKeys) {
  const std::string quick = std::string(TAFLZERO_SOURCE_DIR) + "/configs/experiments/brandubh-quick.yaml";
  const std::string run = ::testing::TempDir() + "/train_overrides_never";
  expectOneLineError("train " + quick + " --minutes -3 --run " + run, "--set 'budget.minutes=-3': key 'budget.minutes'");
  expectOneLineError("train " + quick + " --set selfplay.sims=0 --run " + run,
                     "--set 'selfplay.sims=0': key 'selfplay.sims'");
  expectOneLineError("train " + quick + " --set selfplay.nosuch=1 --run " + run, "key 'selfplay.nosuch'");
  const auto keys = runCli("train --keys", false);
  ASSERT_EQ(keys.code, 0) << keys.out;
  EXPECT_NE(keys.out.find("\nselfplay.cpuct  "), std::string::npos) << keys.out;
  EXPECT_NE(keys.out.find("a number in [0.01, 100] (default 1.25)\n"), std::string::npos) << keys.out;
  expectOneLineError("train", "an experiment config is required (or --keys)");
  EXPECT_FALSE(std::filesystem::exists(run));
}

TEST(NetCli, GumbelSearchAndSelfPlayBenchRunFromTheCommandLine) {
  // The search lists the improved policy with the visits; its move is one of the moves listed.
  auto search = runCli("search --variant brandubh --sims 64 --gumbel --json", false);
  ASSERT_EQ(search.code, 0) << search.out;
  const auto s = nlohmann::json::parse(search.out);
  EXPECT_EQ(s["simulations"], 64);
  bool listed = false;
  for (const auto& m : s["top"]) {
    EXPECT_TRUE(m.contains("policy") && m.contains("visits")) << m.dump();
    listed |= m["move"] == s["move"];
  }
  EXPECT_TRUE(listed) << search.out;
  // The self-play benchmark with a Gumbel root reports its ceiling and ratio in each
  // precision; each of its two workers plays its own games.
  auto bench = runCli("bench selfplay --games 2 --workers 2 --sims 4 --gumbel --json", false);
  ASSERT_EQ(bench.code, 0) << bench.out;
  const auto b = nlohmann::json::parse(bench.out);
  EXPECT_EQ(b["search"], "gumbel");
  EXPECT_EQ(b["workers"], 2);
  ASSERT_EQ(b["runs"].size(), 2u) << bench.out;
  EXPECT_EQ(b["runs"][0]["precision"], "fp32");
  EXPECT_EQ(b["runs"][1]["precision"], "bf16");
  for (const auto& run : b["runs"]) {
    EXPECT_EQ(run["games"], 4);
    EXPECT_GT(run["forward_per_second"].get<double>(), 0);
    EXPECT_GT(run["ratio"].get<double>(), 0);
  }
  EXPECT_EQ(b["runs"][0]["to_first"], 1.0);
  // Options out of range are refused by name before anything runs.
  for (const char* bad : {"--workers 0", "--games 0", "--max-wait-us -1", "--precision fp16"}) {
    auto refused = runCli(std::string("bench selfplay --sims 4 ") + bad);
    EXPECT_NE(refused.code, 0) << bad;
    const std::string option = std::string(bad).substr(0, std::string(bad).find(' '));
    EXPECT_NE(refused.out.find(option), std::string::npos) << bad << ": " << refused.out;
  }
}

TEST(NetCli, EgtbScoreRatesTheValueHeadOfNetworkAgentsOnly) {
  TempDir dir("tz-netcli-");
  const std::string ckpt = dir.file("m.ckpt"), db = dir.file("egtb");
  ASSERT_EQ(runCli("net init --variant morris --network small --out " + ckpt).code, 0);
  ASSERT_EQ(runCli("egtb build --classes 3v3 --out " + db).code, 0);
  const std::string score = "egtb score --db " + db + " --positions 20 --json --player ";
  const auto net = runCli(score + "net:" + ckpt + ",sims=4", false);
  ASSERT_EQ(net.code, 0) << net.out;
  const auto c = nlohmann::json::parse(net.out)["classes"][0];
  ASSERT_TRUE(c["value_head_accuracy"].is_number()) << net.out;
  EXPECT_GE(c["value_head_accuracy"].get<double>(), 0.0);
  EXPECT_LE(c["value_head_accuracy"].get<double>(), 1.0);
  EXPECT_TRUE(c["kept"].is_number());
  const auto mcts = runCli(score + "mcts:sims=4", false);
  ASSERT_EQ(mcts.code, 0) << mcts.out;
  EXPECT_TRUE(nlohmann::json::parse(mcts.out)["classes"][0]["value_head_accuracy"].is_null());
}

TEST(NetCli, NetworkPlayersSearchWithEndgameTables) {
  TempDir dir("tz-netcli-");
  const std::string ckpt = dir.file("m.ckpt"), db = dir.file("egtb");
  ASSERT_EQ(runCli("net init --variant morris --network small --out " + ckpt).code, 0);
  ASSERT_EQ(runCli("egtb build --classes 3v3 --out " + db).code, 0);
  // Every turn of a 3v3 position leads to a position the table values, so an untrained
  // network searching with the table keeps the value where it alone does not.
  const std::string score = "egtb score --db " + db + " --positions 40 --seed 3 --json --player net:" + ckpt + ",sims=200";
  const auto alone = runCli(score, false), withTables = runCli(score + ",tables=" + db, false);
  ASSERT_EQ(alone.code, 0) << alone.out;
  ASSERT_EQ(withTables.code, 0) << withTables.out;
  const double keptAlone = nlohmann::json::parse(alone.out)["classes"][0]["kept"].get<double>();
  const double keptWithTables = nlohmann::json::parse(withTables.out)["classes"][0]["kept"].get<double>();
  EXPECT_EQ(keptWithTables, 1.0) << "alone " << keptAlone;
  EXPECT_LT(keptAlone, 1.0);
  // A game without tables, and a folder without any, are one-line errors.
  const auto brandubh = runCli("arena --variant brandubh --a net:" + ckpt + ",tables=" + db + " --b random --games 1");
  EXPECT_EQ(brandubh.code, 2) << brandubh.out;
  EXPECT_NE(brandubh.out.find("brandubh has no endgame tables"), std::string::npos) << brandubh.out;
  const auto none = runCli("arena --variant morris --a net:" + ckpt + ",tables=" + dir.file("none") + " --b random --games 1");
  EXPECT_EQ(none.code, 2) << none.out;
  EXPECT_NE(none.out.find("is not a folder"), std::string::npos) << none.out;
}

}  // namespace
}  // namespace tz::test

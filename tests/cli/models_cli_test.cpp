// `taflzero models` and model players from the command line, on a copy of the shipped
// models: verify passes, then fails in one line on a changed byte of a checkpoint or a card;
// a model or net player needs no --variant; nothing in a models folder changes without --force; a
// name that is no model and `train --from` one are one-line errors; a card's row is its games file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

// A copy of the shipped models in a fresh folder, named to the binary by TAFLZERO_MODELS.
class ModelsCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = (fs::path(::testing::TempDir()) / ("models_cli_" + std::to_string(getpid()))).string();
    fs::remove_all(dir_);
    fs::copy(std::string(TAFLZERO_SOURCE_DIR) + "/models", dir_, fs::copy_options::recursive);
    env_ = "TAFLZERO_MODELS=" + dir_ + " ";
  }
  CliResult run(const std::string& args) { return runShell(env_ + std::getenv("TAFLZERO_BIN") + " " + args); }
  void expectError(const std::string& args, const std::string& fragment) {
    const CliResult r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_EQ(r.out.rfind("taflzero: error: ", 0), 0u) << r.out;
    EXPECT_NE(r.out.find(fragment), std::string::npos) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  }
  static std::string readText(const std::string& path) {
    std::stringstream s;
    s << std::ifstream(path, std::ios::binary).rdbuf();
    return s.str();
  }
  void flipByte(const std::string& path, size_t at) {
    std::string bytes = readText(path);
    bytes[at % bytes.size()] ^= 1;
    std::ofstream(path, std::ios::binary) << bytes;
  }
  std::string dir_, env_;
};

TEST_F(ModelsCli, VerifyPassesThenFindsAChangedByte) {
  const CliResult ok = run("models verify");
  ASSERT_EQ(ok.code, 0) << ok.out;
  EXPECT_NE(ok.out.find("ok brandubh"), std::string::npos) << ok.out;
  flipByte(dir_ + "/brandubh/model.ckpt", 4000);
  expectError("models verify brandubh", "sha256 of model.ckpt");
  // Verifying every model stops at the changed one (those before it are printed ok).
  const CliResult all = run("models verify");
  EXPECT_EQ(all.code, 2) << all.out;
  EXPECT_NE(all.out.find("taflzero: error: " + dir_ + "/brandubh/card.yaml: sha256 of model.ckpt"), std::string::npos)
      << all.out;
  SetUp();
  std::string text = readText(dir_ + "/brandubh/card.yaml");
  text.replace(text.find("step: "), 6, "step: 1");  // the step gains a leading digit
  std::ofstream(dir_ + "/brandubh/card.yaml") << text;
  expectError("models verify brandubh", "step is");
}

TEST_F(ModelsCli, AModelPlayerPlaysItsOwnVariant) {
  const CliResult r = run("arena --a model:brandubh,sims=8 --b random --games 2 --db " + dir_ + "/a.db --json");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\"variant\":\"brandubh\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"a\":\"model:brandubh,sims=8\""), std::string::npos) << r.out;
  // A net: player's checkpoint gives the game too, with --set applied to its rules.
  const CliResult net = run("arena --a net:" + dir_ + "/brandubh/model.ckpt,sims=8 --b random --games 2 --db " + dir_ +
                            "/n.db --json");
  ASSERT_EQ(net.code, 0) << net.out;
  EXPECT_NE(net.out.find("\"variant\":\"brandubh\""), std::string::npos) << net.out;
  expectError("arena --a net:" + dir_ + "/brandubh/model.ckpt,sims=8 --b random --set king.capture=strong --games 2 --db " +
                  dir_ + "/s.db",
              "king.capture");  // the rules differ from the network's: refused as with --variant
}

// `taflzero models` is a table, a row per model with its setting and first strength row, as
// models/README.md has it (before: each card's whole summary, lines of 1,650 characters).
TEST_F(ModelsCli, TheListIsATableWithEachModelsStrength) {
  const CliResult r = run("models");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("model ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("model:brandubh,sims=800"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1.000 [0.981, 1.000] against mcts:sims=1000, 200 games"), std::string::npos) << r.out;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 200u) << line;
  const CliResult json = run("models --json");
  ASSERT_EQ(json.code, 0) << json.out;
  EXPECT_NE(json.out.find("\"strength\":\"0.850 [0.656, 0.941] against tablut.cpp@d5698d2, 20 games\""), std::string::npos)
      << json.out;
}

// A bare model:NAME plays the setting its card was measured at, and its name says so; options
// typed after the name override it; engine, like play and arena, takes the model's variant
// when none is given (issue 76).
TEST_F(ModelsCli, ABareModelPlaysItsCardsSettingInItsOwnVariant) {
  const CliResult play = run("play --opponent model:brandubh --human defenders < /dev/null");
  EXPECT_EQ(play.code, 0) << play.out;
  EXPECT_NE(play.out.find("against model:brandubh,sims=800 (its card's measured setting; mcts("), std::string::npos) << play.out;
  EXPECT_NE(play.out.find("@97941,800)"), std::string::npos) << play.out;  // the search itself: 800 simulations
  const CliResult typed = run("play --opponent model:morris,draw=0 --human white < /dev/null");
  EXPECT_EQ(typed.code, 0) << typed.out;
  EXPECT_NE(typed.out.find("against model:morris,sims=400,draw=0 (its card's measured setting; "), std::string::npos) << typed.out;
  const CliResult timed = run("play --opponent model:brandubh,sims=800 --move-ms 50 --human attackers < /dev/null");
  EXPECT_EQ(timed.code, 0) << timed.out;
  EXPECT_NE(timed.out.find("against model:brandubh,sims=800 ("), std::string::npos) << timed.out;  // as typed
  EXPECT_NE(timed.out.find(", 50 ms a move)"), std::string::npos) << timed.out;
  const CliResult engine = runShell("printf 'genmove\\nquit\\n' | " + env_ + std::getenv("TAFLZERO_BIN") +
                                    " engine --player model:brandubh");
  EXPECT_EQ(engine.code, 0) << engine.out;
  EXPECT_TRUE(std::regex_search(engine.out, std::regex("(^|\n)= [a-g][1-7]-[a-g][1-7]\n"))) << engine.out;
}

// OpenTafl's own rules strings with the shipped network agents (docs/OPENTAFL.md 3): Fetlar
// is our fetlar but for the ply limit (OpenTafl has none), so model:fetlar plays it; Brandub
// differs from our brandubh in play (the king and the throne), so model:brandubh is refused it,
// naming the rule, and model:brandubh-opentafl, trained on its rules, plays it; Copenhagen
// differs from our copenhagen in the repetition rule, and no shipped agent plays it yet.
TEST_F(ModelsCli, OpenTaflsStringsStartAGameWithTheShippedAgentOfTheirRules) {
  const std::string start11 = " start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
  const auto session = [&](const std::string& model, const std::string& rules) {
    std::ofstream(dir_ + "/otep.txt") << "rules " << rules << "\nplay attackers\ngoodbye\n";
    return run("opentafl-engine --player model:" + model + ",sims=8 < " + dir_ + "/otep.txt");
  };
  const CliResult fetlar = session("fetlar", "dim:11 name:Fetlar atkf:y nj:n cj:n" + start11);
  EXPECT_EQ(fetlar.code, 0) << fetlar.out;
  EXPECT_EQ(fetlar.out.rfind("hello\nstatus taflzero plays fetlar as mcts(net:fetlar/", 0), 0u) << fetlar.out;
  EXPECT_NE(fetlar.out.find("\nmove "), std::string::npos) << fetlar.out;
  EXPECT_EQ(fetlar.out.find("error"), std::string::npos) << fetlar.out;
  const std::string copenhagenRules = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y" + start11;
  const CliResult copenhagen = session("copenhagen", copenhagenRules);
  EXPECT_EQ(copenhagen.code, 0) << copenhagen.out;
  EXPECT_NE(copenhagen.out.find("hello\nerror -1 taflzero: checkpoint "), std::string::npos) << copenhagen.out;
  EXPECT_NE(copenhagen.out.find("repetition.rule=loss_defenders, but the variant copenhagen has repetition.rule=loss_mover"),
            std::string::npos)
      << copenhagen.out;
  const CliResult copenhagenOwn = session("copenhagen-opentafl", copenhagenRules);
  EXPECT_EQ(copenhagenOwn.code, 0) << copenhagenOwn.out;
  EXPECT_EQ(copenhagenOwn.out.rfind("hello\nstatus taflzero plays copenhagen as mcts(net:copenhagen/", 0), 0u)
      << copenhagenOwn.out;
  EXPECT_NE(copenhagenOwn.out.find("\nmove "), std::string::npos) << copenhagenOwn.out;
  EXPECT_EQ(copenhagenOwn.out.find("error"), std::string::npos) << copenhagenOwn.out;
  const std::string brandubRules = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
  const CliResult brandub = session("brandubh", brandubRules);
  EXPECT_NE(brandub.out.find("hello\nerror -1 taflzero: checkpoint "), std::string::npos) << brandub.out;
  EXPECT_NE(brandub.out.find("king.capture=weak_off_throne"), std::string::npos) << brandub.out;
  EXPECT_EQ(brandub.out.find("ply_limit"), std::string::npos) << brandub.out;  // the limit is no difference
  const CliResult own = session("brandubh-opentafl", brandubRules);
  EXPECT_EQ(own.code, 0) << own.out;
  EXPECT_EQ(own.out.rfind("hello\nstatus taflzero plays brandub as mcts(net:", 0), 0u) << own.out;
  EXPECT_NE(own.out.find("\nmove "), std::string::npos) << own.out;
  EXPECT_EQ(own.out.find("error"), std::string::npos) << own.out;
}

TEST_F(ModelsCli, NothingChangesWithoutForceAndUnknownModelsAreRefused) {
  expectError("models card brandubh", "pass --force");
  expectError("models score brandubh --games x.jsonl --opponent random --command c --conditions c", "pass --force");
  expectError("models verify nosuch", "no model 'nosuch'");
  expectError("arena --variant brandubh --a model:nosuch --b random --games 1 --db " + dir_ + "/b.db", "no model 'nosuch'");
  expectError("arena --variant brandubh --a 'model:../x' --b random --games 1 --db " + dir_ + "/b.db", "no model name");
  expectError("train " + std::string(TAFLZERO_SOURCE_DIR) + "/configs/experiments/brandubh.yaml --from nosuch --run " + dir_ + "/run",
              "no model 'nosuch'");
  EXPECT_FALSE(fs::exists(dir_ + "/run"));
}

// A card's row is its games file: scoring the same file again replaces the row, another file
// against the same opponent adds one, and the card still verifies.
TEST_F(ModelsCli, ScoringAddsARowPerGamesFile) {
  auto rows = [&] {
    const std::string text = readText(dir_ + "/brandubh/card.yaml");
    size_t n = 0;
    for (size_t at = text.find("games_file:"); at != std::string::npos; at = text.find("games_file:", at + 1)) ++n;
    return n;
  };
  const size_t before = rows();
  const std::string score = "models score brandubh --opponent mcts:sims=1000 --command c --conditions c --force --games ";
  const CliResult same = run(score + dir_ + "/brandubh/games/vs-mcts1000.jsonl");
  ASSERT_EQ(same.code, 0) << same.out;
  EXPECT_EQ(rows(), before);
  fs::copy_file(dir_ + "/brandubh/games/vs-mcts1000.jsonl", dir_ + "/vs-mcts1000-again.jsonl");
  const CliResult other = run(score + dir_ + "/vs-mcts1000-again.jsonl");
  ASSERT_EQ(other.code, 0) << other.out;
  EXPECT_EQ(rows(), before + 1);
  EXPECT_TRUE(fs::exists(dir_ + "/brandubh/games/vs-mcts1000-again.jsonl"));
  const CliResult verify = run("models verify brandubh");
  EXPECT_EQ(verify.code, 0) << verify.out;
}

// A model folder from a stranger, kept outside the models directory: a link planted where the
// old writers made their temporaries is never followed, no index is written beside the folder,
// and a games/ or README.md that is a link is refused before anything is written.
TEST_F(ModelsCli, AStrangersFolderChangesNothingOutsideIt) {
  const std::string downloads = dir_ + "-downloads", model = downloads + "/brandubh";
  fs::remove_all(downloads);
  fs::create_directories(downloads);
  fs::copy(dir_ + "/brandubh", model, fs::copy_options::recursive);
  std::ofstream(downloads + "/victim") << "kept";
  for (const char* file : {"README.md.tmp", "card.yaml.tmp"}) fs::create_symlink("../victim", model + "/" + file);
  const CliResult card = run("models card " + model + " --force");
  ASSERT_EQ(card.code, 0) << card.out;
  EXPECT_EQ(readText(downloads + "/victim"), "kept");
  EXPECT_FALSE(fs::exists(downloads + "/README.md"));
  const std::string before = readText(model + "/card.yaml");
  fs::rename(model + "/games", downloads + "/games");
  fs::create_directory_symlink(downloads + "/games", model + "/games");
  expectError("models card " + model + " --force", model + "/games is a symbolic link");
  expectError("models score " + model + " --games " + downloads + "/games/vs-mcts1000.jsonl --opponent mcts:sims=1000 "
              "--command c --conditions c --force", "is a symbolic link");
  EXPECT_EQ(readText(model + "/card.yaml"), before);
  // The agent of a row is the card's model exactly, not another model whose name it begins.
  std::string text = before;
  for (size_t at = text.find("agent: model:brandubh"); at != std::string::npos; at = text.find("agent: model:brandubh", at + 1)) {
    text.insert(at + 21, "-opentafl");
  }
  fs::remove(model + "/games");
  fs::rename(downloads + "/games", model + "/games");
  std::ofstream(model + "/card.yaml") << text;
  expectError("models verify " + model, "is not model:brandubh");
}

}  // namespace
}  // namespace tz::test

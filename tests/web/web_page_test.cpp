// The browser play page (`taflzero export --format web`) in headless chromium: a fresh network
// is exported, the folder served on localhost, moves are clicked on the page with the agent
// answering each, and what the page shows is compared with the native engine after the same
// moves: the record, every piece drawn on the square of its name, the legal moves, the network
// input, and the agent's moves with the network's own best legal move (LibTorch) in each position.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "game/registry.h"
#include "nets/checkpoint.h"
#include "nets/temp_dir.h"
#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `python3 DIR/serve.py --port 0` in the background, stopped by the destructor.
class Server {
 public:
  explicit Server(const std::string& dir, const std::string& log) {
    pid_ = fork();
    if (pid_ == 0) {
      std::freopen(log.c_str(), "w", stdout);
      std::freopen("/dev/null", "w", stderr);
      const std::string script = dir + "/serve.py";
      execlp("python3", "python3", script.c_str(), "--port", "0", static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 200 && url_.empty(); ++i) {  // up to 20 s for the line naming the port
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      const std::string out = readFile(log);
      const size_t at = out.find("http://");
      if (at != std::string::npos && out.find('\n', at) != std::string::npos) url_ = out.substr(at, out.find('\n', at) - at);
    }
  }
  ~Server() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// http://127.0.0.1:PORT/, or "" when the server did not start.
  const std::string& url() const { return url_; }

 private:
  pid_t pid_ = -1;
  std::string url_;
};

// The JSON the page wrote into #test-result, opened with `query` ("human=SIDE&script=...").
nlohmann::json playInChromium(const std::string& url, const std::string& query, const TempDir& dir) {
  const std::string profile = dir.file("chromium-profile");
  const CliResult r = runShell("(timeout 300 chromium --headless --no-sandbox --disable-gpu --disable-quic "
                               "--no-first-run --disable-background-networking --disable-component-update "
                               "--disable-sync --user-data-dir=" + profile +
                                   " --virtual-time-budget=120000 --dump-dom '" + url + "index.html?" + query + "' 2> " + dir.file("chromium.log") + ")",
                               false);
  EXPECT_EQ(r.code, 0) << readFile(dir.file("chromium.log")).substr(0, 2000);
  const std::string open = "<pre id=\"test-result\">";
  const size_t at = r.out.find(open);
  if (at == std::string::npos) {
    ADD_FAILURE() << "the page wrote no result:\n" << r.out.substr(0, 3000);
    return {};
  }
  const size_t end = r.out.find("</pre>", at);
  return nlohmann::json::parse(r.out.substr(at + open.size(), end - at - open.size()));
}

// The pieces of a grid record by square name ("d1" -> 't'): its rows are '/'-separated with
// digit runs of empty squares (tafl) or `width` characters each (tic-tac-toe), rank 1 first.
std::map<std::string, std::string> piecesOfRecord(const std::string& record, size_t width) {
  std::vector<std::string> rows;
  if (record.find('/') != std::string::npos) {
    std::stringstream in(record);
    for (std::string row; std::getline(in, row, '/');) {
      if (row.empty()) continue;
      std::string cells;
      for (size_t i = 0; i < row.size();) {
        if (std::isdigit(static_cast<unsigned char>(row[i]))) {
          size_t used = 0;
          cells += std::string(std::stoul(row.substr(i), &used), '.');
          i += used;
        } else {
          cells += row[i++];
        }
      }
      rows.push_back(cells);
    }
  } else {
    for (size_t i = 0; i < record.size(); i += width) rows.push_back(record.substr(i, width));
  }
  std::map<std::string, std::string> pieces;
  for (size_t rank = 0; rank < rows.size(); ++rank) {
    for (size_t file = 0; file < rows[rank].size(); ++file) {
      if (std::isalpha(static_cast<unsigned char>(rows[rank][file]))) {
        pieces[std::string(1, char('a' + file)) + std::to_string(rank + 1)] = std::string(1, rows[rank][file]);
      }
    }
  }
  return pieces;
}

// The legal action of `state` named `name`; fails the test when there is none.
Action actionNamed(const State& state, const std::string& name) {
  std::vector<Action> legal;
  state.legalActions(legal);
  for (const Action a : legal)
    if (state.actionName(a) == name) return a;
  ADD_FAILURE() << name << " is not legal in " << state.record();
  return legal.empty() ? 0 : legal.front();
}

// The network's highest-logit legal action in `state`, and its value.
std::pair<Action, float> bestLegal(const Network& net, const Game& game, const State& state) {
  std::vector<float> planes(size_t(game.inputShape().size())), logits(size_t(game.numActions()));
  float value = 0;
  state.encode(planes.data());
  net.predict(planes.data(), 1, logits.data(), &value);
  std::vector<Action> legal;
  state.legalActions(legal);
  const Action best = *std::max_element(legal.begin(), legal.end(), [&](Action a, Action b) { return logits[a] < logits[b]; });
  return {best, value};
}

struct PageCase {
  std::string variant;  // preset, with overrides
  std::string human;    // the side the person plays
  std::string script;   // the person's moves ("*": the first legal one)
  size_t gridWidth;     // squares in a row of the record when the page draws a grid, else 0
};

// gtest's description of a case.
void PrintTo(const PageCase& c, std::ostream* out) { *out << c.variant << " as " << c.human << ": " << c.script; }

// Whether chromium is installed; says so when it is not.
bool haveChromium() {
  if (std::system("command -v chromium > /dev/null 2>&1") == 0) return true;
  std::printf("chromium is not installed (apt-get install -y chromium): the browser check is skipped\n");
  return false;
}

// Checks what the page reported after playing as `human` against the native engine on the
// checkpoint's own rules and network: the agent's moves are the network's best legal moves,
// and the record, drawing, legal moves and network input are the engine's after the same
// moves; with `gridWidth` > 0 every piece is drawn on the square of its name.
void expectPageShowsTheEngine(const nlohmann::json& page, const std::string& ckpt, const std::string& human,
                              size_t gridWidth) {
  const auto net = loadCheckpoint(ckpt);
  const auto game = gameOfModel(net->meta());
  EXPECT_EQ(page["variant"], net->meta().variant);
  auto state = game->newGame();
  const int side = game->sideFromName(human);
  size_t agentMove = 0;
  std::vector<std::string> played = page["moves"];
  ASSERT_GE(played.size(), 4u) << page.dump();
  for (const std::string& name : played) {
    if (state->toMove() != side) {  // the agent's move: the network's best legal move
      const auto [best, value] = bestLegal(*net, *game, *state);
      EXPECT_EQ(name, state->actionName(best)) << "agent move " << agentMove << " in " << state->record();
      EXPECT_NEAR(page["agent_moves"][agentMove]["value"].get<double>(), value, 1e-3);
      EXPECT_EQ(page["agent_moves"][agentMove]["name"], name);
      ++agentMove;
    }
    state->apply(actionNamed(*state, name));
  }
  EXPECT_EQ(agentMove, page["agent_moves"].size());

  const nlohmann::json& pos = page["position"];
  EXPECT_EQ(pos["record"], state->record());
  EXPECT_EQ(pos["to_move"], state->toMove());
  EXPECT_EQ(pos["over"], state->outcome().over);
  EXPECT_EQ(pos["diagram"], state->diagram());
  std::vector<std::string> legal;
  std::vector<Action> actions;
  state->legalActions(actions);
  for (const Action a : actions) legal.push_back(state->actionName(a));
  EXPECT_EQ(page["legal"], legal);
  std::vector<float> planes(size_t(game->inputShape().size()));
  state->encode(planes.data());
  EXPECT_EQ(page["planes"].get<std::vector<float>>(), planes);
  if (gridWidth > 0) {
    EXPECT_EQ((page["drawn_board"].get<std::map<std::string, std::string>>()), piecesOfRecord(state->record(), gridWidth));
  } else {
    EXPECT_TRUE(page["drawn_board"].is_null());
  }
}

class WebPage : public ::testing::TestWithParam<PageCase> {};

TEST_P(WebPage, PlaysMovesAndShowsTheNativeEnginesPosition) {
  if (!haveChromium()) GTEST_SKIP() << "chromium not installed";
  const PageCase& c = GetParam();
  TempDir dir("tz-web-");
  const std::string ckpt = dir.file("net.ckpt"), site = dir.file("site");
  const CliResult init = runCli("net init --variant " + c.variant + " --network small --out " + ckpt);
  ASSERT_EQ(init.code, 0) << init.out;
  const CliResult ex = runCli("export " + ckpt + " --format web --out " + site + " --json", false);
  ASSERT_EQ(ex.code, 0) << ex.out;
  EXPECT_EQ(nlohmann::json::parse(ex.out)["page"], site + "/index.html");

  Server server(site, dir.file("server.log"));
  ASSERT_FALSE(server.url().empty()) << "serve.py did not start: " << readFile(dir.file("server.log"));
  const nlohmann::json page = playInChromium(server.url(), "human=" + c.human + "&script=" + c.script, dir);
  ASSERT_FALSE(page.is_null());
  ASSERT_FALSE(page.contains("error")) << page.dump();
  EXPECT_TRUE(page["agents"].is_null()) << "a page of one agent offers no choice";
  expectPageShowsTheEngine(page, ckpt, c.human, c.gridWidth);
}

INSTANTIATE_TEST_SUITE_P(Families, WebPage,
                         ::testing::Values(PageCase{"brandubh --set king.capture=weak", "attackers", "d2-c2,*,*", 7},
                                           PageCase{"morris", "black", "*,*", 0},
                                           PageCase{"tictactoe", "x", "b2,*", 3}),
                         [](const auto& info) { return info.param.variant.substr(0, info.param.variant.find(' ')); });

TEST(WebExport, ShippedPageOffersEveryShippedModelAndPlaysTheOneChosen) {
  if (!haveChromium()) GTEST_SKIP() << "chromium not installed";
  TempDir dir("tz-web-");
  const std::string site = dir.file("site");
  const CliResult listed = runCli("models --json", false);
  ASSERT_EQ(listed.code, 0) << listed.out;
  const nlohmann::json models = nlohmann::json::parse(listed.out)["models"];
  std::vector<std::string> names;
  for (const auto& m : models) names.push_back(m["name"]);
  ASSERT_GE(names.size(), 2u) << "the repository ships several models";
  const CliResult ex = runCli("export --shipped --format web --out " + site + " --json", false);
  ASSERT_EQ(ex.code, 0) << ex.out;
  const nlohmann::json written = nlohmann::json::parse(ex.out);
  // A rule-conditioned model is named as skipped: the page's rules encode no rule planes.
  for (const auto& s : written["skipped"]) names.erase(std::find(names.begin(), names.end(), s["name"]));
  ASSERT_EQ(written["models"].size(), names.size()) << ex.out;
  for (size_t i = 0; i < names.size(); ++i) EXPECT_EQ(written["models"][i]["model"], site + "/" + names[i] + "/model.onnx");
  std::vector<std::string> offered;
  for (const auto& a : nlohmann::json::parse(readFile(site + "/agents.json"))) offered.push_back(a["name"]);
  EXPECT_EQ(offered, names);

  // Morris, chosen by the address, plays as the page's agent (white, moving first).
  ASSERT_NE(std::find(names.begin(), names.end(), "morris"), names.end()) << "morris is a shipped model";
  Server server(site, dir.file("server.log"));
  ASSERT_FALSE(server.url().empty()) << "serve.py did not start: " << readFile(dir.file("server.log"));
  const nlohmann::json page = playInChromium(server.url(), "agent=morris&human=black&script=*,*", dir);
  ASSERT_FALSE(page.is_null());
  ASSERT_FALSE(page.contains("error")) << page.dump();
  EXPECT_EQ(page["agents"], nlohmann::json(names));
  EXPECT_EQ(page["agent"], "morris");
  expectPageShowsTheEngine(page, std::string(TAFLZERO_SOURCE_DIR) + "/models/morris/model.ckpt", "black", 0);
}

TEST(WebExport, ShippedAndACheckpointTogetherAreRefused) {
  TempDir dir("tz-web-");
  expectOneLineError("export model:brandubh --shipped --format web --out " + dir.file("site"), "--shipped");
  expectOneLineError("export --format web --out " + dir.file("site"), "give a checkpoint (or model:NAME), or --shipped");
  EXPECT_FALSE(std::filesystem::exists(dir.file("site")));
}

TEST(WebExport, NamesTheSetupStepWhenTheRulesModuleIsMissing) {
  TempDir dir("tz-web-");
  const std::string ckpt = dir.file("net.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  const CliResult r = runShell("TAFLZERO_WEB_MODULE=" + dir.file("nowhere") + " " + std::getenv("TAFLZERO_BIN") +
                               " export " + ckpt + " --format web --out " + dir.file("site"));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out.rfind("taflzero: error: web export: the WebAssembly rules module is not built: run scripts/setup.sh", 0), 0u)
      << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir.file("site/model.onnx"))) << "nothing is exported without the page";
}

}  // namespace
}  // namespace tz::test

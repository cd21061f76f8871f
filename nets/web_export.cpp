#include "nets/web_export.h"

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/base/data_dir.h"
#include "game/base/error.h"
#include "game/base/user_files.h"
#include "game/conditioned/rule_conditioned_game.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

// A file the page needs, where it comes from, and what provides it when it is missing.
struct PageFile {
  fs::path source;
  std::string missingHint;
};

// Every file copied beside the model, checked before anything is exported.
std::vector<PageFile> pageFiles() {
  const fs::path page = fs::path(dataDir()) / "web" / "page";
  const fs::path rules = webModuleDir();
  const fs::path ort = fs::path(scriptsDir()) / "node_modules" / "onnxruntime-web" / "dist";
  const std::string rulesHint =
      "the WebAssembly rules module is not built: run scripts/setup.sh (it installs emscripten and fetches "
      "yaml-cpp's sources), then rebuild";
  const std::string ortHint =
      "onnxruntime-web is not installed: run scripts/setup.sh (or npm install --ignore-scripts --prefix scripts)";
  return {{page / "index.html", "the page's sources"},
          {page / "play.js", "the page's sources"},
          {page / "style.css", "the page's sources"},
          {page / "serve.py", "the page's sources"},
          {rules / "taflzero_rules.js", rulesHint},
          {rules / "taflzero_rules.wasm", rulesHint},
          {ort / "ort.wasm.min.js", ortHint},
          {ort / "ort-wasm-simd-threaded.mjs", ortHint},
          {ort / "ort-wasm-simd-threaded.wasm", ortHint}};
}

// Throws unless `net` can be played on the page and every page file is there.
void checkPlayable(const Network& net, const std::vector<PageFile>& files) {
  if (conditioningOfEncoding(net.meta().encodingJson)) {
    throw Error("web export: the play page's rules module encodes no rule planes, so a rule-conditioned network (variant " +
                net.meta().variant + ") exports as torchscript or onnx only");
  }
  for (const PageFile& f : files) {
    if (!fs::is_regular_file(f.source)) throw Error("web export: " + f.missingHint + " (" + f.source.string() + " not found)");
  }
}

// Copies the page's files into `outDir`; returns the page's path.
std::string copyPage(const std::vector<PageFile>& files, const std::string& outDir) {
  for (const PageFile& f : files) {
    copyFileAtomically(f.source.string(), "web export: page file " + f.source.string(),
                       (fs::path(outDir) / f.source.filename()).string(), "web export: page file");
  }
  return (fs::path(outDir) / "index.html").string();
}

}  // namespace

std::string webModuleDir() {
  if (const char* env = std::getenv("TAFLZERO_WEB_MODULE")) return env;
  const fs::path installed = fs::path(dataDir()) / "web" / "rules-wasm";
  std::error_code ec;
  return fs::is_directory(installed, ec) ? installed.string() : TAFLZERO_WEB_MODULE_DIR;
}

WebExportResult exportWebPage(const Network& net, const Game& game, ExportOptions options) {
  const std::vector<PageFile> files = pageFiles();
  checkPlayable(net, files);
  options.format = "onnx";
  WebExportResult r;
  r.model = exportModel(net, game, options);
  r.page = copyPage(files, options.outDir);
  return r;
}

WebAgentsResult exportWebAgents(const std::vector<WebAgent>& agents, ExportOptions options) {
  if (agents.empty()) throw Error("web export: no agent to offer");
  const std::vector<PageFile> files = pageFiles();
  for (const WebAgent& agent : agents) checkPlayable(*agent.net, files);
  WebAgentsResult r;
  nlohmann::json list = nlohmann::json::array();
  for (const WebAgent& agent : agents) {
    ExportOptions one = options;
    one.format = "onnx";
    one.outDir = (fs::path(options.outDir) / agent.name).string();
    r.models.push_back(exportModel(*agent.net, *agent.game, one));
    list.push_back({{"name", agent.name}, {"summary", agent.summary}, {"variant", agent.net->meta().variant}});
  }
  writeFileAtomically((fs::path(options.outDir) / "agents.json").string(), list.dump(1) + "\n", "the page's agent list");
  r.page = copyPage(files, options.outDir);
  return r;
}

}  // namespace tz

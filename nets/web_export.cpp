#include "nets/web_export.h"

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "game/base/error.h"
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
  const fs::path page = fs::path(TAFLZERO_SOURCE_DIR) / "web" / "page";
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

}  // namespace

std::string webModuleDir() {
  if (const char* env = std::getenv("TAFLZERO_WEB_MODULE")) return env;
  return TAFLZERO_WEB_MODULE_DIR;
}

WebExportResult exportWebPage(const Network& net, const Game& game, ExportOptions options) {
  if (conditioningOfEncoding(net.meta().encodingJson)) {
    throw Error("web export: the play page's rules module encodes no rule planes, so a rule-conditioned network (variant " +
                net.meta().variant + ") exports as torchscript or onnx only");
  }
  const std::vector<PageFile> files = pageFiles();
  for (const PageFile& f : files) {
    if (!fs::is_regular_file(f.source)) throw Error("web export: " + f.missingHint + " (" + f.source.string() + " not found)");
  }
  options.format = "onnx";
  WebExportResult r;
  r.model = exportModel(net, game, options);
  for (const PageFile& f : files) {
    std::error_code ec;
    fs::copy_file(f.source, fs::path(options.outDir) / f.source.filename(), fs::copy_options::overwrite_existing, ec);
    if (ec) throw Error("web export: cannot copy " + f.source.string() + " into " + options.outDir + ": " + ec.message());
  }
  r.page = (fs::path(options.outDir) / "index.html").string();
  return r;
}

}  // namespace tz

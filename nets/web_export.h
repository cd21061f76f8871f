#pragma once
// The browser play page (docs/WEB.md): one static folder holding the ONNX export of a
// network with its model.json, this project's rules compiled to WebAssembly (web/rules/),
// the page (web/page/) and onnxruntime-web's files, in which a person plays the network.
#include <string>

#include "game/game.h"
#include "nets/export.h"
#include "nets/network.h"

namespace tz {

/// What a web export wrote.
struct WebExportResult {
  ExportResult model;  // the ONNX export (model.onnx, model.json) and how it was checked
  std::string page;    // the page, index.html
};

/// Writes the play page for `net` (a network for `game`) into options.outDir; options.format
/// is ignored (the model is exported as ONNX, checked as exportModel checks it). Throws Error
/// naming the setup step when the rules module or onnxruntime-web is missing, and for a
/// rule-conditioned network (the page's rules module encodes no rule planes).
WebExportResult exportWebPage(const Network& net, const Game& game, ExportOptions options);

/// The folder holding the built rules module (taflzero_rules.js and .wasm): $TAFLZERO_WEB_MODULE,
/// else the build tree's.
std::string webModuleDir();

}  // namespace tz

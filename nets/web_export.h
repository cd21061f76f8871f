#pragma once
// The browser play page (docs/WEB.md): one static folder holding the ONNX export of a
// network with its model.json, this project's rules compiled to WebAssembly (web/rules/),
// the page (web/page/) and onnxruntime-web's files, in which a person plays the network.
#include <string>
#include <vector>

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

/// One agent of a play page that offers several (the shipped models): the page lists it by
/// name with its summary and loads its network from the folder of that name.
struct WebAgent {
  std::string name;     // a model name (checkModelName): the page's choice and the agent's folder
  std::string summary;  // one line the page shows beside the choice
  const Network* net;   // its network
  const Game* game;     // the game the network plays
};

/// What a page offering several agents wrote.
struct WebAgentsResult {
  std::vector<ExportResult> models;  // each agent's ONNX export, in outDir/NAME/, in the order given
  std::string page;                  // the page, index.html
};

/// Writes the play page offering every agent of `agents` (at least one) into options.outDir:
/// each agent's model in outDir/NAME/ (checked as exportWebPage checks its one), agents.json
/// listing them in order, and the page once. Throws as exportWebPage does, before writing
/// anything when a page file is missing or an agent cannot be played on the page.
WebAgentsResult exportWebAgents(const std::vector<WebAgent>& agents, ExportOptions options);

/// The folder holding the built rules module (taflzero_rules.js and .wasm): $TAFLZERO_WEB_MODULE,
/// else the installed one (dataDir()/web/rules-wasm), else the build tree's.
std::string webModuleDir();

}  // namespace tz

#pragma once
// Model export for other engines: TorchScript and ONNX files written by
// scripts/export_model.py (PyTorch) from weights saved here, each checked against
// LibTorch's outputs on sample positions and described by a model.json sidecar.
#include <string>

#include "game/game.h"
#include "nets/network.h"

namespace tz {

/// What to export and how to check it.
struct ExportOptions {
  std::string format = "torchscript";  // "torchscript" or "onnx"
  std::string outDir;                  // directory for the model file and model.json
  int samples = 16;                    // sample positions to compare outputs on
  double tolerance = 1e-4;             // largest allowed absolute output difference

  /// Throws Error naming the first option out of range.
  void check() const;
};

/// What an export wrote and how it was checked.
struct ExportResult {
  std::string modelFile;        // model.pt or model.onnx
  std::string sidecarFile;      // model.json
  std::string checkedWith;      // runtimes that reproduced LibTorch's outputs ("" if none)
  double maxAbsDiff = -1;       // worst absolute difference over all checks (-1 if unchecked)
  std::string uncheckedReason;  // why an independent check could not run ("" if it ran)
  int samples = 0;              // sample positions compared
};

/// Exports `net` (a network for `game`) in the chosen format. Throws Error when the
/// Python exporter fails or any check differs from LibTorch by more than the tolerance.
/// TorchScript is checked by torch.jit.load in Python and torch::jit::load here; ONNX by
/// onnxruntime (scripts/check_onnx.js), which is skipped with a reason when absent.
ExportResult exportModel(const Network& net, const Game& game, const ExportOptions& options);

/// The Python interpreter used for exports: $TAFLZERO_PYTHON, else /usr/bin/python3 when it
/// exists (Debian's python3-torch), else python3.
std::string exportPython();

/// The scripts/ directory: $TAFLZERO_SCRIPTS, else dataDir()'s scripts/ (installed or the source tree's).
std::string scriptsDir();

}  // namespace tz

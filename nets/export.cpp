#include "nets/export.h"

#include <sys/wait.h>
#include <torch/script.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "game/base/data_dir.h"
#include "game/base/error.h"
#include "game/base/user_files.h"
#include "nets/network_impl.h"
#include "nets/positions.h"
#include "nets/temp_dir.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

std::string shellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs argv with stdout and stderr to `log`; returns the exit status (-1 if it did not run).
int run(const std::vector<std::string>& argv, const std::string& log) {
  std::string cmd;
  for (const auto& a : argv) cmd += shellQuote(a) + " ";
  const int status = std::system((cmd + "> " + shellQuote(log) + " 2>&1").c_str());
  return status == -1 || !WIFEXITED(status) ? -1 : WEXITSTATUS(status);
}

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string lastLine(const std::string& text) {
  std::string t = text;
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
  const size_t nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

// Why `program` failed: its exit status (-1: it did not run to its end) and the last line it
// printed, if any.
std::string failure(const std::string& program, int status, const std::string& output) {
  const std::string last = lastLine(output);
  return program + (status < 0 ? std::string(" did not run to its end") : " exited with status " + std::to_string(status)) +
         (last.empty() ? std::string(" and printed nothing") : ": " + last);
}

// Writes `text` to `path`; throws Error naming the file and the system's reason (a full disk).
void writeWhole(const std::string& path, const std::string& text) { writeFileAtomically(path, text, "export file"); }

void writeFloats(const std::string& path, const std::vector<float>& v) {
  writeWhole(path, std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float)));
}

// " (the disk holding DIR is full)" when less than a MiB is left there, else "": the likely
// reason a tool that writes there failed without saying why.
std::string fullDiskNote(const std::string& dir) {
  std::error_code ec;
  const auto space = fs::space(dir, ec);
  return !ec && space.available < (1u << 20) ? " (the disk holding " + dir + " is full)" : "";
}

std::vector<float> readFloats(const std::string& path) {
  const std::string bytes = readText(path);
  std::vector<float> v(bytes.size() / sizeof(float));
  std::memcpy(v.data(), bytes.data(), v.size() * sizeof(float));
  return v;
}

double maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return INFINITY;
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, double(std::abs(a[i] - b[i])));
  return worst;
}

// Win, draw and loss probabilities per sample ([n, 3]) from values (win - loss) and draws.
std::vector<float> winDrawLoss(const std::vector<float>& value, const std::vector<float>& draw) {
  std::vector<float> wdl;
  for (size_t i = 0; i < value.size(); ++i) {
    wdl.push_back((1 + value[i] - draw[i]) / 2);
    wdl.push_back(draw[i]);
    wdl.push_back((1 - value[i] - draw[i]) / 2);
  }
  return wdl;
}

nlohmann::json architectureJson(const ModelMeta& m) {
  const NetShape& s = m.shape;
  return {{"type", "residual policy/value network (see scripts/export_model.py)"},
          {"input_shape", {s.input.planes, s.input.height, s.input.width}},
          {"policy_shape", {s.policy.planes, s.policy.height, s.policy.width}},
          {"num_actions", s.numActions},
          {"conv_policy", s.convPolicy()},
          {"network",
           {{"name", m.network.name},
            {"blocks", m.network.blocks},
            {"channels", m.network.channels},
            {"policy_channels", m.network.policyChannels},
            {"value_channels", m.network.valueChannels},
            {"value_hidden", m.network.valueHidden},
            {"value_head", m.network.valueHead}}}};
}

// Saves parameters and buffers as a name -> tensor dict that Python's torch.load reads.
void saveWeights(const Network& net, const std::string& path) {
  c10::Dict<std::string, at::Tensor> dict;
  for (const auto& p : net.impl().net->named_parameters()) dict.insert(p.key(), p.value().detach().cpu());
  for (const auto& b : net.impl().net->named_buffers()) dict.insert(b.key(), b.value().detach().cpu());
  const std::vector<char> bytes = torch::pickle_save(c10::IValue(dict));
  writeFileAtomically(path, std::string(bytes.begin(), bytes.end()), "exported weights");
}

// Outputs of the TorchScript file run by this process's LibTorch (policy, value and, for a
// wdl head, the win/draw/loss probabilities).
std::vector<std::vector<float>> runTorchScript(const std::string& file, std::vector<float> inputs, const TensorShape& in) {
  torch::jit::script::Module module = torch::jit::load(file);
  c10::InferenceMode guard;
  const int64_t n = int64_t(inputs.size()) / in.size();
  auto out = module.forward({torch::from_blob(inputs.data(), {n, in.planes, in.height, in.width})}).toTuple();
  auto flat = [](const torch::Tensor& t) {
    torch::Tensor c = t.contiguous().to(torch::kFloat);
    return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  };
  std::vector<std::vector<float>> outputs;
  for (const c10::IValue& element : out->elements()) outputs.push_back(flat(element.toTensor()));
  return outputs;
}

void writeSidecar(const ExportResult& r, const Network& net, const Game& game, const ExportOptions& o,
                  const nlohmann::json& pythonReport) {
  const ModelMeta& m = net.meta();
  const TensorShape& in = m.shape.input;
  nlohmann::json j;
  j["producer"] = "taflzero";
  j["format"] = o.format;
  j["file"] = fs::path(r.modelFile).filename().string();
  j["family"] = m.family;
  j["variant"] = m.variant;
  j["training_step"] = net.step();
  j["rules_yaml"] = game.rulesYaml();
  j["encoding"] = nlohmann::json::parse(game.encodingJson());
  j["inputs"] = {{{"name", "planes"}, {"dtype", "float32"}, {"shape", {"batch", in.planes, in.height, in.width}},
                  {"meaning", "State encoding as described by encoding.input"}}};
  j["outputs"] = {{{"name", "policy"}, {"dtype", "float32"}, {"shape", {"batch", m.shape.numActions}},
                   {"meaning", "logits over the whole action space, indexed as encoding.policy.index; set illegal "
                               "actions to -inf, then softmax"}},
                  {{"name", "value"}, {"dtype", "float32"}, {"shape", {"batch"}},
                   {"meaning", m.network.valueHead == "wdl"
                                   ? "win - loss probability in [-1, 1]: expected result for the side to move"
                                   : "tanh output in [-1, 1]: expected result for the side to move"}}};
  if (m.network.valueHead == "wdl") {
    j["outputs"].push_back({{"name", "wdl"}, {"dtype", "float32"}, {"shape", {"batch", 3}},
                            {"meaning", "probabilities of a win, a draw and a loss for the side to move (sum 1)"}});
  }
  j["value_convention"] = "+1 = the side to move wins, -1 = it loses, 0 = draw";
  j["architecture"] = architectureJson(m);
  j["export"] = {{"python_torch", pythonReport.value("python_torch", "")}, {"libtorch", TORCH_VERSION}};
  if (o.format == "onnx") j["export"]["opset"] = pythonReport.value("opset", 0);
  j["verified"] = {{"samples", r.samples}, {"tolerance", o.tolerance}, {"runtimes", r.checkedWith},
                   {"max_abs_diff", r.maxAbsDiff}};
  if (!r.uncheckedReason.empty()) j["verified"]["unchecked"] = r.uncheckedReason;
  writeFileAtomically(r.sidecarFile, j.dump(2) + "\n", "export sidecar");
}

}  // namespace

std::string exportPython() {
  if (const char* env = std::getenv("TAFLZERO_PYTHON")) {
    if (*env == '\0') throw Error("TAFLZERO_PYTHON is set but empty: name the Python to run, or unset it");
    return env;
  }
  return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

std::string scriptsDir() {
  if (const char* env = std::getenv("TAFLZERO_SCRIPTS")) return env;
  return dataDir() + "/scripts";
}

namespace {

// The exported ONNX model run by onnxruntime (scripts/check_onnx.js under Node.js) on the
// sample inputs: its largest difference from LibTorch's outputs goes into `r`, or why it
// could not be checked.
void checkWithOnnxRuntime(ExportResult& r, TempDir& work, const ExportOptions& o, const TensorShape& in,
                          const std::vector<float>& policy, const std::vector<float>& value,
                          const std::vector<float>& wdl) {
  const std::string nodeLog = work.file("node.log");
  std::vector<std::string> command{"node", scriptsDir() + "/check_onnx.js", r.modelFile, work.file("inputs.bin"),
                                   std::to_string(o.samples), std::to_string(in.planes), std::to_string(in.height),
                                   std::to_string(in.width), work.file("ort_policy.bin"), work.file("ort_value.bin")};
  if (!wdl.empty()) command.push_back(work.file("ort_wdl.bin"));
  const int nodeStatus = run(command, nodeLog);
  const std::string nodeOut = readText(nodeLog);
  if (nodeStatus == 127) {
    r.uncheckedReason = "node (Node.js) not found";
  } else if (nodeStatus == 3) {
    r.uncheckedReason = lastLine(nodeOut);
  } else if (nodeStatus != 0) {
    throw Error("onnxruntime could not run the exported model: " + lastLine(nodeOut));
  } else {
    double diff = std::max(maxAbsDiff(readFloats(work.file("ort_policy.bin")), policy),
                           maxAbsDiff(readFloats(work.file("ort_value.bin")), value));
    if (!wdl.empty()) diff = std::max(diff, maxAbsDiff(readFloats(work.file("ort_wdl.bin")), wdl));
    r.maxAbsDiff = std::max(r.maxAbsDiff, diff);
    r.checkedWith = nlohmann::json::parse(lastLine(nodeOut)).value("runtime", std::string("onnxruntime"));
  }
}

}  // namespace

void ExportOptions::check() const {
  if (format != "torchscript" && format != "onnx") throw Error("export format '" + format + "': expected torchscript or onnx");
  if (outDir.empty()) throw Error("export: the output directory is empty");
  if (samples < 1 || samples > 4096) throw Error("export: samples must be in [1, 4096], got " + std::to_string(samples));
  if (!(tolerance > 0) || !std::isfinite(tolerance))
    throw Error("export: the tolerance must be a finite number > 0, got " + std::to_string(tolerance));
}

namespace {

// exportModel's work in the existing folder o.outDir.
ExportResult exportInto(const Network& net, const Game& game, const ExportOptions& o) {
  TempDir work(".export-", o.outDir);
  const TensorShape in = net.meta().shape.input;

  ExportResult r;
  r.samples = o.samples;
  r.modelFile = (fs::path(o.outDir) / (o.format == "onnx" ? "model.onnx" : "model.pt")).string();
  r.sidecarFile = (fs::path(o.outDir) / "model.json").string();

  // LibTorch's outputs on the sample positions: the reference for every check.
  const auto positions = randomPositions(game, o.samples, 12345);
  if (int(positions.size()) != o.samples) throw Error("export: could not find enough ongoing sample positions");
  const std::vector<float> inputs = encodePositions(game, positions);
  std::vector<float> policy(size_t(o.samples) * net.meta().shape.numActions), value(o.samples), draw(o.samples);
  net.predict(inputs.data(), o.samples, policy.data(), value.data(), false, draw.data());
  const std::vector<float> wdl = net.meta().network.valueHead == "wdl" ? winDrawLoss(value, draw) : std::vector<float>();
  writeFloats(work.file("inputs.bin"), inputs);
  writeFloats(work.file("policy.bin"), policy);
  writeFloats(work.file("value.bin"), value);
  writeFloats(work.file("wdl.bin"), wdl);
  writeWhole(work.file("arch.json"), architectureJson(net.meta()).dump());
  saveWeights(net, work.file("weights.pt"));

  const std::string log = work.file("python.log");
  const int status = run({exportPython(), scriptsDir() + "/export_model.py", "--arch", work.file("arch.json"), "--weights",
                          work.file("weights.pt"), "--format", o.format, "--out", r.modelFile, "--inputs",
                          work.file("inputs.bin"), "--policy", work.file("policy.bin"), "--value",
                          work.file("value.bin"), "--wdl", work.file("wdl.bin"), "--tolerance", std::to_string(o.tolerance)},
                         log);
  const std::string output = readText(log);
  if (status != 0) {
    throw Error("export to " + o.format + " failed: " + failure(exportPython(), status, output) + fullDiskNote(o.outDir));
  }
  nlohmann::json report = nlohmann::json::parse(lastLine(output), nullptr, false);
  if (report.is_discarded()) throw Error("export_model.py printed no report: " + lastLine(output));
  r.maxAbsDiff = std::max(report.value("eager_max_abs_diff", 0.0), report.value("loaded_max_abs_diff", 0.0));

  if (o.format == "torchscript") {
    const auto outputs = runTorchScript(r.modelFile, inputs, in);
    const std::vector<std::vector<float>> expected{policy, value, wdl};
    if (outputs.size() != (wdl.empty() ? 2u : 3u)) throw Error("the exported TorchScript model has the wrong outputs");
    for (size_t k = 0; k < outputs.size(); ++k) r.maxAbsDiff = std::max(r.maxAbsDiff, maxAbsDiff(outputs[k], expected[k]));
    r.checkedWith = "torch.jit.load (Python " + report.value("python_torch", std::string("?")) +
                    "), torch::jit::load (LibTorch " + TORCH_VERSION + ")";
  } else {
    checkWithOnnxRuntime(r, work, o, in, policy, value, wdl);
  }
  if (r.maxAbsDiff > o.tolerance) {
    throw Error("the exported " + o.format + " model differs from LibTorch by " + std::to_string(r.maxAbsDiff) +
                " (tolerance " + std::to_string(o.tolerance) + ")");
  }
  writeSidecar(r, net, game, o, report);
  return r;
}

}  // namespace

ExportResult exportModel(const Network& net, const Game& game, const ExportOptions& o) {
  o.check();
  checkModelMatches(net.meta(), game, "the network");
  std::error_code ec;
  const bool created = !fs::exists(o.outDir, ec);
  fs::create_directories(o.outDir, ec);
  if (!fs::is_directory(o.outDir)) throw Error("cannot create export directory " + o.outDir + ": " + ec.message());
  try {
    return exportInto(net, game, o);
  } catch (...) {  // nothing half made stays: the folder this export made, else the files it writes
    if (created) {
      fs::remove_all(o.outDir, ec);
    } else {
      fs::remove(fs::path(o.outDir) / (o.format == "onnx" ? "model.onnx" : "model.pt"), ec);
      fs::remove(fs::path(o.outDir) / "model.json", ec);
    }
    throw;
  }
}

}  // namespace tz

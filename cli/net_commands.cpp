// Network commands: net init / net info (checkpoints), export (TorchScript, ONNX, web page) and
// `bench net` (forward throughput by batch size, and the batched evaluator against it).
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/number_check.h"
#include "cli/seed_option.h"
#include "cli/variant_options.h"
#include "game/base/error.h"
#include "game/base/user_files.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "nets/checkpoint.h"
#include "nets/export.h"
#include "nets/net_bench.h"
#include "nets/web_export.h"
#include "training/models/model_card.h"
#include "training/models/model_folder.h"

namespace tz::cli {

namespace {

nlohmann::json networkJson(const NetworkConfig& c) {
  return {{"name", c.name},
          {"blocks", c.blocks},
          {"channels", c.channels},
          {"policy_channels", c.policyChannels},
          {"value_channels", c.valueChannels},
          {"value_hidden", c.valueHidden}};
}

void addInit(CLI::App& net) {
  struct Opts {
    VariantOptions variant;
    std::string network = "default";
    std::string out;
    uint64_t seed = 1;
    bool force = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = net.add_subcommand("init", "Write a freshly initialised network as a checkpoint");
  o->variant.addTo(cmd);
  cmd->add_option("--network,-n", o->network, "Network preset (small, default, large) or YAML file")->capture_default_str();
  cmd->add_option("--out,-o", o->out, "Checkpoint file to write")->required();
  addSeedOption(cmd, o->seed, "Initialisation seed");
  cmd->add_flag("--force", o->force, "Replace an existing checkpoint at --out");
  cmd->callback([o] {
    checkOutputFile(o->out, "checkpoint", o->force);
    auto game = o->variant.load();
    Network network(*game, loadNetworkConfig(o->network), "cpu", o->seed);
    saveCheckpoint(network, o->out);
    std::cout << "wrote " << o->out << "\n";
  });
}

void addInfo(CLI::App& net) {
  struct Opts {
    std::string checkpoint;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = net.add_subcommand("info", "Describe a checkpoint: variant, architecture, step, optimizer");
  cmd->add_option("checkpoint", o->checkpoint, "Checkpoint file")->required();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    const CheckpointInfo info = readCheckpointInfo(o->checkpoint);
    const NetworkConfig& n = info.model.network;
    nlohmann::json j = {{"checkpoint", o->checkpoint},     {"variant", info.model.variant},
                        {"family", info.model.family},     {"step", info.step},
                        {"network", networkJson(n)},       {"rules_yaml", info.model.rulesYaml},
                        {"torch_version", info.torchVersion}};
    j["optimizer"] = info.hasOptimizer ? nlohmann::json{{"kind", info.optimizer.kind},
                                                        {"learning_rate", info.optimizer.learningRate},
                                                        {"momentum", info.optimizer.momentum},
                                                        {"weight_decay", info.optimizer.weightDecay}}
                                       : nlohmann::json(nullptr);
    if (o->json) {
      std::cout << j.dump() << "\n";
      return;
    }
    std::cout << "variant:   " << info.model.variant << " (" << info.model.family << ")\n"
              << "network:   " << n.name << ": " << n.blocks << " blocks x " << n.channels << " channels\n"
              << "step:      " << info.step << "\n"
              << "optimizer: " << (info.hasOptimizer ? info.optimizer.kind : std::string("none")) << "\n";
  });
}

// One export as --json prints it.
nlohmann::json exportJson(const ExportResult& r, const std::string& format) {
  return {{"model", r.modelFile},        {"sidecar", r.sidecarFile},   {"format", format},
          {"checked_with", r.checkedWith}, {"max_abs_diff", r.maxAbsDiff}, {"samples", r.samples},
          {"unchecked", r.uncheckedReason}};
}

// Says what one export wrote and how it was checked (warning on stderr when no independent
// runtime ran it); `modelFormat` is the model file's format.
void reportExport(const ExportResult& r, const std::string& modelFormat, bool json) {
  if (!r.uncheckedReason.empty()) {
    std::cerr << "taflzero: warning: the " << modelFormat << " model was not run by an independent runtime: "
              << r.uncheckedReason << "\n";
  }
  if (json) return;
  std::cout << "wrote " << r.modelFile << " and " << r.sidecarFile << "\n";
  char diff[32];
  std::snprintf(diff, sizeof(diff), "%.2g", r.maxAbsDiff);
  std::cout << "outputs match LibTorch on " << r.samples << " positions (max |diff| " << diff << ") under "
            << (r.checkedWith.empty() ? "PyTorch only" : r.checkedWith) << "\n";
}

// Tells how to open a written play page.
void reportPage(const std::string& outDir) {
  std::cout << "wrote the play page " << outDir << "/index.html: run python3 " << outDir
            << "/serve.py and open http://127.0.0.1:8000/\n";
}

// A shipped model loaded for export: its card's summary, its network and game.
struct ShippedNet {
  std::string name, summary;
  std::unique_ptr<Network> net;
  std::unique_ptr<Game> game;
};

// Every shipped model, loaded; throws Error when there is none.
std::vector<ShippedNet> loadShipped() {
  std::vector<ShippedNet> out;
  for (const std::string& name : shippedModelNames()) {
    const ModelFolder folder = ModelFolder::named(name);
    ShippedNet s{name, readModelCard(folder.card).summary, loadCheckpoint(folder.checkpoint), nullptr};
    s.game = gameOfModel(s.net->meta());
    out.push_back(std::move(s));
  }
  if (out.empty()) throw Error("export --shipped: no shipped model in " + modelsDirectory());
  return out;
}

// `export --shipped`: every shipped model into OUT/NAME; the web format writes one page offering them all.
void exportShipped(const ExportOptions& options, bool json) {
  const std::vector<ShippedNet> shipped = loadShipped();
  const bool web = options.format == "web";
  const std::string modelFormat = web ? "onnx" : options.format;
  std::vector<ExportResult> results;
  std::string page;
  nlohmann::json skipped = nlohmann::json::array();
  if (web) {
    std::vector<WebAgent> agents;
    for (const ShippedNet& s : shipped) {
      if (conditioningOfEncoding(s.net->meta().encodingJson)) {  // the page's rules encode no rule planes
        skipped.push_back({{"name", s.name}, {"reason", "a rule-conditioned network: the page plays one rule set"}});
        std::cerr << "export --shipped: " << s.name << " is a rule-conditioned network; the play page does not offer it\n";
        continue;
      }
      agents.push_back({s.name, s.summary, s.net.get(), s.game.get()});
    }
    WebAgentsResult w = exportWebAgents(agents, options);
    results = std::move(w.models);
    page = w.page;
  } else {
    for (const ShippedNet& s : shipped) {
      ExportOptions one = options;
      one.outDir = options.outDir + "/" + s.name;
      results.push_back(exportModel(*s.net, *s.game, one));
    }
  }
  nlohmann::json list = nlohmann::json::array();
  for (const ExportResult& r : results) {
    reportExport(r, modelFormat, json);
    list.push_back(exportJson(r, options.format));
  }
  if (json) {
    nlohmann::json j{{"models", list}};
    if (web) {
      j["page"] = page;
      j["skipped"] = skipped;
    }
    std::cout << j.dump() << "\n";
  } else if (web) {
    reportPage(options.outDir);
  }
}

void addExport(CLI::App& app) {
  struct Opts {
    std::string checkpoint;
    ExportOptions options;
    bool shipped = false;
    bool force = false;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("export",
                                 "Export a checkpoint as TorchScript or ONNX with a model.json sidecar, or as a "
                                 "browser play page (web: the ONNX model, the rules in WebAssembly, the page)");
  auto* checkpoint =
      cmd->add_option("checkpoint", o->checkpoint, "Checkpoint file, or model:NAME for a shipped model (taflzero models)");
  auto* shipped = cmd->add_flag("--shipped", o->shipped,
                                "Export every shipped model, each into OUT/NAME (web: one page offering them all)");
  checkpoint->excludes(shipped);
  cmd->add_option("--format,-f", o->options.format, "torchscript, onnx or web")
      ->check(CLI::IsMember({"torchscript", "onnx", "web"}))
      ->capture_default_str();
  cmd->add_option("--out,-o", o->options.outDir, "Output directory (model file and model.json; web: the whole page)")
      ->required();
  cmd->add_option("--samples", o->options.samples, "Sample positions to check the export on")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  cmd->add_flag("--force", o->force, "Export into an --out folder that already holds files");
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    if (!o->shipped && o->checkpoint.empty()) {
      throw Error("export: give a checkpoint (or model:NAME), or --shipped for every shipped model");
    }
    checkOutputFolder(o->options.outDir, "export folder", o->force);
    if (o->shipped) return exportShipped(o->options, o->json);
    const bool model = o->checkpoint.rfind("model:", 0) == 0;
    const std::string checkpoint = model ? ModelFolder::named(o->checkpoint.substr(6)).checkpoint : o->checkpoint;
    auto net = loadCheckpoint(checkpoint);
    auto game = gameOfModel(net->meta());
    const bool web = o->options.format == "web";
    WebExportResult w;
    if (web) {
      w = exportWebPage(*net, *game, o->options);
    } else {
      w.model = exportModel(*net, *game, o->options);
    }
    reportExport(w.model, web ? "onnx" : o->options.format, o->json);
    if (o->json) {
      nlohmann::json j = exportJson(w.model, o->options.format);
      if (web) j["page"] = w.page;
      std::cout << j.dump() << "\n";
    } else if (web) {
      reportPage(o->options.outDir);
    }
  });
}

std::vector<int> parseBatches(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    size_t end = 0;
    try {
      out.push_back(std::stoi(item, &end));
    } catch (const std::exception&) {
      end = 0;
    }
    if (end == 0 || end != item.size()) throw Error("--batches: " + tz::quoted(item) + " is not a whole number");
    if (out.back() < 1 || out.back() > 4096) throw Error("--batches: sizes must be in [1, 4096]");
  }
  if (out.empty()) throw Error("--batches: expected a comma-separated list of batch sizes");
  return out;
}

// What `bench net` measures.
struct BenchNetOptions {
  VariantOptions variant;
  std::string network = "default";
  std::string device = "cpu";
  std::string batches = "1,8,32,64,128,256";
  double seconds = 1.0;
  int torchThreads = 1;
  int workers = 1;
  int waitUs = 1000;
  std::string precision = "fp32";
  bool json = false;
};

// An evaluator throughput as a ratio to the bare forward pass, for the JSON output.
nlohmann::json ratioJson(const Throughput& t, const Throughput& forward) {
  return nlohmann::json{{"per_s", t.perSecond},
                        {"per_cpu_s", t.perCpuSecond},
                        {"ratio", t.perSecond / forward.perSecond},
                        {"cpu_ratio", t.perCpuSecond / forward.perCpuSecond},
                        {"mean_batch", t.meanBatch}};
}

// A forward throughput measured before and after the evaluator's, averaged against drift.
Throughput averaged(const Throughput& before, const Throughput& after) {
  return {(before.perSecond + after.perSecond) / 2, (before.perCpuSecond + after.perCpuSecond) / 2, before.meanBatch};
}

// One batch size: the bare forward pass in float32 (the ceiling) and, on the CPU, in
// bfloat16, each measured before and after the evaluator; the evaluator, in its precision,
// fed by single requesters and by grouped requests. Prints the row unless JSON.
nlohmann::json benchNetRow(const std::shared_ptr<Network>& net, const Game& game, const BenchNetOptions& o, int b) {
  NetEvaluatorOptions options;
  options.maxBatch = b;
  options.maxWaitUs = o.waitUs;
  options.workers = o.workers;
  options.torchThreads = o.torchThreads;
  options.precision = parsePrecision(o.precision, "--precision");
  const ForwardPass fp32(net, Precision::fp32);
  std::unique_ptr<ForwardPass> bf16;
  if (net->device() == "cpu") bf16 = std::make_unique<ForwardPass>(net, Precision::bf16);
  const Throughput fp32Before = forwardThroughput(fp32, game, b, o.seconds);
  const Throughput bf16Before = bf16 ? forwardThroughput(*bf16, game, b, o.seconds) : Throughput{};
  const int singleRequesters = std::max(2, 2 * b), perCall = std::max(1, b / 2);
  const Throughput singles = evaluatorThroughput(net, game, options, singleRequesters, 1, o.seconds);
  const Throughput grouped = evaluatorThroughput(net, game, options, 4, perCall, o.seconds);
  const Throughput forward = averaged(fp32Before, forwardThroughput(fp32, game, b, o.seconds));
  const Throughput forwardBf16 = bf16 ? averaged(bf16Before, forwardThroughput(*bf16, game, b, o.seconds)) : Throughput{};
  const Throughput& evaluatorForward = options.precision == Precision::bf16 ? forwardBf16 : forward;
  nlohmann::json row = {{"batch", b},
                        {"forward_per_s", forward.perSecond},
                        {"forward_per_cpu_s", forward.perCpuSecond},
                        {"singles", ratioJson(singles, evaluatorForward)},
                        {"grouped", ratioJson(grouped, evaluatorForward)}};
  if (bf16) {
    row["forward_bf16_per_s"] = forwardBf16.perSecond;
    row["forward_bf16_per_cpu_s"] = forwardBf16.perCpuSecond;
    row["bf16_to_fp32"] = forwardBf16.perSecond / forward.perSecond;
  }
  row["singles"]["requesters"] = singleRequesters;
  row["grouped"]["requesters"] = 4;
  row["grouped"]["per_call"] = perCall;
  if (!o.json) {
    auto cell = [&](const Throughput& t) {
      char text[64];
      std::snprintf(text, sizeof(text), "%6.0f/s  %4.2f [%4.2f] batch %5.1f", t.perSecond,
                    t.perSecond / evaluatorForward.perSecond, t.perCpuSecond / evaluatorForward.perCpuSecond, t.meanBatch);
      return std::string(text);
    };
    char bf16Text[40] = "-";
    if (bf16) std::snprintf(bf16Text, sizeof(bf16Text), "%6.0f/s %4.2fx", forwardBf16.perSecond, forwardBf16.perSecond / forward.perSecond);
    std::printf("%5d  %6.0f/s [%6.0f] | %-15s | %-36s | %-36s\n", b, forward.perSecond, forward.perCpuSecond, bf16Text,
                cell(singles).c_str(), cell(grouped).c_str());
    std::fflush(stdout);
  }
  return row;
}

void runBenchNet(const BenchNetOptions& o) {
  const std::vector<int> batches = parseBatches(o.batches);
  parsePrecision(o.precision, "bench net: --precision");
  auto game = o.variant.load();
  setTorchThreads(o.torchThreads);
  auto net = std::make_shared<Network>(*game, loadNetworkConfig(o.network), o.device);
  const NetworkConfig& n = net->meta().network;
  if (!o.json) {
    std::printf("network %s (%d blocks x %d channels) on %s, variant %s, %d torch thread(s), %d evaluator worker(s)\n"
                "positions per second (per CPU-second of the process in brackets); the bfloat16 pass as a multiple of\n"
                "float32's; evaluator (in %s) ratios are to the bare forward pass in its precision at the same batch\n"
                "size: wall clock [CPU time]\n",
                n.name.c_str(), n.blocks, n.channels, net->device().c_str(), game->name().c_str(), o.torchThreads,
                o.workers, o.precision.c_str());
    std::printf("%5s  %-17s | %-15s | %-36s | %-36s\n", "batch", "forward fp32", "forward bf16", "evaluator: 2 x batch single requesters",
                "evaluator: 4 requesters of batch/2");
  }
  nlohmann::json rows = nlohmann::json::array();
  for (int b : batches) rows.push_back(benchNetRow(net, *game, o, b));
  if (o.json) {
    std::cout << nlohmann::json{{"variant", game->name()},  {"network", networkJson(n)},
                                {"device", net->device()},  {"torch_threads", o.torchThreads},
                                {"workers", o.workers},     {"wait_us", o.waitUs},
                                {"precision", o.precision},
                                {"rows", rows}}
                     .dump()
              << "\n";
  }
}

void addBenchNet(CLI::App& bench) {
  auto o = std::make_shared<BenchNetOptions>();
  auto* cmd = bench.add_subcommand("net", "Forward throughput by batch size, and the batched evaluator against it");
  o->variant.addTo(cmd);
  cmd->add_option("--network,-n", o->network, "Network preset (small, default, large) or YAML file")->capture_default_str();
  cmd->add_option("--device", o->device, "cpu or cuda")->capture_default_str();
  cmd->add_option("--batches", o->batches, "Batch sizes, comma-separated")->capture_default_str();
  cmd->add_option("--seconds", o->seconds, "Time per measurement")->check(finiteIn(0.05, 60))->capture_default_str();
  cmd->add_option("--torch-threads", o->torchThreads, "LibTorch intra-op threads (0: LibTorch's default)")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  cmd->add_option("--workers", o->workers, "Evaluator threads running forward passes")->check(CLI::Range(1, 64))->capture_default_str();
  cmd->add_option("--wait-us", o->waitUs, "Evaluator wait limit in microseconds")->check(CLI::Range(0, 1000000))->capture_default_str();
  cmd->add_option("--precision", o->precision, "The evaluator's precision: fp32 or bf16 (the bare pass is measured in both)")
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] { runBenchNet(*o); });
}

}  // namespace

void addNetCommands(CLI::App& app, CLI::App& bench) {
  auto* net = app.add_subcommand("net", "Network checkpoints: init, info");
  net->require_subcommand(1);
  addInit(*net);
  addInfo(*net);
  addExport(app);
  addBenchNet(bench);
}

}  // namespace tz::cli

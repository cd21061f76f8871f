// The shipped models (docs/MODELS.md): `models` lists them, `models verify` checks each card
// against its files and games, `models add` ships a run's checkpoint with a card, `models
// score` adds a measurement from a games file, `models card` renders the cards.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "game/base/config.h"
#include "game/base/error.h"
#include "game/base/user_files.h"
#include "training/matches/game_check.h"
#include "training/models/model_precision.h"
#include "training/models/model_verify.h"
#include "training/run/run_directory.h"

namespace tz::cli {

namespace {

namespace fs = std::filesystem;

// Today as YYYY-MM-DD (UTC).
std::string today() {
  const std::time_t now = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&now));
  return buf;
}

// Refuses to change an existing model's files without --force.
void checkMayWrite(const ModelFolder& folder, bool force) {
  if (fs::exists(folder.card) && !force) {
    throw Error("model " + folder.name + " exists in " + folder.dir + ": pass --force to change it");
  }
}

// The files a changed card rewrites, by path: the card, its README.md and, for a model in a
// models directory, the index of every model there. Every one is made (every sibling card
// read and checked) before the caller writes the first.
std::vector<std::pair<std::string, std::string>> cardFiles(const ModelFolder& folder, const ModelCard& card,
                                                           const std::string& checkpoint) {
  std::vector<std::pair<std::string, std::string>> files{
      {folder.card, modelCardYaml(card)}, {folder.readme, modelReadme(card, checkpointFacts(checkpoint))}};
  if (folder.index.empty()) return files;
  std::vector<ModelCard> cards{card};
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(folder.index).parent_path(), ec)) {
    const std::string sibling = (entry.path() / "card.yaml").string();
    if (entry.path().filename() != folder.name && fs::is_regular_file(sibling)) cards.push_back(readModelCard(sibling));
  }
  std::sort(cards.begin(), cards.end(), [](const ModelCard& a, const ModelCard& b) { return a.name < b.name; });
  files.emplace_back(folder.index, modelsIndexMarkdown(cards));
  refuseLink(folder.index, "models index");
  return files;
}

// Writes the files cardFiles made.
void writeCardFiles(const std::vector<std::pair<std::string, std::string>>& files) {
  for (const auto& [path, text] : files) writeFileAtomically(path, text, "model card file");
}

// Prints `rows` as columns two spaces apart, each as wide as its widest cell.
void printColumns(const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()));
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) line += row[i] + (i + 1 < row.size() ? std::string(widths[i] - row[i].size() + 2, ' ') : "");
    std::cout << line << "\n";
  }
}

void addList(CLI::App& models) {
  auto json = std::make_shared<bool>(false);
  models.add_flag("--json", *json, "Print one JSON object");
  models.callback([&models, json] {
    if (!models.get_subcommands().empty()) return;
    nlohmann::json list = nlohmann::json::array();
    std::vector<std::vector<std::string>> rows = {{"model", "variant", "step", "setting", "strength (first row of its card)"}};
    for (const std::string& name : shippedModelNames()) {
      const ModelCard card = readModelCard(ModelFolder::find(name).card);
      const std::string strength = firstStrengthText(card, "");
      list.push_back({{"name", name}, {"variant", card.variant}, {"step", card.step}, {"agent", card.agentSpec()},
                      {"strength", strength}, {"summary", card.summary}});
      // Text from a card is a stranger's: shown through printable.
      rows.push_back({name, tz::printable(card.variant, 200), std::to_string(card.step),
                      tz::printable(card.agentSpec(), 200), tz::printable(strength, 400)});
    }
    if (*json) {
      std::cout << nlohmann::json{{"models", list}, {"directory", modelsDirectory()}}.dump() << "\n";
    } else if (list.empty()) {
      std::cout << "no models in " << modelsDirectory() << "\n";
    } else {
      printColumns(rows);
      std::cout << "\nIn " << modelsDirectory() << "; each card, its training and every measurement: NAME/README.md "
                << "(--json: the summaries)\n";
    }
  });
}

void addVerify(CLI::App& models) {
  auto names = std::make_shared<std::vector<std::string>>();
  auto* cmd = models.add_subcommand("verify", "Check every card (or the named ones) against its checkpoint, its games "
                                              "and its README.md; exit 2 at the first difference");
  cmd->add_option("names", *names, "Model names or folders (default: every shipped model)");
  cmd->callback([names] {
    std::vector<std::string> which = *names;
    if (which.empty()) {
      which = shippedModelNames();
      if (which.empty()) throw Error("no models in " + modelsDirectory());
      std::vector<ModelCard> cards;
      for (const auto& n : which) cards.push_back(readModelCard(ModelFolder::find(n).card));
      const std::string index = modelsDirectory() + "/README.md";
      const std::string text = fs::is_regular_file(index) ? readRegularFile(index, "models index " + index, 1 << 20) : "";
      if (text != modelsIndexMarkdown(cards)) throw Error(index + " is not the index of the cards: run taflzero models card");
    }
    for (const std::string& n : which) {
      const ModelFolder folder = ModelFolder::find(n);
      verifyModel(folder);
      std::cout << "ok " << folder.name << " (" << folder.dir << ")\n";
    }
  });
}

void addCard(CLI::App& models) {
  auto names = std::make_shared<std::vector<std::string>>();
  auto force = std::make_shared<bool>(false);
  auto* cmd = models.add_subcommand("card", "Render README.md of the named models' cards and the models index");
  cmd->add_option("names", *names, "Model names or folders")->required();
  cmd->add_flag("--force", *force, "Replace the README.md files (required: they are in models/)");
  cmd->callback([names, force] {
    for (const std::string& n : *names) {
      const ModelFolder folder = ModelFolder::find(n);
      checkMayWrite(folder, *force);
      folder.refuseLinks();
      writeCardFiles(cardFiles(folder, readModelCard(folder.card), folder.checkpoint));
      std::cout << "wrote " << folder.readme << "\n";
    }
  });
}

void addAdd(CLI::App& models) {
  struct Opts {
    std::string name, checkpoint, run, config, commit, machine, summary, play, into;
    bool force = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = models.add_subcommand("add", "Ship a run's checkpoint as a model, its card recording the run as one "
                                           "more sitting (the first when the model is new)");
  cmd->add_option("name", o->name, "The model's name")->required();
  cmd->add_option("--checkpoint", o->checkpoint, "The checkpoint to ship (a run's checkpoints/step-N.ckpt)")->required();
  cmd->add_option("--run", o->run, "The run folder that trained it")->required();
  cmd->add_option("--config", o->config, "The experiment config the run was started with, as a repository path")->required();
  cmd->add_option("--commit", o->commit, "The commit of the code that trained it")->required();
  cmd->add_option("--machine", o->machine, "Where the run ran (\"2-core CPU, nothing else running\")")->required();
  cmd->add_option("--summary", o->summary, "One line for the card (default: kept, or the variant's name)");
  cmd->add_option("--play", o->play, "The options of its measured setting (\"sims=800\")");
  cmd->add_option("--models", o->into, "The models folder (default: the shipped one)");
  cmd->add_flag("--force", o->force, "Replace an existing model's checkpoint and card");
  cmd->callback([o] {
    checkModelName(o->name, "model");
    const ModelFolder folder = ModelFolder::at(o->into.empty() ? modelsDirectory() : o->into, o->name);
    checkMayWrite(folder, o->force);
    folder.refuseLinks();
    const RunPaths run = RunPaths::of(o->run);
    if (!fs::is_regular_file(run.config)) throw Error("run folder " + tz::quoted(o->run) + " holds no config.yaml");
    if (!fs::is_regular_file(run.records)) throw Error("run folder " + tz::quoted(o->run) + " holds no records.sqlite");
    const CheckpointFacts facts = checkpointFacts(o->checkpoint);
    ModelCard card;
    if (fs::exists(folder.card)) card = readModelCard(folder.card);
    const RunStart start = readRunStart(run);
    if (!card.sittings.empty() && start.fromSha256 != card.sha256) {
      throw Error("run " + o->run + " did not continue model " + o->name + " (its start " +
                  (start.fromSha256.empty() ? std::string("was fresh") : "was " + start.fromSha256.substr(0, 12)) +
                  "): ship it under another name");
    }
    ModelSitting s;
    s.config = o->config;
    s.commit = o->commit;
    s.seed = loadYamlFile(run.config)["seed"].as<int64_t>(0);
    s.from = start.fromSha256;
    s.fromStep = start.fromStep;
    s.step = facts.info.step;
    s.games = RecordStore(run.records).countResults(kSelfPlayTag).total();
    s.minutes = runSeconds(run) / 60;
    s.machine = o->machine;
    s.date = today();
    card.name = o->name;
    if (!o->summary.empty() || card.summary.empty()) card.summary = o->summary.empty() ? facts.info.model.variant : o->summary;
    card.variant = facts.info.model.variant;
    card.rulesHash = facts.rulesHash;
    card.sha256 = facts.sha256;
    card.step = facts.info.step;
    card.networkYaml = facts.networkYaml;
    if (!o->play.empty()) card.play = o->play;
    card.sittings.push_back(s);
    card.strength.clear();  // the measurements were of the model it replaces
    const auto files = cardFiles(folder, card, o->checkpoint);
    fs::create_directories(folder.dir);
    copyFileAtomically(o->checkpoint, "checkpoint " + o->checkpoint, folder.checkpoint, "model checkpoint");
    writeCardFiles(files);
    std::cout << "model " << o->name << " in " << folder.dir << ": step " << card.step << ", sitting "
              << card.sittings.size() << "\n";
  });
}

void addScore(CLI::App& models) {
  struct Opts {
    std::string name, games, agent, opponent, command, conditions;
    bool force = false, forfeits = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = models.add_subcommand("score", "Add a measurement to a model's card from a games file, copied into "
                                             "the model's games/ folder and re-scored");
  cmd->add_option("name", o->name, "The model's name or folder")->required();
  cmd->add_option("--games", o->games, "The games file (records export)")->required();
  cmd->add_option("--player", o->agent, "The model's player in the games (default: the card's setting)");
  cmd->add_option("--opponent", o->opponent, "The opponent's player in the games")->required();
  cmd->add_option("--command", o->command, "The command that played them")->required();
  cmd->add_option("--conditions", o->conditions, "The machine, what else ran on it, the date")->required();
  cmd->add_flag("--force", o->force, "Change the card (required: it is in models/)");
  cmd->add_flag("--forfeits", o->forfeits, "Count games a server ended by a forfeit (the card's row then says how many)");
  cmd->callback([o] {
    const ModelFolder folder = ModelFolder::find(o->name);
    checkMayWrite(folder, o->force);
    folder.refuseLinks();
    ModelCard card = readModelCard(folder.card);
    ModelStrength s;
    s.agent = o->agent.empty() ? card.agentSpec() : o->agent;
    s.opponent = o->opponent;
    s.command = o->command;
    s.conditions = o->conditions;
    const GameFileCheck check = checkGameFile(o->games);
    const PairingTally pairing = pairingOf(check, s.agent, s.opponent, o->games);
    s.tally = pairing.tally;
    s.forfeits = pairing.forfeits;
    if (s.forfeits > 0 && !o->forfeits) {
      throw Error("games file " + o->games + ": " + std::to_string(s.forfeits) + " of the games of " + tz::quoted(s.agent) +
                  " against " + tz::quoted(s.opponent) + " ended by a forfeit (a server's judgement, not the rules'); "
                  "pass --forfeits to count them (the card's row then says so)");
    }
    s.gamesFile = "games/" + fs::path(o->games).filename().string();
    const std::string target = folder.dir + "/" + s.gamesFile;
    // A row is its games file: scoring the same file again replaces it, another file adds a row.
    auto same = std::find_if(card.strength.begin(), card.strength.end(),
                             [&](const ModelStrength& m) { return m.gamesFile == s.gamesFile; });
    if (same != card.strength.end()) *same = s;
    else card.strength.push_back(s);
    const auto files = cardFiles(folder, card, folder.checkpoint);
    refuseLink(target, "games file");
    fs::create_directories(folder.games);
    std::error_code ec;
    if (!fs::exists(target) || !fs::equivalent(o->games, target, ec)) {
      copyFileAtomically(o->games, "games file " + o->games, target, "games file");
    }
    writeCardFiles(files);
    std::cout << "model " << card.name << ": " << s.tally.overall().games() << " games against " << s.opponent << " in "
              << target << "\n";
  });
}

// The games files of a model folder (games/*.jsonl and *.jsonl.gz), sorted.
std::vector<std::string> gameFilesOf(const ModelFolder& folder) {
  std::vector<std::string> files;
  if (!fs::is_directory(folder.games)) return files;
  for (const auto& entry : fs::directory_iterator(folder.games)) {
    const std::string name = entry.path().filename().string();
    const auto endsWith = [&](const std::string& tail) {
      return name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
    };
    if (entry.is_regular_file() && (endsWith(".jsonl") || endsWith(".jsonl.gz"))) files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void addPrecision(CLI::App& models) {
  struct Opts {
    std::vector<std::string> names;
    int positions = 10000;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = models.add_subcommand("precision", "How closely each model's bf16 forward pass follows its fp32 one, on "
                                                 "positions of its committed games (the bf16 accuracy guard)");
  cmd->add_option("names", o->names, "Model names or folders (default: every shipped model)");
  cmd->add_option("--positions", o->positions, "Positions drawn from each model's games")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print one JSON object a model, a line each");
  cmd->callback([o] {
    const std::vector<std::string> which = o->names.empty() ? shippedModelNames() : o->names;
    if (which.empty()) throw Error("no models in " + modelsDirectory());
    std::vector<std::vector<std::string>> rows = {
        {"model", "positions", "same top move", "widest flip", "flips > 0.02", "value |diff| mean", "max", "policy TV mean",
         "guard"}};
    for (const std::string& n : which) {
      const ModelFolder folder = ModelFolder::find(n);
      const std::vector<std::string> files = gameFilesOf(folder);
      if (files.empty()) throw Error("model " + folder.name + ": no games files in " + folder.games);
      const PrecisionAgreement a = bf16Agreement(folder.checkpoint, files, o->positions);
      // The guard of issue 73: top-1 agreement at least 99%, values within 0.01 on average.
      const bool met = a.topAgreement >= 0.99 && a.valueMeanAbs <= 0.01;
      if (o->json) {
        std::cout << nlohmann::json{{"model", folder.name},          {"positions", a.positions},
                                    {"top_agreement", a.topAgreement}, {"widest_flip", a.widestFlip},
                                    {"flips_over_gap", a.flipsOverGap},  {"value_mean_abs", a.valueMeanAbs},
                                    {"value_max_abs", a.valueMaxAbs},  {"policy_mean_tv", a.policyMeanTv},
                                    {"guard_met", met}}
                         .dump()
                  << std::endl;
        continue;
      }
      char same[16], widest[16], mean[16], max[16], tv[16];
      std::snprintf(same, sizeof same, "%.2f%%", 100 * a.topAgreement);
      std::snprintf(widest, sizeof widest, "%.4f", a.widestFlip);
      std::snprintf(mean, sizeof mean, "%.4f", a.valueMeanAbs);
      std::snprintf(max, sizeof max, "%.4f", a.valueMaxAbs);
      std::snprintf(tv, sizeof tv, "%.4f", a.policyMeanTv);
      rows.push_back({folder.name, std::to_string(a.positions), same, widest, std::to_string(a.flipsOverGap), mean, max, tv,
                      met ? "met" : "NOT met"});
    }
    if (o->json) return;
    printColumns(rows);
    std::cout << "\nThe guard: the same most likely move in at least 99% of the positions and values within 0.01 on "
                 "average. Widest flip: where the two passes' most likely moves differ, the largest gap between those "
                 "two moves' float32 priors; flips > 0.02: how many differ by more (not near ties). Policy TV: total "
                 "variation between the priors over the legal moves\n";
  });
}

}  // namespace

void addModelsCommands(CLI::App& app) {
  auto* models = app.add_subcommand("models", "The shipped models: list them (no subcommand), verify, add, score, card "
                                              "(docs/MODELS.md)");
  addList(*models);
  addVerify(*models);
  addCard(*models);
  addAdd(*models);
  addScore(*models);
  addPrecision(*models);
}

}  // namespace tz::cli

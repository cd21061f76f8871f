#pragma once
// A shipped model's card (models/NAME/card.yaml): what the model is (variant, rules hash,
// network, step, checksum), how it was trained (the chain of sittings, each continuing the
// last) and how strong it is (each opponent's games, kept in a games file beside the card).
// Read with every key checked; written back in one layout; rendered as README.md.
#include <cstdint>
#include <string>
#include <vector>

#include "training/matches/arena.h"

namespace tz {

/// One sitting of a model's training: a run that started fresh or continued the model.
struct ModelSitting {
  std::string config;     // the experiment config, as a path in the repository
  std::string commit;     // the commit of the code that trained it
  int64_t seed = 0;       // the experiment's seed
  std::string from;       // the SHA-256 of the checkpoint it continued, "" when it started fresh
  int64_t fromStep = 0;   // the training step it started at
  int64_t step = 0;       // the training step it reached
  int64_t games = 0;      // its self-play games
  double minutes = 0;     // its wall time
  std::string machine;    // where it ran ("2-core CPU, nothing else running")
  std::string date;       // when it ended (YYYY-MM-DD)
};

/// One strength measurement: the model's games against one opponent, from its own side.
struct ModelStrength {
  std::string agent;      // the model's player spec ("model:brandubh,sims=800")
  std::string opponent;   // the opponent's player spec
  std::string gamesFile;  // the games, relative to the model's folder (games/vs-mcts1000.jsonl)
  std::string command;    // the command that played them
  std::string conditions; // the machine and what else ran on it, the date
  MatchTally tally;       // the agent's results by the side it played
  int forfeits = 0;       // its games a server ended by a forfeit (counted in the tally; shown beside the row)
};

/// A model's card.
struct ModelCard {
  std::string name;        // the model's name (its folder's name)
  std::string summary;     // one line: what it plays and how well
  std::string variant;     // the variant it plays
  std::string rulesHash;   // rulesHash() of the rules the checkpoint carries
  std::string sha256;      // SHA-256 of model.ckpt
  int64_t step = 0;        // the checkpoint's training step
  std::string networkYaml; // the checkpoint's network (networkConfigYaml)
  std::string play;        // the options of its measured setting ("sims=800"), appended to model:NAME
  std::vector<ModelSitting> sittings;  // its training, oldest first
  std::vector<ModelStrength> strength; // its measurements

  /// The player spec of its measured setting: "model:NAME" with `play`'s options.
  std::string agentSpec() const { return "model:" + name + (play.empty() ? "" : "," + play); }
};

/// Reads a card; throws ConfigError naming `path` and the key for a missing or unknown key
/// or a value out of range.
ModelCard readModelCard(const std::string& path);

/// The card as card.yaml holds it (readModelCard reads it back to an equal card).
std::string modelCardYaml(const ModelCard& card);

/// The card as README.md shows it: the model, its rules (`rulesYaml`), its training and a
/// strength table with intervals per colour; `sideNames` name the variant's two sides.
std::string modelCardMarkdown(const ModelCard& card, const std::string& rulesYaml, const std::string sideNames[2]);

/// The first strength row of `card` in words, its opponent between `quote`s: "0.790 [0.728,
/// 0.841] against `alphabeta:depth=2`, 200 games"; "not measured" for a card without one.
std::string firstStrengthText(const ModelCard& card, const std::string& quote);

/// models/README.md: one table row per card.
std::string modelsIndexMarkdown(const std::vector<ModelCard>& cards);

}  // namespace tz

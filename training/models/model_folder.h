#pragma once
// Where the shipped agents live: models/NAME/ holds the checkpoint (model.ckpt), its card
// (card.yaml, rendered as README.md) and the games that measured it (games/*.jsonl).
// `model:NAME` players, `train --from` and `export` find them by name (docs/MODELS.md).
#include <string>
#include <vector>

namespace tz {

/// The folder of shipped models: $TAFLZERO_MODELS if set, else dataDir()'s models/ (the
/// installed one, or the source tree's).
std::string modelsDirectory();

/// Throws Error naming `what` unless `name` is a model name: 1 to 40 of a-z, 0-9, '-' and
/// '_', starting with a letter or digit (so that it never leaves its folder in a path).
void checkModelName(const std::string& name, const std::string& what);

/// One model's folder and its files.
struct ModelFolder {
  std::string name;        // the model's name (the folder's name)
  std::string dir;         // the folder
  std::string checkpoint;  // dir/model.ckpt
  std::string card;        // dir/card.yaml
  std::string readme;      // dir/README.md, the card rendered
  std::string games;       // dir/games, the games files of its strength rows
  std::string index;       // the models index (README.md) of the models directory holding it; "" when it lies elsewhere

  /// The folder of `nameOrPath`: a model name, found in modelsDirectory(), or a path to a
  /// model folder (it has a '/'). Throws Error when it names no folder holding a card.
  static ModelFolder find(const std::string& nameOrPath);
  /// The folder of the shipped model `name` (a name only, as `model:NAME` gives it).
  static ModelFolder named(const std::string& name);
  /// The folder of the model `name` in `directory` (a models directory, whose index it
  /// keeps), whether or not it exists yet.
  static ModelFolder at(const std::string& directory, const std::string& name);

  /// Throws Error naming the path when the card, README.md, model.ckpt or games/ is a
  /// symbolic link: what the program writes there stays inside the folder.
  void refuseLinks() const;
};

/// The names of the models in modelsDirectory() (folders holding a card.yaml), sorted.
std::vector<std::string> shippedModelNames();

}  // namespace tz

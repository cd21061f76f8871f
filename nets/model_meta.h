#pragma once
// What a model is built for (the game's shapes, rules and encoding) and how it is built:
// the metadata that travels with checkpoints and exports. No LibTorch here.
#include <memory>
#include <string>

#include "game/game.h"
#include "nets/network_config.h"

namespace tz {

class RuleConditionedGame;

/// Input and output shapes of a network for one game.
struct NetShape {
  TensorShape input;   // planes x height x width of the encoded state
  TensorShape policy;  // policy planes x height x width (flattened C,H,W = action index)
  int numActions = 0;  // length of the policy output
  /// Whether the policy head is convolutional (policy planes lie over the input board);
  /// otherwise it is a fully connected layer onto numActions.
  bool convPolicy() const { return policy.height == input.height && policy.width == input.width; }
};

/// The shapes a network for `game` must have.
NetShape netShapeOf(const Game& game);

/// Everything a checkpoint or export records about its model besides the weights.
struct ModelMeta {
  std::string family;        // game family ("tafl", "morris")
  std::string variant;       // variant name
  std::string rulesYaml;     // Game::rulesYaml() of the variant trained on
  std::string encodingJson;  // Game::encodingJson(): input planes and action encoding
  NetShape shape;            // network input/output shapes
  NetworkConfig network;     // architecture
};

/// The metadata of a network of the given architecture for `game`.
ModelMeta modelMetaOf(const Game& game, const NetworkConfig& network);

/// Throws Error when a model described by `meta` cannot be used for `game`, saying exactly
/// which rule values or encoding fields differ. The ply limit may differ: a game is the same
/// up to the lower limit (past the model's, its player refuses to move: PlyLimitedPlayer). A rule-conditioned model (its encoding
/// describes its variants, game/conditioned/rule_conditioned_game.h) fits the conditioned game of any of
/// its variants and nothing else. `what` names the model ("checkpoint x.ckpt").
void checkModelMatches(const ModelMeta& meta, const Game& game, const std::string& what);

/// Throws Error, naming `what`, unless a model described by `meta` can go on training for
/// `game` under `game`'s rules: the same game family and encoding (input planes, actions),
/// whatever rules differ.
void checkSameEncoding(const ModelMeta& meta, const Game& game, const std::string& what);

/// The variant a model was trained on, rebuilt from its recorded rules (so that user files
/// and --set overrides need not be at hand), rule-conditioned when the model is; throws
/// Error if the rules no longer load.
std::unique_ptr<Game> gameOfModel(const ModelMeta& meta);

/// The ply limit of a variant's rules text (its `ply_limit`), 0 when it has none; throws
/// Error naming `what` when the text is not YAML or the limit not an integer.
int plyLimitOfRules(const std::string& rulesYaml, const std::string& what);

/// The game through which a rule-conditioned model plays `game`: the conditioned game of its
/// variant with `game`'s rules, up to the ply limit (Error when it has none); nullptr when the model is not
/// rule-conditioned or `game` is a conditioned game already.
std::unique_ptr<RuleConditionedGame> conditionedGameOfModel(const ModelMeta& meta, const Game& game);

/// The metadata as a JSON text (readable by modelMetaFromJson).
std::string modelMetaJson(const ModelMeta& meta);
/// Parses modelMetaJson output; throws Error naming `what` when malformed.
ModelMeta modelMetaFromJson(const std::string& json, const std::string& what);

}  // namespace tz

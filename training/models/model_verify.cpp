#include "training/models/model_verify.h"

#include <algorithm>
#include <filesystem>

#include "training/matches/digest.h"
#include "game/base/error.h"
#include "game/base/user_files.h"
#include "mcts/players/player_factory.h"
#include "nets/model_meta.h"
#include "training/models/model_agent.h"
#include "training/matches/game_check.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

// A README.md or index is at most this long.
constexpr uint64_t kMaxReadmeBytes = 1 << 20;

void same(const std::string& file, const std::string& what, const std::string& card, const std::string& actual) {
  if (card != actual) throw Error(file + ": " + what + " is " + quoted(card) + " in the card but " + quoted(actual) + " in fact");
}

void sameTally(const std::string& file, const std::string& what, const Tally& card, const Tally& games) {
  const auto text = [](const Tally& t) {
    return std::to_string(t.wins) + "-" + std::to_string(t.draws) + "-" + std::to_string(t.losses);
  };
  same(file, what, text(card), text(games));
}

// The sittings follow one another: each starts where the last ended, the last at the checkpoint's step.
void checkChain(const ModelCard& card, const std::string& file) {
  if (card.sittings.empty()) throw Error(file + ": the card lists no sitting of training");
  for (size_t i = 0; i < card.sittings.size(); ++i) {
    const ModelSitting& s = card.sittings[i];
    const std::string what = "sittings[" + std::to_string(i) + "]";
    if (s.step < s.fromStep) throw Error(file + ": " + what + " ends at step " + std::to_string(s.step) + ", before its from_step");
    if (i == 0 && !s.from.empty()) continue;  // the chain began from a model not shipped here
    if (i > 0 && s.fromStep != card.sittings[i - 1].step) {
      throw Error(file + ": " + what + " starts at step " + std::to_string(s.fromStep) + " but the sitting before ended at " +
                  std::to_string(card.sittings[i - 1].step));
    }
    if (i > 0 && s.from.empty()) throw Error(file + ": " + what + " gives no 'from' (the checkpoint it continued)");
  }
  same(file, "the last sitting's step", std::to_string(card.sittings.back().step), std::to_string(card.step));
}

// Loads the network and asks it for a move from the start position (a short search).
void checkPlays(const ModelFolder& folder, const ModelCard& card, const CheckpointFacts& facts) {
  const auto game = gameOfModel(facts.info.model);
  // The folder's own checkpoint, not the shipped model of its name (a copy may be renamed).
  AgentSpec spec = netSpecOfModel(parseAgentSpec(card.agentSpec()), folder.checkpoint);
  spec.search.simulations = 8;
  auto player = agentMaker(spec, *game)(1);
  auto state = game->newGame();
  player->newGame();
  const Action action = player->chooseAction(*state);
  std::vector<Action> legal;
  state->legalActions(legal);
  if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
    throw Error(folder.checkpoint + ": its agent chose action " + std::to_string(action) + ", not a legal move");
  }
}

void checkStrength(const ModelFolder& folder, const ModelCard& card) {
  for (size_t i = 0; i < card.strength.size(); ++i) {
    const ModelStrength& s = card.strength[i];
    const std::string what = folder.card + ": strength[" + std::to_string(i) + "]";
    const fs::path relative(s.gamesFile);
    if (relative.is_absolute() || relative.lexically_normal().string().rfind("..", 0) == 0) {
      throw Error(what + ": games_file " + quoted(s.gamesFile) + " must lie inside the model's folder");
    }
    const AgentSpec agent = parseAgentSpec(s.agent);
    if (agent.kind != "model" || agent.source != card.name) {
      throw Error(what + ": agent " + quoted(s.agent) + " is not model:" + card.name);
    }
    const std::string path = (fs::path(folder.dir) / relative).string();
    const GameFileCheck check = checkGameFile(path);
    const PairingTally& p = pairingOf(check, s.agent, s.opponent, path);
    for (int side = 0; side < 2; ++side) {
      sameTally(what, "the results as " + p.sideNames[side] + " (as_side" + std::to_string(side) + ")", s.tally.bySide[side],
                p.tally.bySide[side]);
    }
    same(what, "the games ended by a forfeit (forfeits)", std::to_string(s.forfeits), std::to_string(p.forfeits));
  }
}

}  // namespace

CheckpointFacts checkpointFacts(const std::string& path) {
  CheckpointFacts f;
  f.info = readCheckpointInfo(path);
  f.sha256 = fileSha256Hex(path);
  f.rulesHash = rulesHash(f.info.model.rulesYaml);
  f.networkYaml = networkConfigYaml(f.info.model.network);
  return f;
}

std::string modelReadme(const ModelCard& card, const CheckpointFacts& facts) {
  const auto game = gameOfModel(facts.info.model);
  const std::string sides[2] = {game->sideName(0), game->sideName(1)};
  return modelCardMarkdown(card, facts.info.model.rulesYaml, sides);
}

void verifyModel(const ModelFolder& folder) {
  const ModelCard card = readModelCard(folder.card);
  same(folder.card, "name", card.name, folder.name);
  same(folder.card, "sha256 of model.ckpt", card.sha256, fileSha256Hex(folder.checkpoint));
  const CheckpointFacts facts = checkpointFacts(folder.checkpoint);
  same(folder.card, "variant", card.variant, facts.info.model.variant);
  same(folder.card, "rules_hash", card.rulesHash, facts.rulesHash);
  same(folder.card, "step", std::to_string(card.step), std::to_string(facts.info.step));
  same(folder.card, "network", networkConfigYaml(networkConfigFromYaml(card.networkYaml, folder.card)), facts.networkYaml);
  checkChain(card, folder.card);
  checkPlays(folder, card, facts);
  checkStrength(folder, card);
  const std::string readme = fs::is_regular_file(folder.readme) ? readRegularFile(folder.readme, "model card " + folder.readme, kMaxReadmeBytes) : "";
  if (readme != modelReadme(card, facts)) {
    throw Error(folder.readme + " is not the card as rendered: run taflzero models card " + card.name);
  }
}

}  // namespace tz

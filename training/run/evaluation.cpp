#include "training/run/evaluation.h"

#include <algorithm>
#include <map>

#include "mcts/players/player_factory.h"

namespace tz {

std::string evaluationTag(const std::string& a, const std::string& b) { return "eval|" + a + "|" + b; }

CheckpointEvaluation::CheckpointEvaluation(const Game& game, RecordStore& store, const EvaluationConfig& config,
                                           uint64_t seed, std::string device)
    : game_(game), store_(store), config_(config), seed_(seed), device_(std::move(device)) {}

PlayerMaker CheckpointEvaluation::checkpointPlayer(const std::string& path) const {
  AgentSpec spec = config_.agent;
  spec.source = path;
  spec.net.device = device_;
  spec.openingPlies = config_.randomPlies;
  return agentMaker(spec, game_);
}

PlayerMaker CheckpointEvaluation::baselinePlayer(AgentSpec spec) const {
  spec.openingPlies = config_.randomPlies;
  return agentMaker(spec, game_);
}

std::vector<PairingResult> CheckpointEvaluation::evaluate(
    const std::string& id, const std::string& path, const std::vector<std::pair<std::string, std::string>>& previous,
    const std::function<void(const GameRecord&)>& onGame) {
  std::vector<std::pair<std::string, PlayerMaker>> opponents;
  for (const auto& [prevId, prevPath] : previous) opponents.emplace_back(prevId, checkpointPlayer(prevPath));
  for (const AgentSpec& spec : config_.baselines) opponents.emplace_back(spec.text(), baselinePlayer(spec));
  std::vector<PairingResult> out;
  for (const auto& [opponent, maker] : opponents) {
    MatchOptions options;
    options.tag = evaluationTag(id, opponent);
    options.games = config_.games;
    options.seed = seed_ ^ std::hash<std::string>()(options.tag);
    runMatch(game_, checkpointPlayer(path), maker, store_, options, onGame);
    out.push_back({id, opponent, tallyMatch(store_.gamesByTag(options.tag))});
  }
  return out;
}

std::vector<RatedPlayer> CheckpointEvaluation::ratings() const {
  std::vector<std::string> ids;
  std::map<std::string, int> index;
  auto indexOf = [&](const std::string& id) {
    auto it = index.find(id);
    if (it != index.end()) return it->second;
    ids.push_back(id);
    return index[id] = int(ids.size()) - 1;
  };
  for (const AgentSpec& spec : config_.baselines) indexOf(spec.text());
  std::vector<PairResult> results;
  for (const auto& tag : store_.tags("eval|")) {
    const auto second = tag.find('|', 5);
    if (second == std::string::npos) continue;
    const std::string a = tag.substr(5, second - 5), b = tag.substr(second + 1);
    const Tally t = tallyMatch(store_.gamesByTag(tag)).overall();
    results.push_back({indexOf(a), indexOf(b), double(t.wins), double(t.draws), double(t.losses)});
  }
  std::vector<RatedPlayer> out;
  if (ids.empty()) return out;
  const auto fitted = fitRatings(int(ids.size()), results, 0);
  for (size_t i = 0; i < ids.size(); ++i) out.push_back({ids[i], fitted[i]});
  return out;
}

}  // namespace tz

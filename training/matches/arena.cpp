#include "training/matches/arena.h"

#include <yaml-cpp/yaml.h>

#include <atomic>
#include <mutex>
#include <set>

#include "game/base/error.h"
#include "game/base/run_in_threads.h"
#include "game/base/splitmix.h"
#include "game/base/yaml_difference.h"
#include "game/base/yaml_text.h"

namespace tz {

namespace {

// Independent seeds from (seed, round, player).
uint64_t mixSeed(uint64_t seed, uint64_t round, uint64_t player) {
  return splitMixHash(seed + kSplitMixGamma * (2 * round + player + 1));
}

void add(Tally& t, int result) {
  if (result > 0) ++t.wins;
  else if (result < 0) ++t.losses;
  else ++t.draws;
}

}  // namespace

GameRecord playGame(const Game& game, Player& side0, Player& side1) {
  Player* players[2] = {&side0, &side1};
  auto state = game.newGame();
  GameRecord record;
  record.variant = game.name();
  record.rules = game.rulesYaml();
  record.players[0] = side0.name();
  record.players[1] = side1.name();
  record.startPosition = state->record();
  record.startSide = state->toMove();
  side0.newGame();
  side1.newGame();
  while (!state->outcome().over) {
    const Action action = players[state->toMove()]->chooseAction(*state);
    if (!record.moves.empty()) record.moves += ' ';
    record.moves += state->actionName(action);
    record.actions.push_back(action);
    side0.observe(*state, action);
    side1.observe(*state, action);
    state->apply(action);
  }
  record.winner = state->outcome().winner;
  record.reason = state->outcome().reason;
  record.plies = int(record.actions.size());
  return record;
}

Tally MatchTally::overall() const {
  return {bySide[0].wins + bySide[1].wins, bySide[0].draws + bySide[1].draws,
          bySide[0].losses + bySide[1].losses};
}

MatchTally tallyMatch(const std::vector<GameRecord>& games) {
  MatchTally tally;
  for (const GameRecord& g : games) {
    const int sideA = g.round % 2;
    add(tally.bySide[sideA], g.winner < 0 ? 0 : g.winner == sideA ? 1 : -1);
  }
  return tally;
}

void MatchOptions::check() const {
  if (tag.empty()) throw Error("match: the tag is empty");
  if (games < 0) throw Error("match: games must be >= 0, got " + std::to_string(games));
  if (atOnce < 1 || atOnce > 256) throw Error("match: games at once must be in [1, 256], got " + std::to_string(atOnce));
}

std::string matchSettingsKey(const std::string& tag) { return "match settings|" + tag; }

std::string matchSettingsText(const MatchOptions& options) {
  return "seed=" + std::to_string(options.seed) + (options.settings.empty() ? "" : " " + options.settings);
}

int runMatch(const Game& game, const PlayerMaker& a, const PlayerMaker& b, RecordStore& store,
             const MatchOptions& options, const std::function<void(const GameRecord&)>& onGame) {
  options.check();
  const std::string nameA = a(mixSeed(options.seed, 0, 0))->name();
  const std::string nameB = b(mixSeed(options.seed, 0, 1))->name();
  const std::string settings = matchSettingsText(options);
  const std::string settingsKey = matchSettingsKey(options.tag);
  const std::optional<std::string> tagSettings = store.meta(settingsKey);
  const std::string rules = game.rulesYaml();
  std::set<int> stored;
  for (const GameRecord& g : store.gamesByTag(options.tag)) {
    const int sideA = g.round % 2;
    if (g.variant != game.name() || g.players[sideA] != nameA || g.players[1 - sideA] != nameB) {
      throw Error("tag '" + options.tag + "' already holds games of " + g.players[0] + " vs " + g.players[1] +
                  " on " + g.variant + "; use another --tag to play " + nameA + " vs " + nameB + " on " +
                  game.name());
    }
    if (g.rules != rules) {
      const std::string what = "records " + store.path() + ": tag '" + options.tag + "' round " +
                               std::to_string(g.round) + ": the stored rules";
      const auto change = firstYamlDifference(parseYamlText(g.rules, what), YAML::Load(rules));
      throw Error("tag '" + options.tag + "' holds games under other rules (" + change.value_or("rules text") +
                  "); use another --tag for other rules");
    }
    stored.insert(g.round);
  }
  if (tagSettings && *tagSettings != settings) {
    throw Error("tag '" + options.tag + "' holds games played with " + *tagSettings + ", not " + settings +
                "; use another --tag for other settings");
  }
  if (!tagSettings) store.setMeta(settingsKey, settings);
  std::vector<int> rounds;  // those not yet stored
  for (int round = 0; round < options.games; ++round)
    if (!stored.count(round)) rounds.push_back(round);
  std::mutex mutex;  // the players' making, the store's games and onGame: one thread at a time
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  int played = 0;
  runInThreads(std::min<int>(options.atOnce, int(rounds.size())), failed, [&](int) {
    for (size_t i = next++; i < rounds.size() && !failed; i = next++) {
      const int round = rounds[i];
      std::unique_ptr<Player> playerA, playerB;
      {
        std::lock_guard<std::mutex> lock(mutex);
        playerA = a(mixSeed(options.seed, uint64_t(round), 0));
        playerB = b(mixSeed(options.seed, uint64_t(round), 1));
      }
      GameRecord record = round % 2 == 0 ? playGame(game, *playerA, *playerB) : playGame(game, *playerB, *playerA);
      record.tag = options.tag;
      record.round = round;
      std::lock_guard<std::mutex> lock(mutex);
      record.id = store.addGame(record);
      ++played;
      onGame(record);
    }
  });
  return played;
}

}  // namespace tz

#pragma once
// The agents of a balance study: baseline players or network agents (trained within the
// study or loaded from earlier runs), each game's players made fresh from the game's seed,
// with the study's random opening plies as the common source of diversity.
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "game/game.h"
#include "mcts/player.h"
#include "mcts/players/random_opening_player.h"
#include "training/matches/arena.h"
#include "training/balance/balance_study.h"

namespace tz {

/// The agent of one (variant, strength) cell: a fresh player per game from that game's
/// seed. `checkpoint` is the network file in modes trained and checkpoints (loaded once and
/// shared by every game); `game` must outlive the maker.
PlayerMaker studyAgent(const StudyConfig& study, const StudyStrength& strength, const Game& game,
                       const std::string& checkpoint);

/// The network a cell's agent plays with, as the first 16 hex digits of its file's SHA-256:
/// `checkpoint` in the network modes; in mode baseline the file of a `net:` player or the
/// shipped model of a `model:` player ("" for players without a network). A model trained
/// further between two sittings of a study is another network.
std::string cellNetwork(const StudyConfig& study, const StudyStrength& strength, const std::string& checkpoint);

/// The match settings a cell's games are stored with ("cell=" and the first 16 hex digits of
/// the SHA-256 of its settings without the checkpoints' paths, so the same on any machine):
/// kept with every game, in the database and in games files, so that a study resumed from
/// imported games (`records import`) refuses games of other settings as a resumed folder does.
std::string cellMatchSettings(const nlohmann::json& settings);

/// A cell's `settings` (cellSettings; an Elo cell's "a" and "b") without the agents' `keys`.
nlohmann::json settingsWithoutAgentKeys(nlohmann::json settings, std::initializer_list<const char*> keys);

/// What a cell's games depend on (rules, agent and its network, diversity): stored with the
/// cell so that a resumed study refuses to mix games played under other settings.
nlohmann::json cellSettings(const StudyConfig& study, const StudyStrength& strength, const Game& game,
                            const std::string& checkpoint);

/// Trains the agent of `variant` (or resumes its training) in STUDY_DIR/train/ID from the
/// study's experiment with the variant's rule overrides; returns the run folder. A finished
/// training (marked by a `trained` file) is not run again.
std::string trainVariantAgent(const StudyConfig& study, const StudyVariant& variant, const std::string& studyDir,
                              bool progress);

/// The folder name of a study's rule-conditioned agent under STUDY_DIR/train/.
inline constexpr const char* kConditionedAgentId = "conditioned";

/// Trains one rule-conditioned agent on every variant of the study at once (or resumes its
/// training) in STUDY_DIR/train/conditioned from the study's experiment, each variant under
/// its id; returns the run folder. A finished training is not run again.
std::string trainConditionedAgent(const StudyConfig& study, const std::string& studyDir, bool progress);

/// The checkpoint file of a run folder that `strength` asks for: at its training step (-1:
/// the latest), or with a fraction the last one at or below that share of the latest step
/// (the first when none is); or `runOrFile` itself when it is a file (then only the latest
/// may be asked for). Throws Error when missing.
std::string findCheckpoint(const std::string& runOrFile, const StudyStrength& strength);

}  // namespace tz

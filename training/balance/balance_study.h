#pragma once
// A balance study (configs/balance/*.yaml) as plain typed structs: the base variant, the
// rule changes compared (factors, crossed into variants), the agent at each strength, the
// source of diversity between games and the precision-based stopping rule. Read with
// range checks and unknown keys rejected, and checked again by check() however filled;
// errors name the file, the key and what was expected.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "training/balance/study_families.h"
#include "training/run/experiment.h"

namespace tz {

/// One rule variant of a study: one level of every factor.
struct StudyVariant {
  std::string base;                 // preset name or absolute variant file: the study's base or a preset level's
  std::string id;                   // level names joined by '+', e.g. "defenders+strong" (tags, folders)
  std::vector<std::string> levels;  // "factor=level" per factor, for display
  std::vector<std::string> sets;    // rule overrides key=value: the study's own, then the levels'
};

/// How a study's agents are made.
enum class AgentMode {
  kBaseline,     // a baseline player spec plays both sides
  kTrained,      // an agent trained on each variant within the study
  kCheckpoints,  // an agent per variant loaded from earlier runs
  kConditioned,  // one rule-conditioned agent trained on all variants at once within the study
};

/// Whether the study trains its agents itself (modes trained and conditioned).
bool trainsAgents(AgentMode mode);

/// One agent strength: the same measurement at another search budget or checkpoint.
struct StudyStrength {
  std::string name;         // e.g. "weak"
  AgentSpec agent;          // baseline: the player (alphabeta:depth=2); trained/checkpoints: the network agent's
                            // options (`sims`, `mix`, ...; its checkpoint found per cell)
  int64_t checkpoint = -1;  // trained/checkpoints: training step of the checkpoint, -1 the latest
  double fraction = 0;      // trained/checkpoints: when > 0, the last checkpoint at or below this share of the latest step
};

/// When the games of one variant at one strength stop.
struct StoppingRule {
  int minGames = 40;        // games before the precision is first looked at
  int maxGames = 400;       // games at most
  int batch = 20;           // games between two looks at the precision
  double precision = 0.05;  // stop once the 95% half-width of the attacker score (draws half) is at most this
  double margin = 0.05;     // balance_margin: a score within 0.5 +- margin is balanced
  bool onVerdict = false;   // stop_on_verdict: also stop once the cell's verdict is settled
  int family = 1;           // cells whose verdicts are read together (cellRule sets it from the study's families; not a key)

  /// Visits the settings of the `games` section with their keys and ranges (the margin is
  /// the study's top-level balance_margin).
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("min_games", s.minGames, 1, 10000000);
    v.number("max_games", s.maxGames, 1, 10000000);
    v.number("batch", s.batch, 1, 10000000);
    v.number("precision", s.precision, 0.001, 0.5);
    v.flag("stop_on_verdict", s.onVerdict);
  }
};

/// Where games differ from one another (both sides are the same agent).
struct Diversity {
  uint64_t seed = 1;         // each game's players are seeded from (seed, round)
  int randomPlies = 0;       // the first plies of a game are uniformly random legal moves
  double temperature = 1.0;  // search agents: move choice ~ visits^(1/temperature) ...
  int temperaturePlies = 0;  // ... for this many opening plies (trained/checkpoints only)

  /// Visits the settings of the `games` section with their keys and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("seed", s.seed, 0, uint64_t(1) << 30);
    v.number("random_plies", s.randomPlies, 0, 1000);
    v.number("temperature", s.temperature, 0.01, 10);
    v.number("temperature_plies", s.temperaturePlies, 0, 1000);
  }
};

/// How the strengths are put on one Elo scale: games between every two strengths.
struct EloPlan {
  std::string variant;  // the reference variant's id (default: the first variant)
  int games = 0;        // games between every two strengths, colours alternating; 0: no Elo axis
};

/// A whole study.
struct StudyConfig {
  std::string file;                         // where it was read from
  std::string description;                  // one line for the report
  std::string base;                         // preset name or absolute variant file (empty when a factor's levels are presets)
  std::vector<std::string> factors;         // factor names, in crossing order
  std::vector<StudyVariant> variants;       // every combination of levels, first factor slowest
  AgentMode mode = AgentMode::kBaseline;    // how agents are made
  std::vector<StudyStrength> strengths;     // at least one
  std::string experiment;                   // trained, conditioned: experiment file (absolute)
  BudgetConfig budget;                      // trained, conditioned: replaces the experiment's budget when set
  std::map<std::string, std::string> checkpoints;  // checkpoints: variant id -> run folder or .ckpt file
  Diversity diversity;                      // diversity between games
  StoppingRule stopping;                    // sequential stopping and the balance margin
  EloPlan elo;                              // the Elo axis of the strengths
  std::vector<StudyFamily> families;        // the cells whose verdicts are read together; empty: every cell one family
  int workers = 1;                          // (variant, strength) cells played at once
  int gamesAtOnce = 1;                      // games of a cell played at once (a network agent's share its passes)

  /// Throws ConfigError naming the study's file, the key and the expected value for the
  /// first bad setting (ranges, and the rules between settings), however it was filled.
  void check() const;
};

/// Reads a study file; throws ConfigError naming the file, key and expected value (every
/// variant is built and every baseline player spec checked).
StudyConfig loadStudy(const std::string& path);

/// The record-store tag of a variant's games at a strength: "balance|VARIANT|STRENGTH".
std::string cellTag(const StudyVariant& variant, const StudyStrength& strength);

/// The tag of the Elo games between strengths a and b (a plays side 0 in even rounds):
/// "elo|VARIANT|A|B".
std::string eloTag(const StudyVariant& variant, const StudyStrength& a, const StudyStrength& b);

/// The index of the Elo axis's reference variant.
int eloVariantIndex(const StudyConfig& study);

/// The mode's name in study files: baseline, trained, checkpoints or conditioned.
std::string modeName(AgentMode mode);

/// The mode of a name modeName gives; throws Error for any other.
AgentMode modeFromName(const std::string& name);

/// The study as JSON (stored in the study's record store; the report reads it back).
nlohmann::json studyToJson(const StudyConfig& study);

/// A study from studyToJson's output; throws Error when a field is missing.
StudyConfig studyFromJson(const nlohmann::json& json);

}  // namespace tz

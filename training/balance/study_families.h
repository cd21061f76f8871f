#pragma once
// The families of a study's cells: the cells whose verdicts answer one question and are read
// together (Holm's procedure over the family, each cell's stopping rule spending its error at
// alpha / family size). A study file declares them with `families`: `study` (every cell one
// family, the default), `strength` (one family per strength: "which of these rule sets are
// fair for players of this strength?") or a list of {name, variants, strengths} (each list
// defaulting to all), which must hold every cell exactly once.
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace tz {

struct StudyConfig;
struct StoppingRule;
struct PlanFamily;
struct StudyVariant;
struct StudyStrength;

/// One family: its name and its cells, as indices variant * strengths + strength.
struct StudyFamily {
  std::string name;       // "study", a strength's name, or the name the study file gives
  std::vector<int> cells;  // ascending
};

/// The families `node` (the study file's `families`; null: `study`) declares for the variants
/// and strengths of `study`. Throws ConfigError naming the study's file, the key and what was
/// expected: an unknown word, variant or strength, or a cell in no family or in two.
std::vector<StudyFamily> readFamilies(const YAML::Node& node, const StudyConfig& study);

/// The study's families: those it declares, or every cell one family named "study".
std::vector<StudyFamily> familiesOf(const StudyConfig& study);

/// The family of the cell (variant, strength) of `study`; every cell one family when the study has none.
StudyFamily familyOf(const StudyConfig& study, int variant, int strength);

/// The stopping rule of the cell (variant, strength): the study's, with its family's size.
StoppingRule cellRule(const StudyConfig& study, int variant, int strength);

/// The study's families as the plan takes them: names, cells (variant@strength) and rules.
std::vector<PlanFamily> planFamilies(const StudyConfig& study);

/// The index of `variant` among the study's variants and of `strength` among its strengths.
std::pair<int, int> cellIndex(const StudyConfig& study, const StudyVariant& variant, const StudyStrength& strength);

}  // namespace tz

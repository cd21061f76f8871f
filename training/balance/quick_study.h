#pragma once
// A one-factor study from the command line (`taflzero balance --variant V --vary KEY=A,B
// --player SPEC`): the study file it stands for, written out so that it runs, resumes and is
// reported as any study file does.
#include <string>
#include <vector>

namespace tz {

/// What `balance --vary` gives.
struct QuickStudy {
  std::string variant;              // the base: a preset name or a variant file
  std::string vary;                 // "KEY=A,B[,...]": the one factor, a level per value
  std::vector<std::string> agents;  // the player specs, one strength each (both sides the same player)
  int maxGames = 200;               // games per cell at most
};

/// The study file of `quick` as YAML text: the factor {key, values}, mode baseline with a
/// strength per agent (named after its spec), 4 random opening plies, 40 to maxGames games a
/// cell looked at every 20, stopping on a verdict. A variant file is named by its absolute
/// path. Throws Error when --vary is not KEY=A,B with at least one value, or no agent is given.
std::string quickStudyYaml(const QuickStudy& quick);

/// The default folder of a quick study: studies/VARIANT-KEY (dots and slashes as '-').
std::string quickStudyFolder(const QuickStudy& quick);

}  // namespace tz

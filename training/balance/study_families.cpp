#include "training/balance/study_families.h"

#include <algorithm>
#include <map>
#include <set>

#include "game/base/config.h"
#include "game/base/error.h"
#include "training/balance/balance_study.h"
#include "training/balance/study_plan.h"

namespace tz {

namespace {

// Every cell of `study` in one family named "study".
StudyFamily wholeStudy(const StudyConfig& study) {
  StudyFamily f{"study", {}};
  for (int i = 0; i < int(study.variants.size() * study.strengths.size()); ++i) f.cells.push_back(i);
  return f;
}

// The indices of the names `list` gives (all of `known` when absent), naming `key` when one is unknown.
std::vector<int> indicesOf(const YAML::Node& list, const std::vector<std::string>& known, const std::string& file,
                           const std::string& key) {
  std::vector<int> out;
  if (!list) {
    for (int i = 0; i < int(known.size()); ++i) out.push_back(i);
    return out;
  }
  std::string names;
  for (const auto& k : known) names += (names.empty() ? "" : ", ") + k;
  if (!list.IsSequence() || list.size() == 0) throw ConfigError(file, key, "a non-empty list of names (" + names + ")");
  for (const auto& item : list) {
    const auto at = item.IsScalar() ? std::find(known.begin(), known.end(), item.as<std::string>()) : known.end();
    if (at == known.end()) throw ConfigError(file, key, "names of this study (" + names + ")");
    out.push_back(int(at - known.begin()));
  }
  return out;
}

}  // namespace

std::vector<StudyFamily> readFamilies(const YAML::Node& node, const StudyConfig& study) {
  const std::string& file = study.file;
  const int strengths = int(study.strengths.size());
  if (!node || (node.IsScalar() && node.as<std::string>() == "study")) return {wholeStudy(study)};
  if (node.IsScalar() && node.as<std::string>() == "strength") {
    std::vector<StudyFamily> out;
    for (int s = 0; s < strengths; ++s) {
      StudyFamily f{study.strengths[size_t(s)].name, {}};
      for (int v = 0; v < int(study.variants.size()); ++v) f.cells.push_back(v * strengths + s);
      out.push_back(std::move(f));
    }
    return out;
  }
  const char* expected = "`study`, `strength`, or a list of {name, variants, strengths} holding every cell once";
  if (!node.IsSequence() || node.size() == 0) throw ConfigError(file, "families", expected);
  std::vector<std::string> variantIds, strengthNames;
  for (const auto& v : study.variants) variantIds.push_back(v.id);
  for (const auto& s : study.strengths) strengthNames.push_back(s.name);
  std::vector<StudyFamily> out;
  std::map<int, std::string> owner;  // cell -> its family
  for (size_t i = 0; i < node.size(); ++i) {
    const std::string prefix = "families[" + std::to_string(i) + "]";
    ConfigReader r(node[i], file, prefix + ".");
    StudyFamily f{r.getString("name", ""), {}};
    if (f.name.empty()) throw ConfigError(file, prefix + ".name", "a name for the family");
    const std::vector<int> vs = indicesOf(r.raw("variants"), variantIds, file, prefix + ".variants");
    const std::vector<int> ss = indicesOf(r.raw("strengths"), strengthNames, file, prefix + ".strengths");
    r.finish();
    for (int v : vs)
      for (int s : ss) {
        const int cell = v * strengths + s;
        if (const auto [at, fresh] = owner.emplace(cell, f.name); !fresh) {
          throw ConfigError(file, prefix, std::string(expected) + " (" + variantIds[size_t(v)] + " @ " +
                                              strengthNames[size_t(s)] + " is in '" + at->second + "' and '" + f.name + "')");
        }
        f.cells.push_back(cell);
      }
    std::sort(f.cells.begin(), f.cells.end());
    out.push_back(std::move(f));
  }
  for (int v = 0; v < int(variantIds.size()); ++v)
    for (int s = 0; s < strengths; ++s)
      if (!owner.count(v * strengths + s)) {
        throw ConfigError(file, "families", std::string(expected) + " (" + variantIds[size_t(v)] + " @ " +
                                                strengthNames[size_t(s)] + " is in none)");
      }
  return out;
}

std::vector<StudyFamily> familiesOf(const StudyConfig& study) {
  return study.families.empty() ? std::vector<StudyFamily>{wholeStudy(study)} : study.families;
}

StudyFamily familyOf(const StudyConfig& study, int variant, int strength) {
  const int cell = variant * int(study.strengths.size()) + strength;
  for (const StudyFamily& f : study.families)
    if (std::binary_search(f.cells.begin(), f.cells.end(), cell)) return f;
  return wholeStudy(study);
}

StoppingRule cellRule(const StudyConfig& study, int variant, int strength) {
  StoppingRule rule = study.stopping;
  rule.family = int(familyOf(study, variant, strength).cells.size());
  return rule;
}

std::vector<PlanFamily> planFamilies(const StudyConfig& study) {
  const std::vector<StudyFamily> families = familiesOf(study);
  const size_t strengths = study.strengths.size();
  std::vector<PlanFamily> out;
  for (const StudyFamily& f : families) {
    PlanFamily p{f.name, {}, study.stopping};
    for (int cell : f.cells)
      p.cells.push_back(study.variants[size_t(cell) / strengths].id + "@" + study.strengths[size_t(cell) % strengths].name);
    p.rule.family = int(f.cells.size());
    out.push_back(std::move(p));
  }
  return out;
}

std::pair<int, int> cellIndex(const StudyConfig& study, const StudyVariant& variant, const StudyStrength& strength) {
  const auto v = std::find_if(study.variants.begin(), study.variants.end(),
                              [&](const StudyVariant& x) { return x.id == variant.id; });
  const auto s = std::find_if(study.strengths.begin(), study.strengths.end(),
                              [&](const StudyStrength& x) { return x.name == strength.name; });
  if (v == study.variants.end() || s == study.strengths.end()) {
    throw Error("cell '" + variant.id + " @ " + strength.name + "' is not a cell of study " + study.file);
  }
  return {int(v - study.variants.begin()), int(s - study.strengths.begin())};
}

}  // namespace tz

#include "training/balance/quick_study.h"

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <filesystem>
#include <set>

#include "game/base/error.h"

namespace tz {

namespace {

namespace fs = std::filesystem;

// `text` as a study name: letters, digits, '_', '.' and '-' kept, anything else as '-'.
std::string nameOf(const std::string& text) {
  std::string name;
  for (char c : text) name += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ? c : '-';
  return name;
}

// The key and values of "KEY=A,B,...".
std::pair<std::string, std::vector<std::string>> splitVary(const std::string& vary) {
  const size_t eq = vary.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == vary.size()) {
    throw Error("--vary: expected KEY=VALUE,VALUE (a rule key and its values, e.g. first=defenders,attackers), got " +
                quoted(vary));
  }
  std::vector<std::string> values;
  std::string rest = vary.substr(eq + 1) + ",";
  for (size_t at = 0, comma; (comma = rest.find(',', at)) != std::string::npos; at = comma + 1) {
    if (comma == at) throw Error("--vary: an empty value in " + quoted(vary));
    values.push_back(rest.substr(at, comma - at));
  }
  return {vary.substr(0, eq), values};
}

}  // namespace

std::string quickStudyYaml(const QuickStudy& quick) {
  const auto [key, values] = splitVary(quick.vary);
  if (quick.agents.empty()) throw Error("--vary: give the player of both sides with --player SPEC");
  const std::string base = fs::exists(quick.variant) ? fs::absolute(quick.variant).string() : quick.variant;
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "description" << YAML::Value << base + ": " + key + " varied (taflzero balance --vary)";
  out << YAML::Key << "base" << YAML::Value << base;
  out << YAML::Key << "factors" << YAML::Value << YAML::BeginSeq << YAML::Flow << YAML::BeginMap << YAML::Key << "key"
      << YAML::Value << key << YAML::Key << "values" << YAML::Value << values << YAML::EndMap << YAML::EndSeq;
  out << YAML::Key << "agent" << YAML::Value << YAML::BeginMap << YAML::Key << "mode" << YAML::Value << "baseline";
  out << YAML::Key << "strengths" << YAML::Value << YAML::BeginSeq;
  std::set<std::string> names;
  for (const std::string& agent : quick.agents) {
    std::string name = nameOf(agent);
    for (int n = 2; !names.insert(name).second; ++n) name = nameOf(agent) + "-" + std::to_string(n);
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << name << YAML::Key << "player"
        << YAML::Value << agent << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  out << YAML::Key << "games" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "seed" << YAML::Value << 1 << YAML::Key << "random_plies" << YAML::Value << 4;
  out << YAML::Key << "min_games" << YAML::Value << std::min(40, quick.maxGames) << YAML::Key << "max_games"
      << YAML::Value << quick.maxGames;
  out << YAML::Key << "batch" << YAML::Value << 20 << YAML::Key << "precision" << YAML::Value << std::string("0.05");
  out << YAML::Key << "stop_on_verdict" << YAML::Value << true << YAML::EndMap;
  out << YAML::Key << "workers" << YAML::Value << 2;
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

std::string quickStudyFolder(const QuickStudy& quick) {
  const std::string stem = fs::path(quick.variant).stem().string();
  return "studies/" + nameOf(stem) + "-" + nameOf(splitVary(quick.vary).first);
}

}  // namespace tz

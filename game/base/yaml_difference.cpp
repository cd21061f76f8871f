#include "game/base/yaml_difference.h"

#include <yaml-cpp/yaml.h>

#include <set>

namespace tz {

namespace {

// A node on one line for a message: scalars as they are, the rest in YAML flow style.
std::string brief(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "(absent)";
  if (node.IsScalar()) return node.Scalar();
  YAML::Emitter out;
  out << YAML::Flow << node;
  return out.c_str();
}

std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

std::optional<std::string> differ(const YAML::Node& a, const YAML::Node& b, const std::string& path) {
  const auto report = [&] { return (path.empty() ? std::string("(document)") : path) + ": " + brief(a) + " -> " + brief(b); };
  const bool aMissing = !a.IsDefined() || a.IsNull(), bMissing = !b.IsDefined() || b.IsNull();
  if (aMissing || bMissing) return aMissing && bMissing ? std::nullopt : std::optional<std::string>(report());
  if (a.Type() != b.Type()) return report();
  if (a.IsScalar()) return a.Scalar() == b.Scalar() ? std::nullopt : std::optional<std::string>(report());
  if (a.IsSequence()) {
    if (a.size() != b.size()) return report();
    for (size_t i = 0; i < a.size(); ++i) {
      if (auto d = differ(a[i], b[i], path + "[" + std::to_string(i) + "]")) return d;
    }
    return std::nullopt;
  }
  std::set<std::string> seen;
  for (const auto& entry : a) {
    const std::string key = entry.first.Scalar();
    seen.insert(key);
    if (auto d = differ(entry.second, b[key], join(path, key))) return d;
  }
  for (const auto& entry : b) {
    const std::string key = entry.first.Scalar();
    if (!seen.count(key)) {
      if (auto d = differ(a[key], entry.second, join(path, key))) return d;
    }
  }
  return std::nullopt;
}

void flattenInto(const YAML::Node& node, const std::string& prefix, std::map<std::string, std::string>& out) {
  if (node.IsMap()) {
    for (const auto& kv : node) flattenInto(kv.second, prefix + kv.first.as<std::string>() + ".", out);
    return;
  }
  const std::string key = prefix.empty() ? "(value)" : prefix.substr(0, prefix.size() - 1);
  out[key] = node.IsScalar() ? node.Scalar() : brief(node);
}

}  // namespace

std::map<std::string, std::string> flattenYaml(const YAML::Node& node) {
  std::map<std::string, std::string> out;
  flattenInto(node, "", out);
  return out;
}

std::optional<std::string> firstYamlDifference(const YAML::Node& before, const YAML::Node& after) {
  return differ(before, after, "");
}

}  // namespace tz

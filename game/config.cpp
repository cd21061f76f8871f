#include "game/config.h"

#include <filesystem>

#include <sstream>

#include "game/error.h"

namespace tz {

namespace {

std::string joinChoices(const std::vector<std::string>& choices) {
  std::string out;
  for (size_t i = 0; i < choices.size(); ++i) out += (i ? " | " : "") + choices[i];
  return "one of " + out;
}

// Sets root[p0][p1]...[pn] = value, creating maps on the way. Recursion keeps every
// yaml-cpp handle bound once (assigning to a bound Node would overwrite its target).
void setPath(YAML::Node node, const std::vector<std::string>& parts, size_t i,
             const YAML::Node& value) {
  if (i + 1 == parts.size()) {
    node[parts[i]] = value;
    return;
  }
  if (!node[parts[i]] || !node[parts[i]].IsMap()) node[parts[i]] = YAML::Node(YAML::NodeType::Map);
  setPath(node[parts[i]], parts, i + 1, value);
}

}  // namespace

ConfigReader::ConfigReader(YAML::Node node, std::string file, std::string prefix)
    : node_(std::move(node)), file_(std::move(file)), prefix_(std::move(prefix)) {
  if (node_ && !node_.IsNull() && !node_.IsMap()) {
    throw ConfigError(file_, prefix_.empty() ? "(top level)" : prefix_.substr(0, prefix_.size() - 1),
                      "a map of keys to values");
  }
}

bool ConfigReader::has(const std::string& key) const {
  return node_ && node_.IsMap() && node_[key];
}

YAML::Node ConfigReader::raw(const std::string& key) {
  read_.insert(key);
  if (!has(key)) return YAML::Node(YAML::NodeType::Undefined);  // falsy: a default Node() is a defined null
  return node_[key];
}

int ConfigReader::getInt(const std::string& key, int def, int lo, int hi) {
  YAML::Node n = raw(key);
  int v = def;
  if (n) {
    try {
      v = n.as<int>();
    } catch (const YAML::Exception&) {
      throw ConfigError(file_, path(key), "an integer in [" + std::to_string(lo) + ", " +
                                              std::to_string(hi) + "]");
    }
  }
  if (v < lo || v > hi) {
    throw ConfigError(file_, path(key), "an integer in [" + std::to_string(lo) + ", " +
                                            std::to_string(hi) + "], got " + std::to_string(v));
  }
  return v;
}

double ConfigReader::getDouble(const std::string& key, double def, double lo, double hi) {
  YAML::Node n = raw(key);
  double v = def;
  std::ostringstream range;
  range << "a number in [" << lo << ", " << hi << "]";
  if (n) {
    try {
      v = n.as<double>();
    } catch (const YAML::Exception&) {
      throw ConfigError(file_, path(key), range.str());
    }
  }
  if (!(v >= lo && v <= hi)) {
    std::ostringstream got;
    got << range.str() << ", got " << v;
    throw ConfigError(file_, path(key), got.str());
  }
  return v;
}

bool ConfigReader::getBool(const std::string& key, bool def) {
  YAML::Node n = raw(key);
  if (!n) return def;
  try {
    return n.as<bool>();
  } catch (const YAML::Exception&) {
    throw ConfigError(file_, path(key), "true or false");
  }
}

std::string ConfigReader::getString(const std::string& key, const std::string& def) {
  YAML::Node n = raw(key);
  if (!n || n.IsNull()) return def;
  if (!n.IsScalar()) throw ConfigError(file_, path(key), "a string");
  return n.as<std::string>();
}

std::string ConfigReader::getChoice(const std::string& key, const std::string& def,
                                    const std::vector<std::string>& choices) {
  YAML::Node n = raw(key);
  if (!n) return def;
  std::string v = n.IsScalar() ? n.as<std::string>() : std::string();
  for (const auto& c : choices) {
    if (c == v) return v;
  }
  throw ConfigError(file_, path(key), joinChoices(choices) + (v.empty() ? "" : ", got '" + v + "'"));
}

std::vector<std::string> ConfigReader::getStrings(const std::string& key,
                                                  const std::vector<std::string>& def) {
  YAML::Node n = raw(key);
  if (!n) return def;
  if (!n.IsSequence()) throw ConfigError(file_, path(key), "a list");
  std::vector<std::string> out;
  for (const auto& item : n) {
    if (!item.IsScalar()) throw ConfigError(file_, path(key), "a list of strings");
    out.push_back(item.as<std::string>());
  }
  return out;
}

ConfigReader ConfigReader::child(const std::string& key) {
  return ConfigReader(raw(key), file_, prefix_ + key + ".");
}

void ConfigReader::finish() const {
  if (!node_ || !node_.IsMap()) return;
  for (const auto& kv : node_) {
    if (!kv.first.IsScalar()) throw ConfigError(file_, prefix_ + "(a key)", "a name, not a list or a map");
    std::string key = kv.first.as<std::string>();
    if (!read_.count(key)) {
      throw ConfigError(file_, path(key), "no such key (unknown setting)");
    }
  }
}

YAML::Node loadYamlFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error(path + ": is a directory, not a YAML file");
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec)) {
    throw Error(path + ": is not a regular file (a device or a pipe), not a YAML file");
  }
  try {
    return YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    throw Error(path + ": cannot open file");
  } catch (const YAML::Exception& e) {
    throw Error(path + ": malformed YAML: " + e.what());
  }
}

void applyOverrides(YAML::Node& root, const std::vector<std::string>& overrides) {
  for (const auto& item : overrides) {
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw Error("--set '" + item + "': expected key=value, e.g. king.capture=strong");
    }
    std::string key = item.substr(0, eq);
    YAML::Node value;
    try {
      value = YAML::Load(item.substr(eq + 1));
    } catch (const YAML::Exception& e) {
      throw Error("--set '" + item + "': value is not valid YAML: " + e.what());
    }
    std::vector<std::string> parts;
    std::stringstream ss(key);
    for (std::string part; std::getline(ss, part, '.');) parts.push_back(part);
    setPath(root, parts, 0, value);
  }
}

}  // namespace tz

#include "game/base/config.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "game/base/error.h"
#include "game/base/user_files.h"
#include "game/base/yaml_text.h"

namespace tz {

namespace {

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

bool ConfigReader::holds(const std::string& key) const {
  return node_ && node_.IsMap() && node_[key];
}

bool ConfigReader::has(const std::string& key) const {
  if (holds(key)) return true;
  if (old_)
    for (const auto& [before, now] : *old_)
      if (now == key && holds(before)) return true;
  return false;
}

std::string ConfigReader::spelled(const std::string& key) {
  if (!old_) return key;
  for (const auto& [before, now] : *old_) {
    if (now != key || !holds(before)) continue;
    if (holds(key)) throw ConfigError(file_, path(before), "no value: it is the old spelling of " + path(key) + ", given too");
    if (read_.insert(before).second) {
      std::fprintf(stderr, "%s: %s is spelled %s now; read as that\n", file_.c_str(), path(before).c_str(),
                   path(key).c_str());
    }
    return before;
  }
  return key;
}

YAML::Node ConfigReader::raw(const std::string& key) {
  read_.insert(key);
  const std::string given = spelled(key);
  if (!holds(given)) return YAML::Node(YAML::NodeType::Undefined);  // falsy: a default Node() is a defined null
  return node_[given];
}

template <class T>
T ConfigReader::getNumber(const std::string& key, T def, T lo, T hi) {
  YAML::Node n = raw(key);
  T v = def;
  const std::string range = std::is_integral_v<T> ? rangeText(int64_t(lo), int64_t(hi)) : rangeText(double(lo), double(hi));
  if (n) {
    try {
      v = n.as<T>();
    } catch (const YAML::Exception&) {
      throw ConfigError(file_, path(key), range);
    }
  }
  if (!(v >= lo && v <= hi)) {
    const std::string got = std::is_integral_v<T> ? valueText(int64_t(v)) : valueText(double(v));
    throw ConfigError(file_, path(key), range + ", got " + got);
  }
  return v;
}

template int ConfigReader::getNumber<int>(const std::string&, int, int, int);
template int64_t ConfigReader::getNumber<int64_t>(const std::string&, int64_t, int64_t, int64_t);
template uint64_t ConfigReader::getNumber<uint64_t>(const std::string&, uint64_t, uint64_t, uint64_t);
template float ConfigReader::getNumber<float>(const std::string&, float, float, float);
template double ConfigReader::getNumber<double>(const std::string&, double, double, double);

int ConfigReader::getInt(const std::string& key, int def, int lo, int hi) { return getNumber(key, def, lo, hi); }

double ConfigReader::getDouble(const std::string& key, double def, double lo, double hi) {
  return getNumber(key, def, lo, hi);
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
  throw ConfigError(file_, path(key), choicesText(choices) + (v.empty() ? "" : ", got " + tz::quoted(v)));
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
  ConfigReader reader(raw(key), file_, prefix_ + key + ".");
  reader.old_ = old_;
  return reader;
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

bool namesFile(const std::string& value) {
  return value.find('/') != std::string::npos || std::filesystem::path(value).extension() == ".yaml";
}

std::string resolveFile(const std::string& value, const std::string& configPath) {
  if (!namesFile(value)) return value;
  const std::filesystem::path folder = std::filesystem::path(configPath).parent_path();
  return std::filesystem::absolute(folder / value).lexically_normal().string();
}

YAML::Node loadYamlFile(const std::string& path) {
  return parseYamlText(readRegularFile(path, "YAML file " + path, kMaxYamlFileBytes), path);
}

std::string overrideName(const std::string& override) { return "--set " + quoted(override); }

std::string overrideKey(const std::string& override) {
  const size_t eq = override.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw Error(overrideName(override) + ": expected key=value, e.g. king.capture=strong");
  }
  return override.substr(0, eq);
}

const std::string* overrideOf(const std::vector<std::string>& overrides, const std::string& key) {
  const auto under = [](const std::string& inner, const std::string& outer) {
    return inner.size() > outer.size() && inner.compare(0, outer.size() + 1, outer + ".") == 0;
  };
  const std::string* found = nullptr;
  for (const auto& item : overrides) {
    const std::string set = overrideKey(item);
    if (set == key || under(key, set) || under(set, key)) found = &item;
  }
  return found;
}

void applyOverrides(YAML::Node& root, const std::vector<std::string>& overrides) {
  for (const auto& item : overrides) {
    const std::string key = overrideKey(item);
    const YAML::Node value = parseYamlText(item.substr(key.size() + 1), overrideName(item) + ": value");
    std::vector<std::string> parts;
    std::stringstream ss(key);
    for (std::string part; std::getline(ss, part, '.');) parts.push_back(part);
    setPath(root, parts, 0, value);
  }
}

}  // namespace tz

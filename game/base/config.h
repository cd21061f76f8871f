#pragma once
// Typed, validated reading of YAML config maps: every value is range-checked, every key
// must be known, and every error names the file, the key and what was expected.
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "game/base/config_fields.h"

namespace tz {

/// Reads one YAML map. Call finish() after the last read to reject unknown keys.
class ConfigReader {
 public:
  /// Reads `node` (a map) from `file`; `prefix` is the dotted path of the node ("king.").
  ConfigReader(YAML::Node node, std::string file, std::string prefix = "");

  /// Whether the key is present.
  bool has(const std::string& key) const;
  /// An integer in [lo, hi]; `def` if absent.
  int getInt(const std::string& key, int def, int lo, int hi);
  /// A number in [lo, hi]; `def` if absent.
  double getDouble(const std::string& key, double def, double lo, double hi);
  /// A value of type T (int, int64_t or double) in [lo, hi]; `def` if absent.
  template <class T>
  T getNumber(const std::string& key, T def, T lo, T hi);
  /// A boolean; `def` if absent.
  bool getBool(const std::string& key, bool def);
  /// A string; `def` if absent.
  std::string getString(const std::string& key, const std::string& def);
  /// One of `choices`; `def` if absent.
  std::string getChoice(const std::string& key, const std::string& def,
                        const std::vector<std::string>& choices);
  /// A list of strings; `def` if absent.
  std::vector<std::string> getStrings(const std::string& key,
                                      const std::vector<std::string>& def);
  /// The raw node of a key (marked as read); a null node if absent.
  YAML::Node raw(const std::string& key);
  /// A reader for a nested map; an empty map if absent.
  ConfigReader child(const std::string& key);
  /// Throws ConfigError for the first key that was never read.
  void finish() const;
  /// Reads a key the map gives under an old spelling in `old` (which outlives this reader)
  /// as its name now, with a one-line hint on stderr; both spellings given is an error. The
  /// readers of nested maps (child) take the same table.
  void acceptOldSpellings(const OldSpellings* old) { old_ = old; }

  /// The dotted name of a key ("king.capture"), for messages.
  std::string path(const std::string& key) const { return prefix_ + key; }
  /// The file being read, for messages.
  const std::string& file() const { return file_; }

 private:
  YAML::Node node_;
  std::string file_;
  std::string prefix_;
  std::set<std::string> read_;
  const OldSpellings* old_ = nullptr;

  // Whether the map holds `key` as spelled.
  bool holds(const std::string& key) const;
  // The spelling under which the map gives `key`: its old one where only that is given (the
  // first time, with the hint), else `key`.
  std::string spelled(const std::string& key);
};

/// Reads each visited field from a map, the field's current value as its default (the
/// reading half of a struct's `fields` list, see game/base/config_fields.h).
class FieldReader {
 public:
  /// Reads from `reader` (finish() stays the caller's).
  explicit FieldReader(ConfigReader& reader) : reader_(reader) {}
  /// A number in [lo, hi].
  template <class T>
  void number(const char* key, T& value, typename NonDeduced<T>::type lo, typename NonDeduced<T>::type hi) {
    value = reader_.getNumber<T>(key, value, lo, hi);
  }
  /// One of `choices`.
  void choice(const char* key, std::string& value, const std::vector<std::string>& choices) {
    value = reader_.getChoice(key, value, choices);
  }
  /// A boolean.
  void flag(const char* key, bool& value) { value = reader_.getBool(key, value); }

 private:
  ConfigReader& reader_;
};

/// Reads all fields a struct type lists in `S::fields` from `reader` into `options`.
template <class S>
void readFields(ConfigReader& reader, S& options) {
  FieldReader fieldReader(reader);
  S::fields(options, fieldReader);
}

/// Whether a variant or network value names a file (it has a '/' or ends in .yaml) rather
/// than a preset: the one rule for "preset name or file path".
bool namesFile(const std::string& value);

/// A variant or network value read from the config file at `configPath`: a file made
/// absolute from that file's folder, a preset name unchanged.
std::string resolveFile(const std::string& value, const std::string& configPath);

/// Loads a YAML file; throws Error naming the file when it is missing or malformed.
YAML::Node loadYamlFile(const std::string& path);

/// How messages name an "a.b.c=value" override: "--set 'a.b.c=value'" (quoted).
std::string overrideName(const std::string& override);

/// The dotted key of an "a.b.c=value" override ("a.b.c"); throws Error naming the override
/// when it is not of that form.
std::string overrideKey(const std::string& override);

/// The override (the last, as it wins) that set the dotted `key`, a map above it or a key
/// below it; null when none did. Errors about that key are the override's.
const std::string* overrideOf(const std::vector<std::string>& overrides, const std::string& key);

/// Applies "a.b.c=value" overrides to a YAML map (value parsed as YAML); throws Error
/// when an override is not of that form.
void applyOverrides(YAML::Node& root, const std::vector<std::string>& overrides);

}  // namespace tz

#pragma once
// The writing half of a fields list (game/base/config_fields.h): each visited field as
// `key: value` on a YAML emitter, so that the one list that reads a struct also writes it.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "game/base/config_fields.h"

namespace tz {

/// Emits each visited field as a key and its value into the open map of `out`.
class FieldWriter {
 public:
  /// Writes into `out`, inside a map the caller has begun.
  explicit FieldWriter(YAML::Emitter& out) : out_(out) {}
  /// A number.
  template <class T>
  void number(const char* key, const T& value, typename NonDeduced<T>::type, typename NonDeduced<T>::type) {
    out_ << YAML::Key << key << YAML::Value << value;
  }
  /// A choice, as its name.
  void choice(const char* key, const std::string& value, const std::vector<std::string>&) {
    out_ << YAML::Key << key << YAML::Value << value;
  }
  /// A boolean, as true or false.
  void flag(const char* key, const bool& value) { out_ << YAML::Key << key << YAML::Value << value; }

 private:
  YAML::Emitter& out_;
};

/// Writes every field `S::fields` lists of `options` into the open map of `out`.
template <class S>
void writeFields(YAML::Emitter& out, const S& options) {
  FieldWriter writer(out);
  S::fields(options, writer);
}

}  // namespace tz

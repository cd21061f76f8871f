#pragma once
// A fields list (game/base/config_fields.h) as a JSON object, both ways: what a struct's
// list reads from YAML is also what it stores in and reads back from JSON metadata.
#include <nlohmann/json.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include "game/base/config_fields.h"
#include "game/base/error.h"

namespace tz {

/// Puts each visited field into a JSON object under its key.
class FieldJsonWriter {
 public:
  /// Writes into the object `out`.
  explicit FieldJsonWriter(nlohmann::json& out) : out_(out) {}
  /// A number.
  template <class T>
  void number(const char* key, const T& value, typename NonDeduced<T>::type, typename NonDeduced<T>::type) {
    out_[key] = value;
  }
  /// A choice, as its name.
  void choice(const char* key, const std::string& value, const std::vector<std::string>&) { out_[key] = value; }
  /// A boolean.
  void flag(const char* key, const bool& value) { out_[key] = value; }

 private:
  nlohmann::json& out_;
};

/// Takes each visited field from a JSON object, where every key must be present with a value
/// of the field's type (the ranges are checkFields's); throws Error naming `what` and the key.
class FieldJsonReader {
 public:
  /// Reads from the object `in`; `what` names it in errors ("checkpoint x.ckpt: optimizer").
  FieldJsonReader(const nlohmann::json& in, std::string what) : in_(in), what_(std::move(what)) {}
  /// A number.
  template <class T>
  void number(const char* key, T& value, typename NonDeduced<T>::type, typename NonDeduced<T>::type) {
    const bool typed = in_.contains(key) && (std::is_integral_v<T> ? in_.at(key).is_number_integer() : in_.at(key).is_number());
    read(key, value, typed);
  }
  /// A choice, by its name (checked against the choices by checkFields).
  void choice(const char* key, std::string& value, const std::vector<std::string>&) {
    read(key, value, in_.contains(key) && in_.at(key).is_string());
  }
  /// A boolean.
  void flag(const char* key, bool& value) { read(key, value, in_.contains(key) && in_.at(key).is_boolean()); }

 private:
  template <class T>
  void read(const char* key, T& value, bool typed) {
    if (!in_.is_object() || !typed) throw Error(what_ + ": key " + quoted(key) + " missing or of another type");
    value = in_.at(key).get<T>();
  }
  const nlohmann::json& in_;
  std::string what_;
};

/// The fields `S::fields` lists of `options` as a JSON object.
template <class S>
nlohmann::json fieldsToJson(const S& options) {
  nlohmann::json out = nlohmann::json::object();
  FieldJsonWriter writer(out);
  S::fields(options, writer);
  return out;
}

/// Reads every field `S::fields` lists from the JSON object `in` into `options`, then checks
/// their ranges; throws Error (ConfigError for a range) naming `what` and the key.
template <class S>
void fieldsFromJson(const nlohmann::json& in, S& options, const std::string& what) {
  FieldJsonReader reader(in, what);
  S::fields(options, reader);
  checkFields(options, what, "");
}

}  // namespace tz

#include "mcts/players/agent_spec.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <type_traits>

#include <yaml-cpp/yaml.h>

#include "game/base/config.h"
#include "game/base/config_fields.h"
#include "game/base/error.h"
#include "mcts/players/agent_kinds.h"

namespace tz {

namespace {

// Reads the options of a spec text into the fields that name them, with their ranges.
class SpecReader {
 public:
  SpecReader(std::string spec, std::map<std::string, std::string> values)
      : spec_(std::move(spec)), values_(std::move(values)) {}

  template <class T, class L>
  void number(const char* name, T& value, L lo, L hi) {
    read(name, value, T(lo), T(hi));
  }
  void flag(const char* name, bool& value) {
    int v = value ? 1 : 0;
    read(name, v, 0, 1);
    value = v == 1;
  }
  void text(const char* name, std::string& value) {
    visited_.insert(name);
    const auto it = values_.find(name);
    if (it != values_.end()) value = it->second;
  }

  // Throws Error naming an option no field took.
  void finish() const {
    for (const auto& [name, value] : values_) {
      if (visited_.count(name)) continue;
      std::string known;
      for (const auto& k : visited_) known += (known.empty() ? "" : ", ") + k;
      throw Error("player " + quoted(spec_) + ": unknown option " + quoted(name) +
                  (known.empty() ? " (this player takes none)" : " (expected " + known + ")"));
    }
  }

 private:
  // The option `name` when given, checked to be a number of T's sort in [lo, hi].
  template <class T>
  void read(const std::string& name, T& value, T lo, T hi) {
    visited_.insert(name);
    const auto it = values_.find(name);
    if (it == values_.end()) return;
    const std::string& text = it->second;
    size_t end = 0;
    double v = 0;
    try {
      v = std::is_integral_v<T> ? double(std::stol(text, &end)) : std::stod(text, &end);
    } catch (const std::exception&) {
      end = 0;
    }
    if (end == 0 || end != text.size() || !(v >= double(lo) && v <= double(hi))) {
      const std::string range = std::is_integral_v<T> ? rangeText(int64_t(lo), int64_t(hi)) : rangeText(double(lo), double(hi));
      throw Error("player " + quoted(spec_) + ": option " + quoted(name) + " = " + quoted(text) + ": expected " + range);
    }
    value = T(v);
  }

  std::string spec_;
  std::map<std::string, std::string> values_;
  std::set<std::string> visited_;
};

// The shortest text that reads back as `value` in T's precision.
template <class T>
std::string shortest(T value) {
  char text[40];
  if (std::abs(double(value)) < 1e15 && double(value) == double(int64_t(value))) {
    std::snprintf(text, sizeof text, "%.0f", double(value));
    return text;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, double(value));
    if (T(std::strtod(text, nullptr)) == value) break;
  }
  return text;
}

// Writes every field's value as a spec gives it.
struct SpecPrinter {
  template <class T, class L>
  void number(const char* name, const T& value, L, L) {
    texts[name] = std::is_integral_v<T> ? std::to_string(int64_t(value)) : shortest(value);
  }
  void flag(const char* name, const bool& value) { texts[name] = value ? "1" : "0"; }
  void text(const char* name, const std::string& value) { texts[name] = value; }

  std::map<std::string, std::string> texts;  // by option name
};

// Reads the options of a YAML map into the fields that name them, with their ranges.
class YamlOptionReader {
 public:
  YamlOptionReader(ConfigReader& reader, AgentSpec& spec) : reader_(reader), spec_(spec) {}

  template <class T, class L>
  void number(const char* name, T& value, L lo, L hi) {
    if (present(name)) value = reader_.getNumber<T>(name, value, T(lo), T(hi));
  }
  void flag(const char* name, bool& value) {  // 0 or 1 as in a spec, or true or false
    if (!present(name)) return;
    const YAML::Node node = reader_.raw(name);
    const std::string text = node.IsScalar() ? node.as<std::string>() : "";
    value = text == "0" || text == "1" ? text == "1" : reader_.getBool(name, value);
  }
  void text(const char* name, std::string& value) {
    if (present(name)) value = reader_.getString(name, value);
  }

 private:
  // Whether the map gives `name`; if so, the spec records it as given.
  bool present(const std::string& name) {
    if (!reader_.has(name)) return false;
    if (!spec_.gave(name)) spec_.given.push_back(name);
    return true;
  }

  ConfigReader& reader_;
  AgentSpec& spec_;
};

// The comma-separated key=value items of `options`, checked, in their order.
std::vector<std::pair<std::string, std::string>> itemsOf(const std::string& spec, const std::string& options) {
  std::vector<std::pair<std::string, std::string>> items;
  if (options.empty()) return items;
  std::istringstream in(options);
  for (std::string item; std::getline(in, item, ',');) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw Error("player " + quoted(spec) + ": option " + quoted(item) + " is not of the form key=value");
    }
    const std::string name = item.substr(0, eq);
    for (const auto& seen : items) {
      if (seen.first == name) throw Error("player " + quoted(spec) + ": option " + quoted(name) + " given twice");
    }
    items.emplace_back(name, item.substr(eq + 1));
  }
  if (options.back() == ',') throw Error("player " + quoted(spec) + ": option '' is not of the form key=value");
  return items;
}

}  // namespace

bool AgentSpec::gave(const std::string& name) const {
  return std::find(given.begin(), given.end(), name) != given.end();
}

std::vector<std::pair<std::string, std::string>> AgentSpec::options() const {
  SpecPrinter printer;
  visitAgentOptions(agentKind(kind, kind).options, *this, printer);
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& name : given) out.emplace_back(name, printer.texts[name]);
  return out;
}

std::string AgentSpec::text() const {
  std::string argument = source;
  for (const auto& [name, value] : options()) argument += (argument.empty() ? "" : ",") + name + "=" + value;
  return argument.empty() ? kind : kind + ":" + argument;
}

AgentSpec parseAgentSpec(const std::string& text) {
  const size_t colon = text.find(':');
  AgentSpec spec;
  spec.kind = text.substr(0, colon);
  const std::string argument = colon == std::string::npos ? "" : text.substr(colon + 1);
  const AgentKind kind = agentKind(spec.kind, text);
  kind.defaults(spec);
  std::string options = argument;
  if (kind.source != AgentKind::Source::kNone) {
    const size_t end = kind.source == AgentKind::Source::kWhole ? std::string::npos : argument.find(',');
    spec.source = argument.substr(0, end);
    options = end == std::string::npos ? "" : argument.substr(end + 1);
    if (spec.source.empty()) throw Error("player " + quoted(text) + ": expected " + kind.usage);
  }
  // The source's measured options first, each overridden by the same option in the text.
  std::vector<std::pair<std::string, std::string>> items;
  if (kind.measuredOptions) items = itemsOf(text, kind.measuredOptions(spec.source));
  for (const auto& item : itemsOf(text, options)) {
    const auto same = std::find_if(items.begin(), items.end(), [&](const auto& i) { return i.first == item.first; });
    if (same == items.end()) items.push_back(item);
    else same->second = item.second;
  }
  std::map<std::string, std::string> values;
  for (const auto& [name, value] : items) {
    values[name] = value;
    spec.given.push_back(name);
  }
  SpecReader reader(text, values);
  visitAgentOptions(kind.options, spec, reader);
  reader.finish();
  kind.settle(spec);
  return spec;
}

std::string recordedName(const AgentSpec& spec, const std::string& text) {
  return agentKind(spec.kind, text).measuredOptions ? spec.text() : text;
}

void readAgentOptions(ConfigReader& reader, const AgentKind& kind, AgentSpec& spec) {
  YamlOptionReader options(reader, spec);
  visitAgentOptions(kind.options, spec, options);
  kind.settle(spec);
}

void checkAgentOptions(const AgentKind& kind, const AgentSpec& spec, const std::string& file, const std::string& prefix) {
  const FieldChecker checker(file, prefix);
  visitAgentOptions(kind.options, spec, checker);
}

}  // namespace tz

#pragma once
// Flags generated from a field list (the static fields(self, visitor) of a settings struct,
// docs/ARCHITECTURE.md): each setting is its flag (flagOf: "virtual_loss" -> --virtual-loss),
// a number checked against the list's range in the words every front end uses ("expected a
// number in [0.01, 100], got 1000"), a flag on or off, so that a command line writes no
// setting's name or range a second time; only the help texts are the command's own.
#include <CLI/CLI.hpp>

#include <map>
#include <string>
#include <type_traits>

#include "cli/flag_spellings.h"
#include "game/base/config_fields.h"

namespace tz::cli {

/// What a command says of a setting's flag beyond its name and range.
struct FlagText {
  std::string help;       // the flag's help ("" : its range alone)
  std::string shortName;  // another name for it, e.g. "-n" ("": none)
};

/// The command line's check of a number against `range`.
CLI::Validator rangeCheck(const FieldRange& range);

/// A visitor of a field list that adds every setting it visits to a subcommand as its flag,
/// with its default shown.
class FieldFlags {
 public:
  /// Adds to `cmd` the settings visited, each with its text from `texts` (by setting name).
  FieldFlags(CLI::App* cmd, std::map<std::string, FlagText> texts) : cmd_(cmd), texts_(std::move(texts)) {}

  /// A number in [lo, hi]: an option checked against the range.
  template <class T, class L>
  void number(const char* name, T& value, L lo, L hi) {
    const FieldRange range{name, double(lo), double(hi), std::is_integral_v<T>};
    const FlagText text = textOf(name);
    cmd_->add_option(flagOf(name) + (text.shortName.empty() ? "" : "," + text.shortName), value,
                     text.help.empty() ? "A setting: " + range.text() : text.help)
        ->capture_default_str()
        ->check(rangeCheck(range));
  }
  /// A flag: on when given (--gumbel), or as given (--gumbel-rescale=false).
  void flag(const char* name, bool& value);

 private:
  // The command's text of the setting `name` (none given: empty).
  FlagText textOf(const std::string& name) const;

  CLI::App* cmd_;
  std::map<std::string, FlagText> texts_;
};

}  // namespace tz::cli

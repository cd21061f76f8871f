#include "cli/field_flags.h"

namespace tz::cli {

CLI::Validator rangeCheck(const FieldRange& range) {
  return CLI::Validator(
      [range](std::string& text) -> std::string {
        size_t end = 0;
        double value = 0;
        try {
          value = std::stod(text, &end);
        } catch (const std::exception&) {
          end = 0;
        }
        if (end == 0 || end != text.size() || !range.contains(value)) return "expected " + range.text() + ", got " + text;
        return "";
      },
      range.text());
}

void FieldFlags::flag(const char* name, bool& value) {
  const FlagText text = textOf(name);
  cmd_->add_flag(flagOf(name) + (text.shortName.empty() ? "" : "," + text.shortName), value,
                 text.help.empty() ? "A setting: on or off" : text.help)
      ->capture_default_str();
}

FlagText FieldFlags::textOf(const std::string& name) const {
  const auto it = texts_.find(name);
  return it == texts_.end() ? FlagText{} : it->second;
}

}  // namespace tz::cli

#include "game/base/json_text.h"

#include <nlohmann/json.hpp>

#include <set>
#include <vector>

#include "game/base/error.h"

namespace tz {

nlohmann::json parseJsonText(const std::string& text, const std::string& what, int maxDepth) {
  using nlohmann::json;
  // The keys of each object open at the moment, innermost last (an array holds no keys).
  std::vector<std::set<std::string>> open;
  const std::string where = what.empty() ? "" : what + ": ";
  const json::parser_callback_t check = [&](int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (int(open.size()) >= maxDepth) {
          throw Error(where + "JSON nested deeper than " + std::to_string(maxDepth) + " levels");
        }
        open.emplace_back();
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        open.pop_back();
        break;
      case json::parse_event_t::key:
        if (!open.back().insert(parsed.get<std::string>()).second) {
          throw Error(where + "JSON key " + quoted(parsed.get<std::string>()) + " given twice in one object");
        }
        break;
      case json::parse_event_t::value:
        break;
    }
    return true;
  };
  try {
    return json::parse(text, check);
  } catch (const json::exception& e) {
    throw Error(where + "not JSON: " + printable(e.what(), 200));
  }
}

}  // namespace tz

#include "cli/parse_only.h"

#include <cstdlib>
#include <string>

namespace tz::cli {

bool parseOnly() {
  const char* value = std::getenv("TAFLZERO_PARSE_ONLY");
  return value != nullptr && std::string(value) != "" && std::string(value) != "0";
}

void stopAfterParsing(CLI::App& app) {
  // The root's parse-complete callback runs after the options' checks and before any
  // command's callback.
  app.parse_complete_callback([] { throw CLI::Success(); });
}

}  // namespace tz::cli

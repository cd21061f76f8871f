#include "cli/version.h"

namespace tz::cli {

std::string versionText() {
  return std::string("taflzero ") + TAFLZERO_VERSION + "\ncommit " + buildCommit() + "\n" + TAFLZERO_TORCH;
}

}  // namespace tz::cli

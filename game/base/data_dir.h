#pragma once
// Where taflzero's shipped files live (configs/, models/, scripts/, web/): in the source tree
// it was built from, or, after `cmake --install`, in PREFIX/share/taflzero beside the
// installed binaries, so that an installed taflzero works from any folder.
#include <string>

namespace tz {

/// The folder holding configs/, models/, scripts/ and web/: $TAFLZERO_HOME if set; else
/// BIN/../share/taflzero when the running binary (in BIN) is an installed one (that folder
/// holds configs/variants); else the source tree taflzero was built from.
std::string dataDir();

}  // namespace tz

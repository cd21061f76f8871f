#pragma once
// What `taflzero --version` prints: the version (CMakeLists.txt's project version, CHANGELOG.md),
// the git commit the sources were at when built, and the LibTorch the build used.
#include <string>

namespace tz::cli {

/// The git commit of the sources at build time ("454e531", "454e531 with local changes"), or
/// "unknown (...)" for sources outside a git checkout: written by cmake/build_commit.cmake.
const char* buildCommit();

/// The lines `--version` prints, joined by newlines (CLI11 ends the last): "taflzero 0.9.0",
/// "commit ...", "LibTorch ..." (or "built without LibTorch ...").
std::string versionText();

}  // namespace tz::cli

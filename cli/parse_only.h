#pragma once
// A check of command lines without running them: with TAFLZERO_PARSE_ONLY set in the
// environment, taflzero parses and checks its command line as always (unknown flags,
// missing required options, values out of range are the usual one-line errors, exit 2) and
// then does nothing, exit 0. The docs test runs every command line the docs print this way
// (tests/repository/docs_commands_test.cpp), so a changed flag breaks a test, not a reader.
#include <CLI/CLI.hpp>

namespace tz::cli {

/// Whether TAFLZERO_PARSE_ONLY is set (to anything but "" or "0").
bool parseOnly();

/// Makes `app` stop once its command line is parsed and checked, before any command runs:
/// parse() throws CLI::Success (exit status 0, nothing printed).
void stopAfterParsing(CLI::App& app);

}  // namespace tz::cli

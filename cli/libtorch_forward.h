#pragma once
// Fast start: `taflzero` is the front end without LibTorch (loading LibTorch's shared
// libraries costs a start-up that the rules queries and the engine cannot afford). What
// needs a network lives in `taflzero-net`, the same front end linked with LibTorch and
// built next to it: `taflzero` replaces itself with that binary (execv, the command line
// unchanged) for a command only it has, for help listing every command, and for a net
// player given on the command line. A build without LibTorch has no taflzero-net; there
// such a command is a one-line error.
#include <CLI/CLI.hpp>

namespace tz::cli {

/// Replaces this process with taflzero-net from this binary's folder, `argv` (argc words,
/// the program first) unchanged, when the command line needs it: a command only it has
/// (net, export, train, balance, report, bench net/train/selfplay), a net player ("net:"
/// starting an argument or after '=' or '|'), or `--help` of taflzero or of `bench`.
/// Returns 0 to carry on here (nothing needs it, or help and no taflzero-net to list the
/// rest), or 2 after printing a one-line error when a command needs a missing taflzero-net.
int runLibTorchBuildIfNeeded(int argc, char** argv);

/// Ends the help of `app` with the commands only the LibTorch build has.
void noteLibTorchCommands(CLI::App& app);

}  // namespace tz::cli

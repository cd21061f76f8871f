#pragma once
// Whether a local TCP port has a listening socket, read from /proc/net/tcp and tcp6 without
// connecting: the Tablut Challenge server takes any connection to its port as a player, so
// a probe connection would take a player's place.
#include <string>

namespace tz::cli::tablut {

/// Whether the text of a /proc/net/tcp or /proc/net/tcp6 table lists a socket in the
/// LISTEN state on local port `port` (any address). Lines that do not parse are skipped.
bool tableListensOn(const std::string& table, int port);

/// Whether this machine's /proc/net/tcp or /proc/net/tcp6 lists a listening socket on
/// `port`. Throws Error when neither table can be read.
bool portListening(int port);

}  // namespace tz::cli::tablut

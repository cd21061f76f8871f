#include "cli/tablut/listening_ports.h"

#include <fstream>
#include <sstream>

#include "game/base/error.h"

namespace tz::cli::tablut {

namespace {

// The kernel's code of the LISTEN state in the `st` column.
constexpr const char* kListen = "0A";

}  // namespace

bool tableListensOn(const std::string& table, int port) {
  std::istringstream lines(table);
  std::string line;
  std::getline(lines, line);  // the header
  while (std::getline(lines, line)) {
    // "  0: 0100007F:16A8 00000000:0000 0A ...": slot, local address:port (hex), remote, state.
    std::istringstream fields(line);
    std::string slot, local, remote, state;
    if (!(fields >> slot >> local >> remote >> state)) continue;
    const size_t colon = local.rfind(':');
    if (colon == std::string::npos || state != kListen) continue;
    try {
      if (std::stoi(local.substr(colon + 1), nullptr, 16) == port) return true;
    } catch (const std::exception&) {
      continue;  // not a port: skipped like any line that does not parse
    }
  }
  return false;
}

bool portListening(int port) {
  bool readAny = false;
  for (const char* path : {"/proc/net/tcp", "/proc/net/tcp6"}) {
    std::ifstream in(path);
    if (!in) continue;
    readAny = true;
    std::ostringstream table;
    table << in.rdbuf();
    if (tableListensOn(table.str(), port)) return true;
  }
  if (!readAny) throw Error("cannot read /proc/net/tcp or /proc/net/tcp6 to see whether the server listens");
  return false;
}

}  // namespace tz::cli::tablut

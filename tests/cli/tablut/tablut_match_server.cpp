// A Tablut Challenge server for the tests of `taflzero tablut-match`, started by them as the
// match's server command: `tablut_match_server WHITE_PORT BLACK_PORT MAX_PLIES` listens on
// both ports of 127.0.0.1, accepts white then black, plays one game between them with
// tablut_test_server.h (a DRAW after MAX_PLIES plies), prints "RESULT: TURN" and exits.
// When a client fails on its turn (it closed the connection) the server closes both, as the
// competition server does on a timeout, after printing "Player WHITE has lost!" likewise.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "game/registry.h"
#include "tests/cli/tablut/tablut_test_server.h"

namespace {

// A socket listening on 127.0.0.1:`port`; exits the program when it cannot.
int listenOn(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  const int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(uint16_t(port));
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(fd, 4) != 0) {
    std::cerr << "tablut_match_server: cannot listen on port " << port << "\n";
    std::exit(1);
  }
  return fd;
}

// The next client of `listener`, waiting at most tz::test::kServerWaitSeconds; nothing when none came.
std::optional<tz::cli::tablut::TcpConnection> acceptOn(int listener) {
  pollfd waiting{listener, POLLIN, 0};
  if (poll(&waiting, 1, tz::test::kServerWaitSeconds * 1000) <= 0) return std::nullopt;
  const int fd = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) return std::nullopt;
  timeval limit{tz::test::kServerWaitSeconds, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  return tz::cli::tablut::TcpConnection(fd, "client");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: tablut_match_server WHITE_PORT BLACK_PORT MAX_PLIES\n";
    return 2;
  }
  const int white = tz::cli::tablut::sideToMove(tz::cli::tablut::Turn::kWhite);
  int listeners[2];  // by tafl side
  listeners[white] = listenOn(std::stoi(argv[1]));
  listeners[1 - white] = listenOn(std::stoi(argv[2]));
  std::cout << "listening" << std::endl;
  std::array<std::optional<tz::cli::tablut::TcpConnection>, 2> clients;
  for (const int side : {white, 1 - white}) {
    if (!(clients[side] = acceptOn(listeners[side]))) {
      std::cout << "no client connected\n";
      return 1;
    }
  }
  const auto game = tz::loadGame("ashton");
  const tz::test::ServedGame served = tz::test::serveGame(*game, clients, nullptr, std::stoi(argv[3]));
  std::cout << "RESULT: " << served.final << " after " << served.moves.size() << " plies " << served.error << std::endl;
  if (served.final.empty()) {
    const bool whiteToMove = served.moves.size() % 2 == 0;
    std::cout << "Timeout!!!!\nPlayer " << (whiteToMove ? "WHITE" : "BLACK") << " has lost!" << std::endl;
  }
  return 0;
}

#pragma once
// A small local Tablut Challenge server for the tests of `taflzero tablut-client`: it
// listens on ephemeral ports of 127.0.0.1, speaks the length-prefixed JSON framing of
// cli/tablut/frames.h, applies moves with our own `ashton` engine, and sends every state to
// every connected player. It never waits a second per ply, and every socket read gives up
// after a deadline, so that a misbehaving client fails a test instead of hanging it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/tablut/frames.h"
#include "cli/tablut/messages.h"
#include "cli/tablut/tcp_connection.h"
#include "game/base/error.h"
#include "game/game.h"
#include "mcts/player.h"

namespace tz::test {

using cli::tablut::TcpConnection;
using cli::tablut::Turn;

/// Seconds a test server waits for a connection or a frame before giving up.
constexpr int kServerWaitSeconds = 30;

/// A listening socket on 127.0.0.1 with a port chosen by the system.
class Listener {
 public:
  /// Binds and listens; fails the test when it cannot.
  Listener() {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    const bool ok = fd_ >= 0 && bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                    listen(fd_, 4) == 0 && getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0;
    EXPECT_TRUE(ok) << "cannot listen on 127.0.0.1";
    port_ = ntohs(address.sin_port);
  }
  /// Not copyable: one owner per socket.
  Listener(const Listener&) = delete;
  /// Not copyable: one owner per socket.
  Listener& operator=(const Listener&) = delete;
  /// Stops listening.
  ~Listener() {
    if (fd_ >= 0) close(fd_);
  }

  /// The port clients connect to.
  int port() const { return port_; }
  /// The next client, whose reads time out after kServerWaitSeconds; nothing when none
  /// connected within that time.
  std::optional<TcpConnection> accept() {
    pollfd waiting{fd_, POLLIN, 0};
    if (poll(&waiting, 1, kServerWaitSeconds * 1000) <= 0) return std::nullopt;
    const int fd = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) return std::nullopt;
    timeval limit{kServerWaitSeconds, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    return TcpConnection(fd, "client");
  }

 private:
  int fd_ = -1;
  int port_ = 0;
};

/// The next frame a client sent; Error when it closed the connection or sent nothing in time.
inline std::string readClientFrame(TcpConnection& client) {
  const auto frame = cli::tablut::readFrame([&](char* buffer, size_t size) { return client.readSome(buffer, size); });
  if (!frame) throw Error("the client closed the connection");
  return *frame;
}

/// Sends `payload` as one frame.
inline void sendFrame(TcpConnection& client, const std::string& payload) {
  client.writeAll(cli::tablut::encodeFrame(payload));
}

/// The server's turn for a position: the side to move, or the result once it is over.
inline Turn turnOf(const State& state) {
  const Outcome& o = state.outcome();
  if (!o.over) return cli::tablut::turnOfSide(state.toMove());
  if (o.winner < 0) return Turn::kDraw;
  return cli::tablut::turnOfSide(o.winner) == Turn::kWhite ? Turn::kWhiteWin : Turn::kBlackWin;
}

/// What the server saw of one game.
struct ServedGame {
  std::array<std::string, 2> names;  // the name frames received, by tafl side
  std::vector<std::string> moves;    // every move played, in our notation
  std::string final;                 // the final turn sent: WHITEWIN, BLACKWIN or DRAW
  std::string error;                 // why the game was cut short ("" when it was not)
};

/// Plays one game from the start position of `game` (ashton): each tafl side is a client of
/// `clients` (its connection) or `house`, which then moves for it. Every state goes to every
/// client; a move is read from the client to move; an illegal move loses at once. After
/// `maxPlies` plies the game ends in a DRAW state.
inline ServedGame serveGame(const Game& game, std::array<std::optional<TcpConnection>, 2>& clients, Player* house,
                            int maxPlies) {
  ServedGame served;
  auto state = game.newGame();
  try {
    for (int side = 0; side < 2; ++side) {
      if (clients[side]) served.names[side] = readClientFrame(*clients[side]);
    }
    for (Turn turn = turnOf(*state);; turn = turnOf(*state)) {
      if (int(served.moves.size()) >= maxPlies && cli::tablut::sideToMove(turn) >= 0) turn = Turn::kDraw;
      for (auto& client : clients) {
        if (client) sendFrame(*client, cli::tablut::stateMessage(state->record(), turn));
      }
      if (cli::tablut::sideToMove(turn) < 0) {
        served.final = cli::tablut::turnName(turn);
        return served;
      }
      auto& mover = clients[state->toMove()];
      std::string move = mover ? cli::tablut::parseMove(readClientFrame(*mover)) : "";
      if (!mover) move = state->actionName(house->chooseAction(*state));
      try {
        state->playTurn(move);
      } catch (const RuleError& e) {
        served.error = std::string("illegal move: ") + e.what();
        const Turn lost = state->toMove() == cli::tablut::sideToMove(Turn::kWhite) ? Turn::kBlackWin : Turn::kWhiteWin;
        for (auto& client : clients) {
          if (client) sendFrame(*client, cli::tablut::stateMessage(state->record(), lost));
        }
        return served;
      }
      served.moves.push_back(move);
    }
  } catch (const Error& e) {
    served.error = e.what();
  }
  return served;
}

}  // namespace tz::test

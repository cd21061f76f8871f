// tablut-client: plays one game on a Tablut Challenge server (docs/TABLUT_CHALLENGE.md).
// The protocol, the position and the time are handled without I/O in cli/tablut/; this
// file connects, sends the name, and passes frames between the socket and the session.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/seed_option.h"
#include "cli/tablut/client_session.h"
#include "cli/tablut/frames.h"
#include "cli/tablut/game_loop.h"
#include "cli/tablut/messages.h"
#include "cli/tablut/tcp_connection.h"
#include "cli/tablut/time_budget.h"
#include "mcts/players/player_factory.h"
#include "game/base/error.h"
#include "game/registry.h"

namespace tz::cli {

namespace {

using namespace tablut;

// How long connecting may take.
constexpr int kConnectTimeoutMs = 10000;

// The command-line options of tablut-client.
struct TablutOptions {
  std::string side;               // white or black
  std::string host;               // the server
  int port = 0;                   // 0: 5800 for white, 5801 for black
  std::string name;               // sent to the server
  int timeout = 0;                // the server's seconds per move
  int idleLimit = 0;              // seconds to wait for the server to send anything; 0: the default
  std::string player;             // a player spec
  std::vector<std::string> sets;  // rule overrides of ashton (those of a checkpoint)
  uint64_t seed = 1;              // the player's seed
};

// The idle limit when none is given: ten minutes, or twice the time per move when longer
// (the server may wait for the other player to connect, then for each of its moves).
int64_t idleLimitMs(const TablutOptions& o) {
  const int seconds = o.idleLimit > 0 ? o.idleLimit : std::max(600, 2 * o.timeout);
  return int64_t(seconds) * 1000;
}

// Plays the game: returns after the final state, throws Error for anything else.
void playGame(const TablutOptions& o) {
  const Turn side = o.side == "white" ? Turn::kWhite : Turn::kBlack;
  const int port = o.port > 0 ? o.port : side == Turn::kWhite ? 5800 : 5801;
  const std::string name = nameMessage(o.name);  // checked before anything is built
  const int64_t budgetMs = moveBudgetMs(o.timeout);
  const AgentSpec spec = parseAgentSpec(o.player);
  const auto game = loadGame("ashton", o.sets);
  const std::unique_ptr<Player> player = agentMaker(spec, *game, budgetMs)(o.seed);
  const bool byClock = agentKind(spec.kind, spec.kind).timing(spec).way == PlayerTiming::Way::kSearch;
  TcpConnection connection = TcpConnection::open(o.host, port, kConnectTimeoutMs);
  std::cout << "tablut-client: connected to " << connection.peer() << " as " << o.side << " (" << o.name << "), player "
            << spec.text() << (byClock ? " (searching by the clock)" : " (" + player->name() + ")")
            << ", " << budgetMs
            << " ms per move of the " << o.timeout << " s allowed"
            << std::endl;
  // Every failure on the connection names the server.
  const auto onServer = [&](const std::function<void()>& step) {
    try {
      step();
    } catch (const Error& e) {
      throw Error("server " + connection.peer() + ": " + e.what());
    }
  };
  onServer([&] { connection.writeAll(encodeFrame(name)); });
  ClientSession session(*game, side, *player, std::cout, std::cerr);
  const NextFrame next = [&] {
    std::optional<std::string> frame;
    onServer([&] { frame = readFrame(connection.frameReads(idleLimitMs(o))); });
    return frame;
  };
  const SendFrame send = [&](const std::string& move) { onServer([&] { connection.writeAll(encodeFrame(move)); }); };
  MoveTimes times;
  if (!playFrames(session, side, next, send, times)) {
    throw Error("server " + connection.peer() + " closed the connection before the game ended, " +
                std::to_string(session.plies()) + " plies in (the server does so when a move comes too late)");
  }
}

}  // namespace

void addTablutCommands(CLI::App& app) {
  auto o = std::make_shared<TablutOptions>();
  auto* cmd =
      app.add_subcommand("tablut-client", "Play one game on a Tablut Challenge server (docs/TABLUT_CHALLENGE.md)");
  cmd->add_option("--side", o->side, "white (the defenders, who move first) or black")
      ->required()
      ->check(CLI::IsMember({"white", "black"}));
  cmd->add_option("--host", o->host, "The server's name or address")->required();
  cmd->add_option("--port", o->port, "The server's port (default 5800 for white, 5801 for black)")
      ->check(CLI::Range(1, 65535));
  cmd->add_option("--name", o->name, "Our name on the server: 1 to 10 ASCII letters and digits")->required();
  cmd->add_option("--timeout", o->timeout, "The server's limit per move in seconds (moves take at most 80% of it)")
      ->required();
  cmd->add_option("--player", o->player, "The player: alphabeta:depth=4, mcts:sims=2000, net:CHECKPOINT,sims=800, ...")
      ->required();
  cmd->add_option("--idle-limit", o->idleLimit,
                  "Seconds to wait for each whole message of the server before giving up (default: 600, or "
                  "twice --timeout when longer)")
      ->check(CLI::Range(1, 86400));
  addSeedOption(cmd, o->seed, "Seed of the player");
  cmd->add_option("--set", o->sets, "Override one rule of ashton, as a checkpoint was trained: --set ply_limit=400");
  cmd->callback([o] { playGame(*o); });
}

}  // namespace tz::cli

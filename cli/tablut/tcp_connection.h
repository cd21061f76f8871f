#pragma once
// A TCP connection with POSIX sockets: connecting with a timeout, and reads and writes that
// survive signals (EINTR) and short transfers. Failures are one-line Errors.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/tablut/frames.h"

namespace tz::cli::tablut {

/// A connected socket, closed when destroyed.
class TcpConnection {
 public:
  /// Connects to `host` (a name or an address) on `port`, trying each address the name
  /// resolves to for at most `timeoutMs`. Throws Error naming the host, port and reason;
  /// the connection is `host:port` in messages.
  static TcpConnection open(const std::string& host, int port, int timeoutMs);
  /// Takes over a connected socket `fd`; `peer` names the other end in messages.
  TcpConnection(int fd, std::string peer);
  /// Takes over the other's socket.
  TcpConnection(TcpConnection&& other) noexcept;
  /// Closes this socket and takes over the other's.
  TcpConnection& operator=(TcpConnection&& other) noexcept;
  /// Not copyable: one owner per socket.
  TcpConnection(const TcpConnection&) = delete;
  /// Not copyable: one owner per socket.
  TcpConnection& operator=(const TcpConnection&) = delete;
  /// Closes the socket.
  ~TcpConnection();

  /// Reads up to `size` bytes, waiting for at least one; 0 when the peer has closed the
  /// connection. Throws Error ("connection lost: REASON") when the connection fails.
  size_t readSome(char* buffer, size_t size);
  /// The reads of one frame (readFrame): each waits for bytes until `limitMs` after this call
  /// at most, so that a peer trickling a byte at a time is held to the limit as a silent
  /// one is. They throw Error ("sent no whole message for N s (the idle limit)") past it.
  ReadSome frameReads(int64_t limitMs);
  /// Whether something can be read (bytes, or the peer's close) within `waitMs` milliseconds.
  /// Throws Error ("connection lost: REASON") when the connection fails.
  bool readable(int64_t waitMs);
  /// Writes all of `data`. Throws Error ("connection lost: REASON") when the connection
  /// fails; never raises SIGPIPE.
  void writeAll(const std::string& data);
  /// The other end, "host:port".
  const std::string& peer() const { return peer_; }

 private:
  int fd_;
  std::string peer_;
};

}  // namespace tz::cli::tablut

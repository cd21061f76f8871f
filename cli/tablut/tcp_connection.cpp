#include "cli/tablut/tcp_connection.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

#include "game/base/error.h"

namespace tz::cli::tablut {

namespace {

// The system's message for an errno value.
std::string reason(int error) { return std::strerror(error); }

// A socket connected to `address` within `timeoutMs`, or -1 with `error` set.
int connectTo(const addrinfo& address, int timeoutMs, int& error) {
  const int fd = socket(address.ai_family, address.ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, address.ai_protocol);
  if (fd < 0) {
    error = errno;
    return -1;
  }
  error = connect(fd, address.ai_addr, address.ai_addrlen) == 0 ? 0 : errno;
  if (error == EINPROGRESS) {
    pollfd waiting{fd, POLLOUT, 0};
    int ready;
    while ((ready = poll(&waiting, 1, timeoutMs)) < 0 && errno == EINTR) {
    }
    socklen_t length = sizeof error;
    if (ready == 0) error = ETIMEDOUT;
    else if (ready < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) < 0) error = errno;
  }
  if (error != 0) {
    close(fd);
    return -1;
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // small messages go out at once
  return fd;
}

}  // namespace

TcpConnection TcpConnection::open(const std::string& host, int port, int timeoutMs) {
  const std::string peer = host + ":" + std::to_string(port);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int status = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (status != 0) throw Error("cannot connect to " + peer + ": " + gai_strerror(status));
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> addresses(found, &freeaddrinfo);
  int error = 0;
  for (const addrinfo* a = found; a; a = a->ai_next) {
    const int fd = connectTo(*a, timeoutMs, error);
    if (fd >= 0) return TcpConnection(fd, peer);
  }
  throw Error("cannot connect to " + peer + ": " + reason(error));
}

TcpConnection::TcpConnection(int fd, std::string peer) : fd_(fd), peer_(std::move(peer)) {}

TcpConnection::TcpConnection(TcpConnection&& other) noexcept : fd_(other.fd_), peer_(std::move(other.peer_)) {
  other.fd_ = -1;
}

TcpConnection& TcpConnection::operator=(TcpConnection&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    peer_ = std::move(other.peer_);
  }
  return *this;
}

TcpConnection::~TcpConnection() {
  if (fd_ >= 0) close(fd_);
}

size_t TcpConnection::readSome(char* buffer, size_t size) {
  for (;;) {
    const ssize_t n = recv(fd_, buffer, size, 0);
    if (n >= 0) return size_t(n);
    if (errno != EINTR) throw Error("connection lost: " + reason(errno));
  }
}

ReadSome TcpConnection::frameReads(int64_t limitMs) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point by = Clock::now() + std::chrono::milliseconds(limitMs);
  return [this, by, limitMs](char* buffer, size_t size) {
    const int64_t left = std::chrono::duration_cast<std::chrono::milliseconds>(by - Clock::now()).count();
    if (left <= 0 || !readable(left)) {
      throw Error("sent no whole message for " + std::to_string((limitMs + 999) / 1000) + " s (the idle limit)");
    }
    return readSome(buffer, size);
  };
}

bool TcpConnection::readable(int64_t waitMs) {
  pollfd waiting{fd_, POLLIN, 0};
  int ready;
  while ((ready = poll(&waiting, 1, int(std::min<int64_t>(waitMs, INT32_MAX)))) < 0 && errno == EINTR) {
  }
  if (ready < 0) throw Error("connection lost: " + reason(errno));
  return ready > 0;
}

void TcpConnection::writeAll(const std::string& data) {
  for (size_t sent = 0; sent < data.size();) {
    const ssize_t n = send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n >= 0) sent += size_t(n);
    else if (errno != EINTR) throw Error("connection lost: " + reason(errno));
  }
}

}  // namespace tz::cli::tablut

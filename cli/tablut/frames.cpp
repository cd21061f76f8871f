#include "cli/tablut/frames.h"

#include "game/base/error.h"

namespace tz::cli::tablut {

namespace {

// Fills `buffer` with `size` bytes of `read`; returns how many it got before the end of the stream.
size_t readFull(const ReadSome& read, char* buffer, size_t size) {
  size_t got = 0;
  while (got < size) {
    const size_t n = read(buffer + got, size - got);
    if (n == 0) break;
    got += n;
  }
  return got;
}

}  // namespace

std::string encodeFrame(const std::string& payload, size_t maxBytes) {
  if (payload.size() > maxBytes) {
    throw Error("message of " + std::to_string(payload.size()) + " bytes is too long to send (at most " +
                std::to_string(maxBytes) + ")");
  }
  const auto n = uint32_t(payload.size());
  std::string frame{char(n >> 24), char(n >> 16), char(n >> 8), char(n)};
  return frame + payload;
}

std::optional<std::string> readFrame(const ReadSome& read, size_t maxBytes) {
  unsigned char header[4];
  const size_t got = readFull(read, reinterpret_cast<char*>(header), sizeof header);
  if (got == 0) return std::nullopt;
  if (got < sizeof header) {
    throw Error("the stream ended inside a frame header (" + std::to_string(got) + " of 4 bytes)");
  }
  const uint32_t length = uint32_t(header[0]) << 24 | uint32_t(header[1]) << 16 | uint32_t(header[2]) << 8 | header[3];
  if (length > maxBytes) {
    throw Error("frame of " + std::to_string(length) + " bytes refused (at most " + std::to_string(maxBytes) + ")");
  }
  std::string payload(length, '\0');
  const size_t body = readFull(read, payload.data(), length);
  if (body < length) {
    throw Error("the stream ended inside a frame (" + std::to_string(body) + " of " + std::to_string(length) +
                " bytes)");
  }
  return payload;
}

}  // namespace tz::cli::tablut

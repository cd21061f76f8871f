#pragma once
// The Tablut Challenge framing without I/O: every message is a 4-byte big-endian length
// followed by that many bytes (UTF-8 JSON). Frames are read from any byte source.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace tz::cli::tablut {

/// Largest message either side accepts (a state is under 1 KiB); a longer one is refused.
constexpr size_t kMaxFrameBytes = 1 << 20;

/// Reads up to `size` bytes into `buffer`; returns how many, 0 at the end of the stream.
/// Throws Error when the stream fails.
using ReadSome = std::function<size_t(char* buffer, size_t size)>;

/// `payload` as one frame: its length in 4 big-endian bytes, then the payload. Throws Error
/// for a payload over `maxBytes`.
std::string encodeFrame(const std::string& payload, size_t maxBytes = kMaxFrameBytes);

/// The payload of the next frame of `read`, or nothing when the stream ends before its
/// first byte. Throws Error for a stream ending inside a frame and for a length over
/// `maxBytes`, which is refused before anything more is read.
std::optional<std::string> readFrame(const ReadSome& read, size_t maxBytes = kMaxFrameBytes);

}  // namespace tz::cli::tablut

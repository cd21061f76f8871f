#pragma once
// Gzip (RFC 1952) for text files that are committed: a study's games compress about fivefold.
// The output is the same for the same text (no name or time in the header), so a file
// rewritten from the same games leaves git nothing to commit.
#include <cstdint>
#include <memory>
#include <string>

namespace tz {

/// True when `bytes` begin with gzip's magic number (0x1f 0x8b).
bool isGzip(const std::string& bytes);

/// `text` compressed as one gzip member at the best compression.
std::string gzipText(const std::string& text);

/// The text of the gzip data `bytes` (every member, as gunzip reads them). Throws Error naming
/// `what` when the data are corrupt or truncated, or inflate to more than `maxBytes`.
std::string gunzipText(const std::string& bytes, const std::string& what, uint64_t maxBytes);

/// Gzip data inflated piece by piece as they are read (every member, as gunzip reads them).
class GunzipStream {
 public:
  /// `what` names the data in every error.
  explicit GunzipStream(std::string what);
  ~GunzipStream();
  GunzipStream(const GunzipStream&) = delete;
  GunzipStream& operator=(const GunzipStream&) = delete;

  /// Appends to `out` the text that the next piece of compressed data, `bytes`, inflates to.
  /// Throws Error naming the data when they are corrupt.
  void inflate(const std::string& bytes, std::string& out);
  /// Throws Error naming the data unless they ended where a member ends (not truncated).
  void finish() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
  std::string what_;
};

}  // namespace tz

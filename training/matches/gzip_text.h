#pragma once
// Gzip (RFC 1952) for text files that are committed: a study's games compress about fivefold.
// The output is the same for the same text (no name or time in the header), so a file
// rewritten from the same games leaves git nothing to commit.
#include <cstdint>
#include <string>

namespace tz {

/// True when `bytes` begin with gzip's magic number (0x1f 0x8b).
bool isGzip(const std::string& bytes);

/// `text` compressed as one gzip member at the best compression.
std::string gzipText(const std::string& text);

/// The text of the gzip data `bytes` (every member, as gunzip reads them). Throws Error naming
/// `what` when the data are corrupt or truncated, or inflate to more than `maxBytes`.
std::string gunzipText(const std::string& bytes, const std::string& what, uint64_t maxBytes);

}  // namespace tz

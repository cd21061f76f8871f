#pragma once
// JSON read from a file, a stored text or a peer (a games file's line, a checkpoint's
// metadata, a server's message): nesting past a small depth and a key given twice are
// refused while the text is parsed, before any value is copied, dumped or walked.
#include <nlohmann/json_fwd.hpp>

#include <string>

namespace tz {

/// Nesting the project's JSON never exceeds (a checkpoint's metadata, the deepest, holds 4).
constexpr int kMaxJsonDepth = 32;

/// The JSON value of `text`; throws Error naming `what` when it is not JSON, nests arrays
/// and objects deeper than `maxDepth`, or gives a key twice in one object (`what` empty: the
/// message is the reason alone, for a caller that says where).
nlohmann::json parseJsonText(const std::string& text, const std::string& what, int maxDepth = kMaxJsonDepth);

}  // namespace tz

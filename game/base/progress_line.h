#pragma once
// The one progress line of a long command on stderr ("12/40 games ... ETA 3:10"): on a
// terminal rewritten in place with '\r'; where stderr is a file or a pipe, plain lines,
// at most one every 10 seconds (and the last), so that a log holds lines, not one long line.
#include <chrono>
#include <string>

namespace tz {

/// Shows a command's progress on stderr.
class ProgressLine {
 public:
  /// A progress line on stderr, which is a terminal or not (isatty).
  ProgressLine();
  /// Shows `text` as the progress now; `last` ends the line (and always shows it).
  void show(const std::string& text, bool last = false);

 private:
  bool terminal_;
  std::chrono::steady_clock::time_point lastPlain_{};
  bool shownPlain_ = false;
};

}  // namespace tz

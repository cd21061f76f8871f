#include "game/base/progress_line.h"

#include <unistd.h>

#include <cstdio>

namespace tz {

ProgressLine::ProgressLine() : terminal_(isatty(STDERR_FILENO) == 1) {}

void ProgressLine::show(const std::string& text, bool last) {
  if (terminal_) {
    std::fprintf(stderr, "\r%s   %s", text.c_str(), last ? "\n" : "");
  } else {
    const auto now = std::chrono::steady_clock::now();
    if (!last && shownPlain_ && now - lastPlain_ < std::chrono::seconds(10)) return;
    lastPlain_ = now;
    shownPlain_ = true;
    std::fprintf(stderr, "%s\n", text.c_str());
  }
  std::fflush(stderr);
}

}  // namespace tz

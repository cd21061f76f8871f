#include "training/matches/text_lines.h"

#include <algorithm>
#include <optional>

#include "game/base/error.h"
#include "game/base/user_files.h"
#include "training/matches/gzip_text.h"

namespace tz {

namespace {

// Bytes read from the file at a time; inflated, at most about a thousand times as many.
constexpr uint64_t kReadChunk = uint64_t(1) << 14;

}  // namespace

struct FileLines::Source {
  RegularFile file;
  uint64_t offset = 0;
  std::optional<GunzipStream> gunzip;  // set when the file is gzip data

  Source(const std::string& path, const std::string& what) : file(path, what) {
    if (isGzip(file.read(0, std::min<uint64_t>(2, file.size())))) gunzip.emplace(what);
  }
};

FileLines::FileLines(const std::string& path, std::string what, uint64_t maxText, size_t maxLine)
    : source_(std::make_unique<Source>(path, what)), what_(std::move(what)), maxText_(maxText), maxLine_(maxLine) {}

FileLines::~FileLines() = default;

bool FileLines::fill() {
  if (ended_) return false;
  Source& s = *source_;
  if (s.offset == s.file.size()) {
    if (s.gunzip) s.gunzip->finish();
    ended_ = true;
    return false;
  }
  const std::string bytes = s.file.read(s.offset, std::min(kReadChunk, s.file.size() - s.offset));
  s.offset += bytes.size();
  const size_t before = buffer_.size();
  if (s.gunzip) s.gunzip->inflate(bytes, buffer_);
  else buffer_ += bytes;
  textBytes_ += buffer_.size() - before;
  if (textBytes_ > maxText_) {
    throw Error(what_ + " holds more than " + std::to_string(maxText_) + " bytes of text" +
                (s.gunzip ? std::string(" once inflated") : ""));
  }
  return true;
}

bool FileLines::next(std::string& line) {
  size_t from = at_;  // where the search for the line's end goes on (what lies before holds none)
  while (true) {
    const size_t end = buffer_.find('\n', from);
    if (end != std::string::npos) {
      line.assign(buffer_, at_, end - at_);
      at_ = end + 1;
      if (line.size() > maxLine_) break;
      return true;
    }
    if (buffer_.size() - at_ > maxLine_) break;
    buffer_.erase(0, at_);
    at_ = 0;
    from = buffer_.size();
    if (!fill()) {
      if (buffer_.empty()) return false;
      line.swap(buffer_);  // the last line, with no '\n' after it
      buffer_.clear();
      return true;
    }
  }
  throw Error(what_ + " has a line longer than " + std::to_string(maxLine_) + " bytes");
}

}  // namespace tz

#pragma once
// The lines of a text file that a stranger may have sent (a games file): read in chunks from a
// regular file, inflated as it goes when it is gzip data, never more text than its format
// allows and never a line longer than a bound, so that a small file cannot take the memory
// its inflated text would.
#include <cstdint>
#include <memory>
#include <string>

namespace tz {

/// Reads the lines of the regular file at `path`, gzip-compressed or not (told by its first
/// bytes). Every error names `what`: not a regular file, corrupt or truncated gzip data,
/// more than `maxText` bytes of text, a line of more than `maxLine` bytes.
class FileLines {
 public:
  /// Opens `path` (a pipe, a device or a directory is refused, never read).
  FileLines(const std::string& path, std::string what, uint64_t maxText, size_t maxLine);
  ~FileLines();
  FileLines(const FileLines&) = delete;
  FileLines& operator=(const FileLines&) = delete;

  /// The next line, without its '\n', into `line`; false at the end of the text.
  bool next(std::string& line);

 private:
  struct Source;
  std::unique_ptr<Source> source_;
  std::string what_;
  uint64_t maxText_;
  size_t maxLine_;
  uint64_t textBytes_ = 0;  // text taken from the source so far
  std::string buffer_;      // text read but not yet returned
  size_t at_ = 0;           // where the next line starts in buffer_
  bool ended_ = false;      // the source has no more text

  // Appends the source's next chunk of text to buffer_; false at its end.
  bool fill();
};

}  // namespace tz

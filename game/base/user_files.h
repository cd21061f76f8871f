#pragma once
// Files and folders the user names: read only when they are regular files, never past the
// size their format allows; written only where nothing but a regular file (or a folder, for
// an output folder) stands, and an existing one replaced only when the caller allows it.
#include <cstddef>
#include <cstdint>
#include <string>

namespace tz {

/// A regular file opened for reading. Opening never blocks (a pipe is refused, not waited
/// on) and refuses a directory, a device or a pipe with an Error naming `what`.
class RegularFile {
 public:
  /// Opens `path`; `what` names it in every error ("checkpoint runs/a.ckpt").
  RegularFile(const std::string& path, std::string what);
  ~RegularFile();
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;

  /// The file's size in bytes when it was opened.
  uint64_t size() const { return size_; }

  /// Exactly `count` bytes from `offset`; throws Error when the file ends first.
  std::string read(uint64_t offset, uint64_t count) const;

 private:
  int fd_ = -1;
  uint64_t size_ = 0;
  std::string what_;
};

/// The whole regular file at `path`, refused (Error naming `what`) when it is not a regular
/// file or is larger than `maxBytes`.
std::string readRegularFile(const std::string& path, const std::string& what, uint64_t maxBytes);

/// Throws Error naming `what` when something other than a regular file stands at `path` (a
/// directory, a device, a pipe), or when a regular file stands there and `mayReplace` is
/// false (the message says to pass --force).
void checkOutputFile(const std::string& path, const std::string& what, bool mayReplace);

/// Throws Error naming `what` when something other than a directory stands at `path`, when it
/// is a model folder (it holds card.yaml: a run, study or export never writes into one), or
/// when a non-empty directory stands there and `mayReplace` is false (the message says --force).
void checkOutputFolder(const std::string& path, const std::string& what, bool mayReplace);

/// A file written atomically: its bytes go to a fresh temporary file beside `path`, made
/// with mkstemp (it never opens anything already there, so a planted link is never
/// followed), and commit() flushes it to disk and renames it over `path`, so that a reader
/// sees the old file or the new one, never a part. Destroyed uncommitted, it removes the
/// temporary file. Every failure is an Error naming `what`, `path` and the reason.
class AtomicFile {
 public:
  /// Makes the temporary file in `path`'s folder (which must exist); refuses a `path` where
  /// something other than a regular file or a link stands (a directory, a device, a pipe).
  AtomicFile(const std::string& path, std::string what);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Appends `size` bytes at `data` to the temporary file.
  void write(const void* data, size_t size);
  /// Flushes the temporary file to disk and renames it over the target; call once.
  void commit();

 private:
  std::string path_, what_, temp_;
  int fd_ = -1;
  bool committed_ = false;

  [[noreturn]] void fail(int error);
};

/// Writes `bytes` to `path` through an AtomicFile; throws Error naming `what` and the reason
/// (no space left, ...) on failure, leaving no temporary file.
void writeFileAtomically(const std::string& path, const std::string& bytes, const std::string& what);

/// Copies the regular file at `from` (named `fromWhat` in errors; a pipe or a device is
/// refused, not read) to `to` through an AtomicFile named `what`.
void copyFileAtomically(const std::string& from, const std::string& fromWhat, const std::string& to,
                        const std::string& what);

/// Throws Error naming `what` when `path` is a symbolic link: a folder's files that the
/// program rewrites (a model's card, its games/) are never links to somewhere else.
void refuseLink(const std::string& path, const std::string& what);

}  // namespace tz

#include "game/base/user_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

#include "game/base/error.h"

namespace tz {

namespace {

// What stands at a path, for a message: "a directory", "a pipe", "a device", ...
std::string kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a pipe";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

RegularFile::RegularFile(const std::string& path, std::string what) : what_(std::move(what)) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) throw Error("cannot open " + what_ + ": " + std::strerror(errno));
  struct stat st {};
  const bool stated = ::fstat(fd_, &st) == 0;
  if (!stated || !S_ISREG(st.st_mode)) {
    const std::string kind = stated ? kindOf(st.st_mode) : std::string(std::strerror(errno));
    ::close(fd_);
    throw Error(what_ + " is " + kind + ", not a regular file");
  }
  size_ = uint64_t(st.st_size);
}

RegularFile::~RegularFile() { ::close(fd_); }

std::string RegularFile::read(uint64_t offset, uint64_t count) const {
  if (offset > size_ || count > size_ - offset) {
    throw Error(what_ + " is truncated (" + std::to_string(size_) + " bytes, needed " +
                std::to_string(offset) + " + " + std::to_string(count) + ")");
  }
  std::string bytes(count, '\0');
  uint64_t done = 0;
  while (done < count) {
    const ssize_t n = ::pread(fd_, bytes.data() + done, count - done, off_t(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Error("cannot read " + what_ + ": " + std::strerror(errno));
    if (n == 0) throw Error(what_ + " is truncated (it ended while being read)");
    done += uint64_t(n);
  }
  return bytes;
}

std::string readRegularFile(const std::string& path, const std::string& what, uint64_t maxBytes) {
  const RegularFile file(path, what);
  if (file.size() > maxBytes) {
    throw Error(what + " is too large (" + std::to_string(file.size()) + " bytes, at most " +
                std::to_string(maxBytes) + ")");
  }
  return file.read(0, file.size());
}

void checkOutputFile(const std::string& path, const std::string& what, bool mayReplace) {
  if (path.empty()) throw Error(what + ": the path is empty; name a file to write");
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;  // nothing there yet
  if (!S_ISREG(st.st_mode)) throw Error(what + " " + path + " is " + kindOf(st.st_mode) + "; name a file to write");
  if (!mayReplace) throw Error(what + " " + path + " already exists; pass --force to replace it");
}

void checkOutputFolder(const std::string& path, const std::string& what, bool mayReplace) {
  if (path.empty()) throw Error(what + ": the path is empty; name a folder to write");
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;  // nothing there yet
  if (!S_ISDIR(st.st_mode)) {
    throw Error(what + " " + path + " is " + (S_ISREG(st.st_mode) ? std::string("a file") : kindOf(st.st_mode)) +
                ", not a folder");
  }
  std::error_code ec;
  if (std::filesystem::exists(std::filesystem::path(path) / "card.yaml", ec)) {
    throw Error(what + " " + path + " is a model folder (it holds card.yaml); name a folder of its own");
  }
  if (!mayReplace && !std::filesystem::is_empty(path, ec)) {
    throw Error(what + " " + path + " already exists and is not empty; pass --force to replace what it holds");
  }
}

AtomicFile::AtomicFile(const std::string& path, std::string what) : path_(path), what_(std::move(what)) {
  if (path.empty()) throw Error(what_ + ": the path is empty; name a file to write");
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
    throw Error(what_ + " " + path + " is " + kindOf(st.st_mode) + "; name a file to write");
  }
  const std::filesystem::path target(path);
  const std::filesystem::path dir = target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path();
  temp_ = (dir / ("." + target.filename().string() + ".tmp.XXXXXX")).string();
  fd_ = ::mkstemp(temp_.data());  // O_CREAT | O_EXCL: a fresh file, never one planted there
  if (fd_ < 0) throw Error("cannot write " + what_ + " " + path_ + ": " + std::strerror(errno));
  ::fchmod(fd_, 0644);  // mkstemp's 0600 would make this the one output others cannot read
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(temp_.c_str());
}

void AtomicFile::fail(int error) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(temp_.c_str());
  committed_ = true;  // nothing left to remove
  throw Error("cannot write " + what_ + " " + path_ + ": " + std::strerror(error));
}

void AtomicFile::write(const void* data, size_t size) {
  const char* bytes = static_cast<const char*>(data);
  for (size_t at = 0; at < size;) {
    const ssize_t n = ::write(fd_, bytes + at, size - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(n < 0 ? errno : EIO);
    at += size_t(n);
  }
}

void AtomicFile::commit() {
  if (::fsync(fd_) != 0) fail(errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail(errno);
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) fail(errno);
  committed_ = true;
  // Make the rename itself durable.
  const std::filesystem::path dir = std::filesystem::path(path_).parent_path();
  const int dirFd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dirFd >= 0) {
    ::fsync(dirFd);
    ::close(dirFd);
  }
}

void writeFileAtomically(const std::string& path, const std::string& bytes, const std::string& what) {
  AtomicFile file(path, what);
  file.write(bytes.data(), bytes.size());
  file.commit();
}

void copyFileAtomically(const std::string& from, const std::string& fromWhat, const std::string& to,
                        const std::string& what) {
  constexpr uint64_t kChunk = uint64_t(1) << 20;
  const RegularFile source(from, fromWhat);
  AtomicFile file(to, what);
  for (uint64_t at = 0; at < source.size(); at += kChunk) {
    const std::string bytes = source.read(at, std::min(kChunk, source.size() - at));
    file.write(bytes.data(), bytes.size());
  }
  file.commit();
}

void refuseLink(const std::string& path, const std::string& what) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    throw Error(what + " " + path + " is a symbolic link; it must be the file or folder itself");
  }
}

}  // namespace tz

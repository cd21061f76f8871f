#include "game/base/user_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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
  if (!mayReplace && !std::filesystem::is_empty(path, ec)) {
    throw Error(what + " " + path + " already exists and is not empty; pass --force to replace what it holds");
  }
}

void writeFileAtomically(const std::string& path, const std::string& bytes, const std::string& what) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw Error("cannot write " + what + " " + tmp + ": " + std::strerror(errno));
  int error = 0;
  for (size_t at = 0; at < bytes.size() && !error;) {
    const ssize_t n = ::write(fd, bytes.data() + at, bytes.size() - at);
    if (n < 0 && errno != EINTR) error = errno;
    if (n > 0) at += size_t(n);
  }
  if (!error && ::fsync(fd) != 0) error = errno;
  if (::close(fd) != 0 && !error) error = errno;
  if (!error && std::rename(tmp.c_str(), path.c_str()) != 0) error = errno;
  if (error) {
    ::unlink(tmp.c_str());
    throw Error("cannot write " + what + " " + path + ": " + std::strerror(error));
  }
}

}  // namespace tz

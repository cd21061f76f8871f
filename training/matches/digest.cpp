#include "training/matches/digest.h"

#include <openssl/evp.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <memory>

#include "game/base/error.h"
#include "game/base/user_files.h"

namespace tz {

namespace {

// Digests what `feed` hands the context, as hex.
template <class Feed>
std::string sha256Of(Feed feed) {
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1) throw Error("SHA-256: libcrypto failed");
  feed([&](const char* data, size_t length) { EVP_DigestUpdate(context.get(), data, length); });
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_DigestFinal_ex(context.get(), digest, &length);
  static const char* kHex = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    hex += kHex[digest[i] >> 4];
    hex += kHex[digest[i] & 15];
  }
  return hex;
}

}  // namespace

std::string sha256Hex(const std::string& bytes) {
  return sha256Of([&](auto update) { update(bytes.data(), bytes.size()); });
}

std::string fileSha256Hex(const std::string& path) {
  // A regular file only: a pipe or a device (a link to /dev/zero) would never end.
  const RegularFile file(path, "file " + quoted(path));
  return sha256Of([&](auto update) {
    constexpr uint64_t kChunk = uint64_t(1) << 16;
    for (uint64_t at = 0; at < file.size(); at += kChunk) {
      const std::string bytes = file.read(at, std::min(kChunk, file.size() - at));
      update(bytes.data(), bytes.size());
    }
  });
}

std::string rulesHash(const std::string& rulesYaml) { return sha256Hex(rulesYaml).substr(0, 16); }

}  // namespace tz

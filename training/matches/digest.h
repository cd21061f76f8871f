#pragma once
// SHA-256 digests of bytes and files (OpenSSL's libcrypto): the checksums a model card gives
// for its checkpoint and the rules hash games files and cards name rules by, which anyone
// can recompute with `sha256sum`.
#include <string>

namespace tz {

/// The SHA-256 digest of `bytes` as 64 lowercase hex digits.
std::string sha256Hex(const std::string& bytes);

/// The SHA-256 digest of the file at `path`; throws Error naming the file when it cannot be read.
std::string fileSha256Hex(const std::string& path);

/// The rules hash of a variant's resolved rules (Game::rulesYaml()): the first 16 hex digits
/// of their SHA-256.
std::string rulesHash(const std::string& rulesYaml);

}  // namespace tz

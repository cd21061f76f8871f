#include "game/morris/egtb/table_file.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "game/base/error.h"
#include "game/base/user_files.h"

namespace tz::morris::egtb {

namespace {

constexpr char kMagic[8] = {'T', 'Z', 'E', 'G', 'T', 'B', '\r', '\n'};
constexpr uint32_t kVersion = 1;
constexpr size_t kNameBytes = 32;
constexpr size_t kHeaderBytes = 64 + kNameBytes;
constexpr size_t kChecksumBytes = 8;

// FNV-1a, 64 bits, continued from `h`.
uint64_t fnv1a(const uint8_t* data, size_t n, uint64_t h = 0xcbf29ce484222325ULL) {
  for (size_t i = 0; i < n; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
  return h;
}

void put(uint8_t* at, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) at[i] = uint8_t(v >> (8 * i));
}

uint64_t get(const uint8_t* at, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t(at[i]) << (8 * i);
  return v;
}

std::vector<uint8_t> encodeHeader(const TableHeader& h) {
  std::vector<uint8_t> out(kHeaderBytes, 0);
  std::memcpy(out.data(), kMagic, sizeof(kMagic));
  put(&out[8], kVersion, 4);
  put(&out[12], h.flying ? 1 : 0, 4);
  put(&out[16], uint32_t(h.cls.mover), 4);
  put(&out[20], uint32_t(h.cls.opponent), 4);
  put(&out[24], h.stats.positions, 8);
  put(&out[32], h.stats.wins, 8);
  put(&out[40], h.stats.losses, 8);
  put(&out[48], h.stats.draws, 8);
  put(&out[56], uint32_t(h.stats.longestWin), 4);
  put(&out[60], uint32_t(h.stats.longestLoss), 4);
  std::memcpy(&out[64], h.variant.data(), std::min(h.variant.size(), kNameBytes));
  return out;
}

// The header of a file's first kHeaderBytes bytes; throws Error for anything but a
// header of this format with a class of the size it claims.
TableHeader decodeHeader(const std::string& path, const std::vector<uint8_t>& bytes) {
  const std::string file = "endgame table " + path;
  if (bytes.size() < kHeaderBytes) {
    throw Error(file + " is truncated: " + std::to_string(bytes.size()) + " bytes, shorter than its header");
  }
  if (std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0) throw Error(file + " is not a taflzero endgame table");
  const uint64_t version = get(&bytes[8], 4);
  if (version != kVersion) {
    throw Error(file + " has format version " + std::to_string(version) + "; this build reads version " +
                std::to_string(kVersion));
  }
  TableHeader h;
  const uint64_t flags = get(&bytes[12], 4), mover = get(&bytes[16], 4), opponent = get(&bytes[20], 4);
  h.cls = PieceClass{int(std::min<uint64_t>(mover, 99)), int(std::min<uint64_t>(opponent, 99))};
  h.stats = {get(&bytes[24], 8), get(&bytes[32], 8), get(&bytes[40], 8), get(&bytes[48], 8),
             int(get(&bytes[56], 4) & 0xFF), int(get(&bytes[60], 4) & 0xFF)};
  const bool countsOk = mover >= kMinPieces && mover <= kPieces && opponent >= kMinPieces && opponent <= kPieces;
  if (flags > 1 || !countsOk || h.stats.positions != h.cls.size() ||
      h.stats.wins + h.stats.losses + h.stats.draws != h.stats.positions) {
    throw Error(file + " has a damaged header");
  }
  h.flying = flags == 1;
  const char* name = reinterpret_cast<const char*>(&bytes[64]);
  h.variant.assign(name, strnlen(name, kNameBytes));
  return h;
}

// The header bytes of the table file open as `file` (fewer when the file is shorter).
std::vector<uint8_t> headerBytes(const RegularFile& file) {
  const std::string bytes = file.read(0, std::min<uint64_t>(kHeaderBytes, file.size()));
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

}  // namespace

std::string tablePath(const std::string& dir, const PieceClass& c) {
  return (std::filesystem::path(dir) / (c.name() + ".egtb")).string();
}

void writeTable(const Table& table, const std::string& variant, const std::string& path) {
  const std::vector<uint8_t> header = encodeHeader({table.cls, table.flying, variant, table.stats()});
  uint8_t sum[kChecksumBytes];
  put(sum, fnv1a(table.codes.data(), table.codes.size(), fnv1a(header.data(), header.size())), kChecksumBytes);
  AtomicFile file(path, "endgame table");
  file.write(header.data(), header.size());
  file.write(table.codes.data(), table.codes.size());
  file.write(sum, sizeof(sum));
  file.commit();
}

TableHeader readTableHeader(const std::string& path) {
  return decodeHeader(path, headerBytes(RegularFile(path, "endgame table " + path)));
}

Table readTable(const std::string& path) {
  // Only a regular file is read, and only once its header says how long it must be.
  const RegularFile file(path, "endgame table " + path);
  const TableHeader h = decodeHeader(path, headerBytes(file));
  const uint64_t expected = kHeaderBytes + h.stats.positions + kChecksumBytes;
  if (file.size() != expected) {
    throw Error("endgame table " + path + (file.size() < expected ? " is truncated: " : " is too long: ") +
                std::to_string(file.size()) + " bytes, expected " + std::to_string(expected));
  }
  const std::string text = file.read(0, expected);
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  const size_t payloadEnd = expected - kChecksumBytes;
  if (fnv1a(bytes, payloadEnd) != get(bytes + payloadEnd, kChecksumBytes)) {
    throw Error("endgame table " + path + " is damaged: its checksum does not match (rebuild it)");
  }
  return Table{h.cls, h.flying, std::vector<uint8_t>(bytes + kHeaderBytes, bytes + payloadEnd)};
}

}  // namespace tz::morris::egtb

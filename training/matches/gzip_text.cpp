#include "training/matches/gzip_text.h"

#include <zlib.h>

#include "game/base/error.h"

namespace tz {

namespace {

// zlib's window bits plus 16: a gzip header and trailer instead of zlib's.
constexpr int kGzipWindowBits = 15 + 16;
constexpr size_t kChunk = size_t(1) << 16;

}  // namespace

bool isGzip(const std::string& bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gzipText(const std::string& text) {
  z_stream stream{};
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, kGzipWindowBits, 9, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw Error("gzip: zlib could not start compressing");
  }
  std::string out(deflateBound(&stream, uLong(text.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = uInt(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = uInt(out.size());
  const int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw Error("gzip: zlib could not compress " + std::to_string(text.size()) + " bytes");
  return out;
}

std::string gunzipText(const std::string& bytes, const std::string& what, uint64_t maxBytes) {
  z_stream stream{};
  if (inflateInit2(&stream, kGzipWindowBits) != Z_OK) throw Error(what + ": zlib could not start decompressing");
  std::string out;
  std::string chunk(kChunk, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = uInt(bytes.size());
  int status = Z_OK;
  while (true) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk.data());
    stream.avail_out = uInt(chunk.size());
    status = inflate(&stream, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) break;
    out.append(chunk.data(), chunk.size() - stream.avail_out);
    if (out.size() > maxBytes) {
      inflateEnd(&stream);
      throw Error(what + " inflates to more than " + std::to_string(maxBytes) + " bytes");
    }
    if (status == Z_STREAM_END) {
      if (stream.avail_in == 0) break;
      if (inflateReset(&stream) != Z_OK) break;  // a further member follows, as `cat a.gz b.gz` makes
    }
  }
  inflateEnd(&stream);
  if (status != Z_STREAM_END) {
    throw Error(what + " is not whole gzip data (" + (status == Z_BUF_ERROR ? std::string("truncated") : "corrupt") +
                "); re-write it or gunzip it to see where it ends");
  }
  return out;
}

}  // namespace tz

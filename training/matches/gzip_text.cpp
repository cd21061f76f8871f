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

struct GunzipStream::State {
  z_stream stream{};
  int status = Z_OK;  // zlib's last answer: Z_STREAM_END where a member has just ended
};

GunzipStream::GunzipStream(std::string what) : state_(std::make_unique<State>()), what_(std::move(what)) {
  if (inflateInit2(&state_->stream, kGzipWindowBits) != Z_OK) throw Error(what_ + ": zlib could not start decompressing");
}

GunzipStream::~GunzipStream() { inflateEnd(&state_->stream); }

void GunzipStream::inflate(const std::string& bytes, std::string& out) {
  z_stream& stream = state_->stream;
  char chunk[kChunk];
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = uInt(bytes.size());
  while (stream.avail_in > 0) {
    if (state_->status == Z_STREAM_END && inflateReset(&stream) != Z_OK) {  // a further member, as `cat a.gz b.gz` makes
      throw Error(what_ + " is not whole gzip data (corrupt); re-write it or gunzip it to see where it ends");
    }
    do {
      stream.next_out = reinterpret_cast<Bytef*>(chunk);
      stream.avail_out = uInt(sizeof chunk);
      state_->status = ::inflate(&stream, Z_NO_FLUSH);
      if (state_->status != Z_OK && state_->status != Z_STREAM_END && state_->status != Z_BUF_ERROR) {
        throw Error(what_ + " is not whole gzip data (corrupt); re-write it or gunzip it to see where it ends");
      }
      out.append(chunk, sizeof chunk - stream.avail_out);
    } while (stream.avail_out == 0 && state_->status == Z_OK);
    if (state_->status == Z_BUF_ERROR) break;
  }
}

void GunzipStream::finish() const {
  if (state_->status != Z_STREAM_END) {
    throw Error(what_ + " is not whole gzip data (truncated); re-write it or gunzip it to see where it ends");
  }
}

std::string gunzipText(const std::string& bytes, const std::string& what, uint64_t maxBytes) {
  GunzipStream stream(what);
  std::string out;
  for (size_t at = 0; at < bytes.size(); at += kChunk) {
    stream.inflate(bytes.substr(at, kChunk), out);
    if (out.size() > maxBytes) throw Error(what + " inflates to more than " + std::to_string(maxBytes) + " bytes");
  }
  stream.finish();
  return out;
}

}  // namespace tz

#include "nets/tensor_archive.h"

#include <cstring>
#include <set>

#include "game/base/error.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the weights format is written with the host's byte order, which must be little-endian"
#endif

namespace tz {

namespace {

constexpr char kMagic[] = "TZTENSORS1";
constexpr size_t kMagicSize = sizeof(kMagic) - 1;
constexpr size_t kMaxName = 200;
constexpr uint8_t kFloat32 = 1, kInt64 = 2;
constexpr uint8_t kMaxRank = 8;

template <class T>
void put(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof(value));
}

// Reads `bytes` front to back; every read checks the bytes left first.
class Reader {
 public:
  Reader(const std::string& bytes, const std::string& what) : bytes_(bytes), what_(what) {}

  template <class T>
  T get(const char* field) {
    T value;
    std::memcpy(&value, take(sizeof(T), field), sizeof(T));
    return value;
  }

  const char* take(uint64_t n, const char* field) {
    if (n > bytes_.size() - at_) {
      throw Error(what_ + ": its weights end early (in " + field + " at byte " + std::to_string(at_) + " of " +
                  std::to_string(bytes_.size()) + ")");
    }
    const char* p = bytes_.data() + at_;
    at_ += n;
    return p;
  }

  bool done() const { return at_ == bytes_.size(); }

 private:
  const std::string& bytes_;
  std::string what_;
  size_t at_ = 0;
};

// The number of elements of `shape`, refused when it overflows or exceeds `limit`.
uint64_t elementCount(const std::vector<int64_t>& shape, uint64_t limit, const std::string& what,
                      const std::string& name) {
  uint64_t n = 1;
  for (const int64_t d : shape) {
    if (d < 0 || (d > 0 && n > limit / uint64_t(d))) {
      throw Error(what + ": its weights are damaged (tensor " + tz::quoted(name) + " is larger than the file)");
    }
    n *= uint64_t(d);
  }
  return n;
}

std::string readName(Reader& in, const std::string& what) {
  const uint16_t length = in.get<uint16_t>("a tensor's name length");
  if (length == 0 || length > kMaxName) {
    throw Error(what + ": its weights are damaged (a tensor name of " + std::to_string(length) + " bytes)");
  }
  std::string name(in.take(length, "a tensor's name"), length);
  for (const unsigned char c : name) {
    if (c < 0x21 || c > 0x7e) throw Error(what + ": its weights are damaged (tensor name " + tz::quoted(name) + ")");
  }
  return name;
}

}  // namespace

std::string packTensors(const std::vector<NamedTensor>& tensors) {
  std::string out(kMagic, kMagicSize);
  put(out, uint32_t(tensors.size()));
  for (const auto& [name, value] : tensors) {
    const auto type = value.scalar_type();
    if (type != torch::kFloat && type != torch::kLong) {
      throw Error("tensor " + name + " is of type " + std::string(c10::toString(type)) +
                  ": the weights format holds float32 and int64 only");
    }
    put(out, uint16_t(name.size()));
    out += name;
    put(out, type == torch::kFloat ? kFloat32 : kInt64);
    put(out, uint8_t(value.dim()));
    for (const int64_t d : value.sizes()) put(out, uint64_t(d));
    const torch::Tensor cpu = value.detach().to(torch::kCPU).contiguous();
    out.append(static_cast<const char*>(cpu.data_ptr()), cpu.numel() * cpu.element_size());
  }
  return out;
}

std::vector<NamedTensor> unpackTensors(const std::string& bytes, const std::string& what) {
  Reader in(bytes, what);
  if (bytes.size() < kMagicSize || std::memcmp(bytes.data(), kMagic, kMagicSize) != 0) {
    throw Error(what + ": its weights are not in taflzero's weights format (bad magic bytes)");
  }
  in.take(kMagicSize, "the magic bytes");
  const uint32_t count = in.get<uint32_t>("the tensor count");
  std::vector<NamedTensor> tensors;
  std::set<std::string> names;
  for (uint32_t i = 0; i < count; ++i) {
    std::string name = readName(in, what);
    if (!names.insert(name).second) throw Error(what + ": its weights hold tensor " + tz::quoted(name) + " twice");
    const uint8_t type = in.get<uint8_t>("a tensor's type");
    if (type != kFloat32 && type != kInt64) {
      throw Error(what + ": its weights are damaged (tensor " + tz::quoted(name) + " of type " + std::to_string(type) + ")");
    }
    const uint8_t rank = in.get<uint8_t>("a tensor's rank");
    if (rank > kMaxRank) {
      throw Error(what + ": its weights are damaged (tensor " + tz::quoted(name) + " of rank " + std::to_string(rank) + ")");
    }
    std::vector<int64_t> shape;
    for (uint8_t d = 0; d < rank; ++d) {
      const uint64_t size = in.get<uint64_t>("a tensor's shape");
      shape.push_back(size > uint64_t(INT64_MAX) ? -1 : int64_t(size));
    }
    const size_t elementSize = type == kFloat32 ? sizeof(float) : sizeof(int64_t);
    const uint64_t n = elementCount(shape, bytes.size() / elementSize, what, name);
    const char* data = in.take(n * elementSize, "a tensor's elements");
    torch::Tensor value = torch::empty(shape, type == kFloat32 ? torch::kFloat : torch::kLong);
    if (n > 0) std::memcpy(value.data_ptr(), data, n * elementSize);
    tensors.push_back({std::move(name), std::move(value)});
  }
  if (!in.done()) throw Error(what + ": its weights are damaged (bytes after the last tensor)");
  return tensors;
}

}  // namespace tz

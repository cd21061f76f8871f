#include "training/distributed/run_store.h"

#include "game/base/error.h"
#include "training/distributed/run_store_impl.h"

namespace tz {

namespace {

std::vector<uint8_t> bytesOf(const std::string& s) { return std::vector<uint8_t>(s.begin(), s.end()); }

// The first line of a c10d message (they carry a C++ stack trace below it).
std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

template <typename F>
auto RunStore::guarded(const char* what, const std::string& key, F f) -> decltype(f()) {
  try {
    return f();
  } catch (const c10::Error& e) {
    throw Error("the run's store at " + address_ + " failed to " + what + " " + key + ": " +
                firstLine(e.what_without_backtrace()));
  } catch (const std::exception& e) {
    throw Error("the run's store at " + address_ + " failed to " + what + " " + key + ": " + firstLine(e.what()));
  }
}

RunStore::RunStore(const DistributedOptions& options) : impl_(std::make_unique<Impl>()), address_(options.address()) {
  c10d::TCPStoreOptions o;
  o.port = uint16_t(options.masterPort);
  o.isServer = options.coordinator();
  o.waitWorkers = false;  // actors come and go; nobody waits for a fixed number of them
  o.timeout = std::chrono::seconds(options.timeoutSeconds);
  const char* role = options.coordinator() ? "(as the coordinator, RANK 0)" : "(is the learner, RANK 0, running?)";
  guarded("open", role, [&] { impl_->store = c10::make_intrusive<c10d::TCPStore>(options.masterAddr, o); });
  address_ = options.masterAddr + ":" + std::to_string(impl_->store->getPort());
}

RunStore::~RunStore() = default;

int RunStore::port() const { return impl_->store->getPort(); }

void RunStore::set(const std::string& key, const std::string& value) {
  guarded("set", key, [&] { impl_->store->set(key, bytesOf(value)); });
}

std::string RunStore::get(const std::string& key) {
  const auto bytes = guarded("get", key, [&] { return impl_->store->get(key); });
  return std::string(bytes.begin(), bytes.end());
}

int64_t RunStore::add(const std::string& key, int64_t delta) {
  return guarded("add to", key, [&] { return impl_->store->add(key, delta); });
}

bool RunStore::has(const std::string& key) {
  return guarded("check", key, [&] { return impl_->store->check({key}); });
}

void RunStore::erase(const std::string& key) {
  guarded("delete", key, [&] { impl_->store->deleteKey(key); });
}

}  // namespace tz

#include "training/run/published_weights.h"

#include "nets/checkpoint.h"

namespace tz {

namespace {
constexpr size_t kPastLoaded = 4;  // past networks kept in memory
}  // namespace

NetEvaluatorOptions selfPlayEvaluatorOptions(const ExperimentConfig& c) {
  NetEvaluatorOptions o;
  o.maxBatch = c.evaluator.maxBatch;
  o.maxWaitUs = c.evaluator.maxWaitUs;
  o.clients = c.selfPlay.workers;  // the self-play workers are its only callers
  o.precision = parsePrecision(c.evaluator.precision, "evaluator.precision");
  return o;
}

PublishedWeights::PublishedWeights(const Game& game, std::string device, const NetEvaluatorOptions& options)
    : game_(game), device_(std::move(device)), options_(options) {}

void PublishedWeights::publish(const Network& net) {
  std::shared_ptr<const Network> copy = copyNetwork(net, device_);
  auto next = std::make_shared<NetEvaluator>(copy, options_);
  std::lock_guard<std::mutex> lock(mutex_);
  if (current_) current_->swap(next);
  else current_ = std::make_shared<SwappableEvaluator>(next);
  step_ = net.step();
  ++publications_;
}

std::shared_ptr<Evaluator> PublishedWeights::current() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return current_;
}

int64_t PublishedWeights::step() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return step_;
}

int PublishedWeights::publications() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return publications_;
}

void PublishedWeights::addPast(const CheckpointFile& file) {
  if (file.step <= 0) return;
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& p : past_)
    if (p.step == file.step) return;
  past_.push_back(file);
}

std::optional<PublishedWeights::Past> PublishedWeights::pickPast(uint64_t random) {
  CheckpointFile pick;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<const CheckpointFile*> older;
    for (const auto& p : past_)
      if (p.step < step_) older.push_back(&p);
    if (older.empty()) return std::nullopt;
    pick = *older[random % older.size()];
    if (auto it = loaded_.find(pick.step); it != loaded_.end()) return Past{it->second, pick.step};
  }
  std::shared_ptr<const Network> net = loadCheckpoint(pick.path, game_, device_);
  NetEvaluatorOptions options = options_;
  options.clients = 1;  // a past network may serve one worker alone: never wait for another
  std::shared_ptr<Evaluator> evaluator = std::make_shared<NetEvaluator>(net, options);
  std::lock_guard<std::mutex> lock(mutex_);
  loaded_[pick.step] = evaluator;
  while (loaded_.size() > kPastLoaded) loaded_.erase(loaded_.begin());
  return Past{evaluator, pick.step};
}

}  // namespace tz

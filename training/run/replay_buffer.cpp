#include "training/run/replay_buffer.h"

#include <algorithm>

#include "game/base/error.h"

namespace tz {

ReplayBuffer::ReplayBuffer(const Game& game, int window, uint64_t seed, double searchValueMix)
    : ReplayBuffer(std::vector<const Game*>{&game}, window, seed, searchValueMix) {}

ReplayBuffer::ReplayBuffer(std::vector<const Game*> games, int window, uint64_t seed, double searchValueMix)
    : games_(std::move(games)), window_(size_t(window)), searchValueMix_(searchValueMix), rng_(seed) {}

int ReplayBuffer::gameOf(const GameRecord& record) const {
  if (games_.size() == 1) return 0;
  std::string names;
  for (size_t i = 0; i < games_.size(); ++i) {
    if (games_[i]->name() == record.variant) return int(i);
    names += (names.empty() ? "" : ", ") + games_[i]->name();
  }
  throw Error("game " + std::to_string(record.id) + " of the record store is of variant " + record.variant +
              ", none of the run's variants (" + names + ")");
}

void ReplayBuffer::add(std::vector<Sample> samples) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& s : samples) {
    samples_.push_back(std::move(s));
    ++added_;
  }
  while (samples_.size() > window_) samples_.pop_front();
}

size_t ReplayBuffer::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return samples_.size();
}

int64_t ReplayBuffer::added() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return added_;
}

Batch emptyBatch(const Game& game, int n) {
  Batch b;
  b.size = n;
  b.planes.assign(size_t(n) * game.inputShape().size(), 0.f);
  b.policy.assign(size_t(n) * game.numActions(), 0.f);
  b.legal.assign(size_t(n) * game.numActions(), 0.f);
  b.values.assign(n, 0.f);
  b.results.assign(n, 0.f);
  return b;
}

void writeSample(const Game& game, const Sample& sample, int symmetry, Batch& batch, int row) {
  const int inputSize = game.inputShape().size();
  const int area = game.inputShape().height * game.inputShape().width;
  const int actions = game.numActions();
  const auto& cells = game.cellMap(symmetry);
  const auto& acts = game.actionMap(symmetry);
  float* dst = batch.planes.data() + size_t(row) * inputSize;
  std::fill(dst, dst + inputSize, 0.f);
  for (int p = 0; p < game.inputShape().planes; ++p)
    for (int c = 0; c < area; ++c) dst[p * area + cells[c]] = sample.planes[p * area + c];
  float* pol = batch.policy.data() + size_t(row) * actions;
  float* legal = batch.legal.data() + size_t(row) * actions;
  std::fill(pol, pol + actions, 0.f);
  std::fill(legal, legal + actions, 0.f);
  for (const auto& [a, prob] : sample.policy) pol[acts[a]] += prob;
  for (Action a : sample.legal) legal[acts[a]] = 1.f;
  batch.values[row] = sample.value;
  batch.results[row] = sample.result;
}

Batch ReplayBuffer::sample(int n) {
  Batch b = emptyBatch(*games_.front(), n);
  std::lock_guard<std::mutex> lock(mutex_);
  if (samples_.empty()) return b;
  std::uniform_int_distribution<size_t> pick(0, samples_.size() - 1);
  for (int i = 0; i < n; ++i) {
    const Sample& s = samples_[pick(rng_)];
    const Game& game = *games_[size_t(s.variant)];
    writeSample(game, s, std::uniform_int_distribution<int>(0, game.numSymmetries() - 1)(rng_), b, i);
  }
  return b;
}

std::vector<Sample> ReplayBuffer::samplesOf(const GameRecord& record,
                                            const std::vector<PositionRecord>& positions) const {
  const int variant = gameOf(record);
  const Game& game = *games_[size_t(variant)];
  std::vector<Sample> out;
  auto state = record.startPosition.empty() || record.startPosition == game.newGame()->record()
                   ? game.newGame()
                   : game.fromRecord(record.startPosition, game.sideName(record.startSide));
  size_t next = 0;
  for (int ply = 0; ply <= int(record.actions.size()); ++ply) {
    while (next < positions.size() && positions[next].ply < ply) ++next;
    if (next < positions.size() && positions[next].ply == ply && (positions[next].flags & kTrainingTarget)) {
      Sample s;
      s.planes.resize(game.inputShape().size());
      state->encode(s.planes.data());
      s.policy = positions[next].policy;
      state->legalActions(s.legal);
      s.toMove = state->toMove();
      s.variant = variant;
      const float result = record.winner < 0 ? 0.f : record.winner == s.toMove ? 1.f : -1.f;
      const float search = positions[next].value.value_or(result);
      s.value = float((1 - searchValueMix_) * result + searchValueMix_ * search);
      s.result = result;
      out.push_back(std::move(s));
    }
    if (ply < int(record.actions.size())) state->apply(record.actions[ply]);
  }
  return out;
}

void ReplayBuffer::rebuild(const RecordStore& store, const std::string& tag) {
  const auto games = store.gamesByTag(tag);
  std::vector<std::vector<Sample>> newest;
  size_t held = 0;
  int64_t older = 0;  // training positions of games beyond the window: counted, not replayed
  for (auto it = games.rbegin(); it != games.rend(); ++it) {
    const auto positions = store.positions(it->id);
    if (held >= window_) {
      older += std::count_if(positions.begin(), positions.end(),
                             [](const PositionRecord& p) { return p.flags & kTrainingTarget; });
      continue;
    }
    newest.push_back(samplesOf(*it, positions));
    held += newest.back().size();
  }
  for (auto it = newest.rbegin(); it != newest.rend(); ++it) add(std::move(*it));
  std::lock_guard<std::mutex> lock(mutex_);
  added_ += older;
}

}  // namespace tz

#include "mcts/node.h"

#include <algorithm>
#include <cmath>
#include <new>

namespace tz::mcts {

static_assert(sizeof(Node) <= 32 && sizeof(Edge) <= 16, "keep nodes and edges compact");
static_assert(alignof(Node) <= 16 && alignof(Edge) <= 16, "the arena aligns to 16 bytes");

float Node::q() const {
  const int nv = n();
  return nv > 0 ? float(w() / nv) : 0.f;
}

void Node::addVisit(float v) {
  valueSum.fetch_add(std::llround(double(v) * kValueScale), std::memory_order_relaxed);
  counts.fetch_add((uint64_t(1) << 32) - 1, std::memory_order_relaxed);  // visits + 1, in flight - 1
}

void Node::setNetValue(float v) {
  evaluation = int16_t(std::lround(std::clamp(v, -1.f, 1.f) * kEvalScale));
}

void Node::setStats(int visits, double sum) {
  valueSum.store(std::llround(sum * kValueScale), std::memory_order_relaxed);
  counts.store(uint64_t(visits) << 32, std::memory_order_relaxed);
}

NodeArena::NodeArena(size_t chunkBytes) : chunkBytes_(chunkBytes) {}

Edge* NodeArena::newEdges(int count, const Action* actions, const float* priors, const int* order) {
  Edge* edges = static_cast<Edge*>(allocate(sizeof(Edge) * size_t(count)));
  for (int i = 0; i < count; ++i) {
    const int k = order ? order[i] : i;
    new (&edges[i]) Edge(actions[k], priors[k]);
  }
  return edges;
}

Edge* NodeArena::copyEdges(const Edge* from, int count) {
  Edge* edges = static_cast<Edge*>(allocate(sizeof(Edge) * size_t(count)));
  for (int i = 0; i < count; ++i) new (&edges[i]) Edge(from[i].action, from[i].prior);
  return edges;
}

void* NodeArena::allocate(size_t bytes) {
  bytes = (bytes + 15) & ~size_t(15);
  for (;;) {
    Chunk* chunk = active_.load(std::memory_order_acquire);
    if (chunk) {
      const size_t offset = chunk->used.fetch_add(bytes, std::memory_order_relaxed);
      if (offset + bytes <= chunk->capacity) return chunk->memory.get() + offset;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (active_.load(std::memory_order_relaxed) != chunk) continue;  // another thread moved on
    const size_t next = chunk ? current_ + 1 : 0;
    if (chunk) retired_ += std::min(chunk->used.load(std::memory_order_relaxed), chunk->capacity);
    if (next < chunks_.size() && chunks_[next]->capacity < bytes) chunks_.erase(chunks_.begin() + long(next));
    if (next == chunks_.size()) {
      auto fresh = std::make_unique<Chunk>();
      fresh->capacity = std::max(chunkBytes_, bytes);
      // operator new[] of std::byte is aligned for any fundamental type (16 bytes).
      fresh->memory.reset(new std::byte[fresh->capacity]);
      chunks_.push_back(std::move(fresh));
    }
    chunks_[next]->used.store(0, std::memory_order_relaxed);
    chunkBytesInUse_.fetch_add(chunks_[next]->capacity, std::memory_order_relaxed);
    current_ = next;
    active_.store(chunks_[next].get(), std::memory_order_release);
  }
}

void NodeArena::clear() {
  current_ = 0;
  retired_ = 0;
  chunkBytesInUse_.store(chunks_.empty() ? 0 : chunks_[0]->capacity, std::memory_order_relaxed);
  if (chunks_.empty()) return;
  chunks_[0]->used.store(0, std::memory_order_relaxed);
  active_.store(chunks_[0].get(), std::memory_order_release);
}

size_t NodeArena::bytes() const {
  Chunk* chunk = active_.load(std::memory_order_acquire);
  return retired_ + (chunk ? std::min(chunk->used.load(std::memory_order_relaxed), chunk->capacity) : 0);
}

}  // namespace tz::mcts

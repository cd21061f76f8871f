#include "mcts/gumbel.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>
#include <tuple>

namespace tz::mcts {

namespace {

// log prior, finite for a zero prior.
float logPrior(const Edge& edge) { return std::log(std::max(edge.prior, 1e-30f)); }

// Whether the child behind `edge` is proven lost for the root's side to move.
bool provenLost(const Edge& edge) { return edgeResult(edge) == Proven::kLoss; }

// A draw of Gumbel(0, 1): -log(-log(u)), u uniform in (0, 1) kept off its ends so that g is finite.
float gumbelNoise(std::mt19937_64& rng) {
  const double u = std::uniform_real_distribution<double>(1e-12, 1.0 - 1e-12)(rng);
  return float(-std::log(-std::log(u)));
}

// The value of a visited or proven child for the root's side to move: exact when proven.
float knownValue(const Edge& edge, float draw) {
  const Proven r = edgeResult(edge);
  return r != Proven::kUnknown ? provenUtility(r, draw) : edge.node()->q();
}

}  // namespace

HalvingPlan::HalvingPlan(int candidates, int budget)
    : candidates_(std::max(1, candidates)), budget_(std::max(0, budget)), phases_(0) {
  while ((1 << phases_) < candidates_) ++phases_;
}

int HalvingPlan::kept(int k) const { return (candidates_ + (1 << k) - 1) >> k; }

int HalvingPlan::visits(int k) const {
  if (k < phases_) return std::max(1, budget_ / (phases_ * kept(k)));
  int spent = 0;
  for (int j = 0; j < phases_; ++j) spent += kept(j) * visits(j);
  return std::max(0, budget_ - spent);
}

float mixedValue(const Node& root, float draw) {
  double visits = 0, priors = 0, weighted = 0;
  for (int i = 0; i < root.numEdges; ++i) {
    const Edge& e = root.edges[i];
    const int n = edgeVisits(e);
    if (n == 0) continue;
    visits += n;
    priors += e.prior;
    weighted += double(e.prior) * knownValue(e, draw);
  }
  const double net = root.netValue();
  if (visits == 0) return float(net);
  return float((net + visits / std::max(priors, 1e-30) * weighted) / (1 + visits));
}

std::vector<float> completedQ(const Node& root, float draw) {
  const float mixed = mixedValue(root, draw);
  std::vector<float> q(size_t(root.numEdges));
  for (int i = 0; i < root.numEdges; ++i) {
    const Edge& e = root.edges[i];
    const bool known = edgeVisits(e) > 0 || edgeResult(e) != Proven::kUnknown;
    q[size_t(i)] = known ? knownValue(e, draw) : mixed;
  }
  return q;
}

std::vector<float> sigmaQ(const Node& root, float cVisit, float cScale, bool rescale, float draw) {
  std::vector<float> q = completedQ(root, draw);
  if (q.empty()) return q;
  const auto [lo, hi] = std::minmax_element(q.begin(), q.end());
  const float low = rescale ? *lo : -1.f, range = rescale ? std::max(*hi - *lo, 1e-8f) : 2.f;
  int most = 0;
  for (int i = 0; i < root.numEdges; ++i) most = std::max(most, edgeVisits(root.edges[i]));
  const float scale = (cVisit + float(most)) * cScale;
  for (float& v : q) v = scale * (v - low) / range;
  return q;
}

std::vector<float> improvedPolicy(const Node& root, float cVisit, float cScale, bool rescale, float draw) {
  std::vector<float> p = sigmaQ(root, cVisit, cScale, rescale, draw);
  if (p.empty()) return p;
  for (int i = 0; i < root.numEdges; ++i) p[size_t(i)] += logPrior(root.edges[i]);
  const float top = *std::max_element(p.begin(), p.end());
  double sum = 0;
  for (float& v : p) sum += v = std::exp(v - top);
  for (float& v : p) v = float(v / sum);
  return p;
}

void GumbelRoot::start(const Node& root, const SearchOptions& options, float draw, bool noise,
                       std::mt19937_64& rng, int budget) {
  draw_ = draw;
  cVisit_ = options.gumbelCVisit;
  cScale_ = options.gumbelCScale;
  rescale_ = options.gumbelRescale;
  const int n = root.numEdges;
  g_.assign(size_t(n), 0.f);
  if (noise)
    for (float& g : g_) g = gumbelNoise(rng);
  std::vector<int> order(g_.size());
  std::iota(order.begin(), order.end(), 0);
  auto key = [&](int i) { return g_[size_t(i)] + logPrior(root.edges[i]); };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const bool lostA = provenLost(root.edges[a]), lostB = provenLost(root.edges[b]);
    return lostA != lostB ? lostB : key(a) > key(b);
  });
  first_.assign(order.begin(), order.begin() + std::min(std::max(1, options.gumbelCandidates), n));
  restart(root, budget);
}

void GumbelRoot::restart(const Node& root, int budget) {
  alive_ = first_;
  dropLost(root);
  plan_ = HalvingPlan(int(alive_.size()), budget);
  phase_ = 0;
  beginPhase(root);
}

Edge* GumbelRoot::next(const Node& root) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (handedTotal_ >= quota_) {
    if (!phaseFinished(root)) return nullptr;
    halve(root);
  }
  const size_t k = size_t(std::min_element(handedOut_.begin(), handedOut_.end()) - handedOut_.begin());
  ++handedOut_[k];
  ++handedTotal_;
  return &root.edges[alive_[k]];
}

void GumbelRoot::giveBack(const Node& root, const Edge& edge) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = std::find(alive_.begin(), alive_.end(), int(&edge - root.edges));
  const size_t k = size_t(it - alive_.begin());
  if (it == alive_.end() || handedOut_[k] == 0) return;
  --handedOut_[k];
  --handedTotal_;
}

std::vector<float> GumbelRoot::policy(const Node& root) const { return improvedPolicy(root, cVisit_, cScale_, rescale_, draw_); }

const Edge& GumbelRoot::choice(const Node& root) const {
  const std::vector<float> s = scores(root);
  auto rank = [&](int i) {
    const bool candidate = std::find(alive_.begin(), alive_.end(), i) != alive_.end();
    return std::make_tuple(!provenLost(root.edges[i]), candidate, s[size_t(i)]);
  };
  int best = 0;
  for (int i = 1; i < root.numEdges; ++i)
    if (rank(i) > rank(best)) best = i;
  return root.edges[best];
}

std::vector<float> GumbelRoot::scores(const Node& root) const {
  std::vector<float> s = sigmaQ(root, cVisit_, cScale_, rescale_, draw_);
  for (int i = 0; i < root.numEdges; ++i) s[size_t(i)] += g_[size_t(i)] + logPrior(root.edges[i]);
  return s;
}

void GumbelRoot::halve(const Node& root) {
  const std::vector<float> s = scores(root);
  dropLost(root);
  std::stable_sort(alive_.begin(), alive_.end(), [&](int a, int b) { return s[size_t(a)] > s[size_t(b)]; });
  ++phase_;
  alive_.resize(std::min(alive_.size(), size_t(plan_.kept(phase_))));
  beginPhase(root);
}

void GumbelRoot::dropLost(const Node& root) {
  auto lost = [&](int i) { return provenLost(root.edges[i]); };
  if (std::all_of(alive_.begin(), alive_.end(), lost)) return;
  alive_.erase(std::remove_if(alive_.begin(), alive_.end(), lost), alive_.end());
}

void GumbelRoot::beginPhase(const Node& root) {
  handedOut_.assign(alive_.size(), 0);
  handedTotal_ = 0;
  quota_ = phase_ < plan_.phases() ? int(alive_.size()) * plan_.visits(phase_) : INT_MAX;
  base_.clear();
  for (const int i : alive_) base_.push_back(edgeVisits(root.edges[i]));
}

bool GumbelRoot::phaseFinished(const Node& root) const {
  for (size_t k = 0; k < alive_.size(); ++k)
    if (edgeVisits(root.edges[alive_[k]]) - base_[k] < handedOut_[k]) return false;
  return true;
}

}  // namespace tz::mcts

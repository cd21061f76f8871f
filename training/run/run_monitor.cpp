#include "training/run/run_monitor.h"

#include <algorithm>
#include <cstdio>

#include "training/charts/curves.h"

namespace tz {

namespace {

std::string formatDuration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e7) return "--:--";
  const int s = int(seconds);
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  return buf;
}

}  // namespace

RunMonitor::RunMonitor(const std::string& metricsPath, const BudgetConfig& budget, bool progress)
    : budget_(budget), progress_(progress), start_(Clock::now()) {
  for (const auto& m : readMetrics(metricsPath)) {
    if (m.contains("seconds") && m["seconds"].is_number()) secondsBefore_ = std::max(secondsBefore_, m["seconds"].get<double>());
  }
  metrics_.open(metricsPath, std::ios::app);
}

void RunMonitor::metric(nlohmann::json line) {
  line["seconds"] = elapsed();
  std::lock_guard<std::mutex> lock(metricsMutex_);
  metrics_ << line.dump() << "\n";
  metrics_.flush();
}

double RunMonitor::elapsed() const { return secondsBefore_ + processSeconds(); }

bool RunMonitor::timeSpent() const { return budget_.minutes > 0 && elapsed() >= budget_.minutes * 60; }

bool RunMonitor::budgetSpent() const {
  if (timeSpent()) return true;
  if (budget_.games > 0 && games_.load() >= budget_.games) return true;
  if (budget_.steps > 0 && step_.load() >= budget_.steps) return true;
  return false;
}

void RunMonitor::start(int games, int64_t step) {
  games_ = gamesAtStart_ = games;
  step_ = stepsAtStart_ = step;
}

void RunMonitor::raiseGames(int games) {
  int now = games_.load();
  while (now < games && !games_.compare_exchange_weak(now, games)) {
  }
}

void RunMonitor::setStep(int64_t step, double policyLoss, double valueLoss) {
  step_ = step;
  std::lock_guard<std::mutex> lock(showMutex_);
  policyLoss_ = policyLoss;
  valueLoss_ = valueLoss;
}

void RunMonitor::setRating(const std::string& rating) {
  std::lock_guard<std::mutex> lock(showMutex_);
  rating_ = rating;
}

void RunMonitor::show(bool force) { draw(force, false); }

void RunMonitor::draw(bool force, bool last) {
  if (!progress_) return;
  std::lock_guard<std::mutex> lock(showMutex_);
  const auto now = Clock::now();
  if (!force && now - lastShown_ < std::chrono::milliseconds(500)) return;
  lastShown_ = now;
  // ETA from whichever budget runs out first at the current rates.
  double eta = 1e18;
  const double t = processSeconds();
  if (budget_.minutes > 0) eta = std::min(eta, std::max(0.0, budget_.minutes * 60 - elapsed()));
  const int newGames = games_.load() - gamesAtStart_;
  if (budget_.games > 0 && newGames > 0) eta = std::min(eta, (budget_.games - games_.load()) * t / newGames);
  const int64_t step = step_.load();
  const int64_t newSteps = step - stepsAtStart_;
  if (budget_.steps > 0 && newSteps > 0) eta = std::min(eta, double(budget_.steps - step) * t / double(newSteps));
  char text[256];
  std::snprintf(text, sizeof text, "[train] games %d | positions/s %.0f | step %lld | loss %.3f+%.3f | elo %s | ETA %s",
                games_.load(), positionsPerSecond_.load(), static_cast<long long>(step), policyLoss_, valueLoss_,
                rating_.c_str(), formatDuration(eta).c_str());
  line_.show(text, last);
}

void RunMonitor::end() { draw(true, true); }

}  // namespace tz

#include "training/balance/pooled_model.h"

#include <Eigen/Dense>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "training/matches/hypothesis.h"

namespace tz {

namespace {

double logistic(double x) { return 1 / (1 + std::exp(-x)); }

// The level of the model's tests (an effect differing across levels, a change with strength).
constexpr double kTestLevel = 0.05;

// The model's columns and how to fill a row of them for any levels at any Elo.
struct Design {
  const std::vector<PooledFactor>* factors = nullptr;
  bool elo = false;           // an Elo slope column
  bool strength = false;      // rule x Elo columns (with the Elo column only)
  bool interactions = false;  // two-way interaction columns
  double topElo = 0;          // the Elo the slope is centred at

  // The column names.
  std::vector<std::string> terms() const {
    std::vector<std::string> out{"intercept"};
    forEachColumn([&](const std::string& name, const std::vector<int>&, double) { out.push_back(name); }, {}, 0);
    return out;
  }

  // The row of `levels` at `eloValue`.
  Eigen::VectorXd row(const std::vector<int>& levels, double eloValue) const {
    std::vector<double> values{1};
    forEachColumn([&](const std::string&, const std::vector<int>&, double v) { values.push_back(v); }, levels, eloValue);
    return Eigen::Map<Eigen::VectorXd>(values.data(), Eigen::Index(values.size()));
  }

  // How the row of `levels` moves per 100 Elo (its product with the coefficients is the
  // variant's slope of the logit).
  Eigen::VectorXd eloGradient(const std::vector<int>& levels) const {
    return row(levels, topElo + 100) - row(levels, topElo);
  }

 private:
  // Calls `f(name, levels, value)` for every column after the intercept, in order.
  template <class F>
  void forEachColumn(F f, const std::vector<int>& levels, double eloValue) const {
    const auto& fs = *factors;
    const auto at = [&](size_t factor, int level) { return !levels.empty() && levels[factor] == level ? 1.0 : 0.0; };
    const auto level = [&](size_t factor, int l) { return fs[factor].name + "=" + fs[factor].levels[size_t(l)]; };
    const double x = (eloValue - topElo) / 100;
    for (size_t a = 0; a < fs.size(); ++a)
      for (int l = 1; l < int(fs[a].levels.size()); ++l) f(level(a, l), levels, at(a, l));
    if (elo) f("elo/100", levels, x);
    if (elo && strength)
      for (size_t a = 0; a < fs.size(); ++a)
        for (int l = 1; l < int(fs[a].levels.size()); ++l) f(level(a, l) + " x elo/100", levels, at(a, l) * x);
    if (!interactions) return;
    for (size_t a = 0; a < fs.size(); ++a)
      for (size_t b = a + 1; b < fs.size(); ++b)
        for (int l = 1; l < int(fs[a].levels.size()); ++l)
          for (int m = 1; m < int(fs[b].levels.size()); ++m) f(level(a, l) + " x " + level(b, m), levels, at(a, l) * at(b, m));
  }
};

// Every combination of levels, first factor slowest.
std::vector<std::vector<int>> allLevels(const std::vector<PooledFactor>& factors) {
  std::vector<std::vector<int>> out{{}};
  for (const PooledFactor& f : factors) {
    std::vector<std::vector<int>> next;
    for (const auto& prefix : out)
      for (int l = 0; l < int(f.levels.size()); ++l) {
        next.push_back(prefix);
        next.back().push_back(l);
      }
    out = std::move(next);
  }
  return out;
}

// The first column that adds nothing to the ones before it (the cells cannot tell it apart
// from them); -1 when the design has full rank.
int dependentColumn(const Eigen::MatrixXd& x) {
  for (Eigen::Index c = 1; c <= x.cols(); ++c) {
    if (Eigen::ColPivHouseholderQR<Eigen::MatrixXd>(x.leftCols(c)).rank() < c) return int(c - 1);
  }
  return -1;
}

// The quasi-likelihood fit of the cells' scores: coefficients, their covariance (dispersions
// included), the dispersions and the cells' degrees of freedom.
struct Fit {
  Eigen::VectorXd beta;
  Eigen::MatrixXd cov;
  double gameDispersion = 1;
  double dispersion = 1;
  int df = 0;
};

// How a fit ended.
enum class FitOutcome { kFitted, kSeparated, kNotConverged };

// The smallest games' dispersion used (every game drawn would make it 0).
constexpr double kMinGameDispersion = 0.01;

// The games' own dispersion: each game's squared residual about its cell's mean score (a game
// scores 1, 1/2 or 0; a cell's mean square is score - drawRate / 4) over the binomial
// variance at the fitted `eta`, summed and divided by the games less the cells. 1 without
// draws, less with them (0.3 at 70% draws and a score of 0.5).
double gameDispersion(const std::vector<PooledCell>& cells, const Eigen::VectorXd& eta) {
  double pearson = 0, games = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    const PooledCell& c = cells[i];
    const double mu = logistic(eta(Eigen::Index(i))), v = std::max(mu * (1 - mu), 1e-12);
    const double within = std::max(0.0, c.score - c.drawRate / 4 - c.score * c.score);
    pearson += c.games * within / v;
    games += c.games;
  }
  const double df = games - double(cells.size());
  return df > 0 ? std::max(kMinGameDispersion, pearson / df) : 1.0;
}

// Fits the cells' scores to the design `x`, each cell's Elo error carried through its slope
// (the row of `eloGradient` times the coefficients).
FitOutcome fitScores(const Eigen::MatrixXd& x, const Eigen::MatrixXd& eloGradient, const std::vector<PooledCell>& cells,
                     Fit& fit) {
  const Eigen::Index n = x.rows(), p = x.cols();
  Eigen::VectorXd beta = Eigen::VectorXd::Zero(p), variance(n);
  Eigen::MatrixXd info;
  const auto weigh = [&](Eigen::VectorXd& w, Eigen::VectorXd& z) {
    const Eigen::VectorXd eta = x * beta, slope = eloGradient * beta;
    fit.gameDispersion = gameDispersion(cells, eta);
    for (Eigen::Index i = 0; i < n; ++i) {
      const PooledCell& c = cells[size_t(i)];
      const double mu = logistic(eta(i)), v = std::max(mu * (1 - mu), 1e-12);
      const double fromElo = slope(i) * v * c.eloStderr / 100;
      variance(i) = fit.gameDispersion * v / c.games + fromElo * fromElo;
      w(i) = v * v / variance(i);
      z(i) = eta(i) + (c.score - mu) / v;
    }
  };
  // Firth's penalty: each cell's working response moves by h (1/2 - mu) / w, h its leverage
  // (the diagonal of the weighted hat matrix), so that the estimates stay finite when a level
  // or cell has (almost) no wins for one side.
  const auto penalise = [&](const Eigen::VectorXd& w, Eigen::VectorXd& z) {
    const Eigen::MatrixXd inverse = (x.transpose() * w.asDiagonal() * x).inverse();
    const Eigen::VectorXd eta = x * beta;
    for (Eigen::Index i = 0; i < n; ++i) {
      const double h = w(i) * x.row(i).dot(inverse * x.row(i).transpose());
      z(i) += h * (0.5 - logistic(eta(i))) / w(i);
    }
  };
  Eigen::VectorXd w(n), z(n);
  bool converged = false;
  for (int iteration = 0; iteration < 200 && !converged; ++iteration) {
    weigh(w, z);
    penalise(w, z);
    info = x.transpose() * w.asDiagonal() * x;
    const Eigen::VectorXd next = info.ldlt().solve(x.transpose() * w.asDiagonal() * z);
    if (!next.allFinite() || next.cwiseAbs().maxCoeff() > 30) return FitOutcome::kSeparated;
    converged = (next - beta).cwiseAbs().maxCoeff() < 1e-10;
    beta = next;
  }
  if (!converged) return FitOutcome::kNotConverged;
  weigh(w, z);
  info = x.transpose() * w.asDiagonal() * x;
  fit.beta = beta;
  fit.df = int(n - p);
  if (fit.df > 0) {
    double pearson = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      const double r = cells[size_t(i)].score - logistic(x.row(i).dot(beta));
      pearson += r * r / variance(i);
    }
    fit.dispersion = std::max(1.0, pearson / fit.df);
  }
  fit.cov = info.inverse() * fit.dispersion;
  return fit.cov.allFinite() ? FitOutcome::kFitted : FitOutcome::kSeparated;
}

// A cell's levels and Elo as words: "first=attackers, king=strong at Elo 300".
std::string cellName(const std::vector<PooledFactor>& factors, const PooledCell& c) {
  std::string name;
  for (size_t f = 0; f < factors.size(); ++f)
    name += (f ? ", " : "") + factors[f].name + "=" + factors[f].levels[size_t(c.levels[f])];
  char elo[32];
  std::snprintf(elo, sizeof elo, " at Elo %.0f", c.elo);
  return name + elo;
}

// Why a fit runs off to infinity: the level whose every cell has a score of 0 or 1, else the
// cells that do (at most three named), else a combination of levels.
std::string separationReason(const std::vector<PooledFactor>& factors, const std::vector<PooledCell>& cells) {
  const auto extreme = [](const PooledCell& c) { return c.score <= 0 || c.score >= 1; };
  for (size_t f = 0; f < factors.size(); ++f) {
    for (int l = 0; l < int(factors[f].levels.size()); ++l) {
      bool any = false, all = true;
      for (const PooledCell& c : cells) {
        if (c.levels[f] != l) continue;
        any = true;
        all = all && extreme(c);
      }
      if (any && all) {
        return "separated: every cell of level " + factors[f].name + "=" + factors[f].levels[size_t(l)] +
               " has a score of 0 or 1, so its effect runs off to infinity";
      }
    }
  }
  std::vector<std::string> named;
  for (const PooledCell& c : cells)
    if (extreme(c)) named.push_back(cellName(factors, c) + " (score " + (c.score >= 1 ? "1" : "0") + ")");
  if (named.empty()) return "separated: the fit runs off to infinity (a combination of levels whose scores the logit cannot reach)";
  std::string list;
  for (size_t i = 0; i < named.size() && i < 3; ++i) list += (i ? "; " : "") + named[i];
  if (named.size() > 3) list += "; and " + std::to_string(named.size() - 3) + " more";
  return "separated: the fit runs off to infinity at cells whose score is 0 or 1: " + list;
}

// The two-sided quantile of `confidence` on t with `df` degrees of freedom (normal when none).
double quantile(int df, double confidence) {
  if (df <= 0) return normalQuantile(confidence);
  return boost::math::quantile(boost::math::complement(boost::math::students_t(df), (1 - confidence) / 2));
}

// Two-sided p-value of `z` on t with `df` degrees of freedom (normal when none).
double twoSidedP(int df, double z) {
  if (df <= 0) return 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::abs(z)));
  return 2 * boost::math::cdf(boost::math::complement(boost::math::students_t(df), std::abs(z)));
}

// No other factor held at a level: effectAt averages over every other factor.
constexpr size_t kNoFactor = size_t(-1);

// The mean change of the score when `factor` moves from its reference level to `level`, over
// every combination of the other factors' levels at `elo` (with factor `held` at level
// `heldLevel` only, unless `held` is kNoFactor); its gradient in the coefficients goes to
// `gradient`.
double effectAt(const Design& design, const Fit& fit, size_t factor, int level, double elo, Eigen::VectorXd& gradient,
                size_t held = kNoFactor, int heldLevel = 0) {
  double change = 0;
  gradient = Eigen::VectorXd::Zero(fit.beta.size());
  int combinations = 0;
  for (std::vector<int> levels : allLevels(*design.factors)) {
    if (levels[factor] != 0 || (held != kNoFactor && levels[held] != heldLevel)) continue;
    const Eigen::VectorXd x0 = design.row(levels, elo);
    levels[factor] = level;
    const Eigen::VectorXd x1 = design.row(levels, elo);
    const double p0 = logistic(x0.dot(fit.beta)), p1 = logistic(x1.dot(fit.beta));
    change += p1 - p0;
    gradient += p1 * (1 - p1) * x1 - p0 * (1 - p0) * x0;
    ++combinations;
  }
  gradient /= combinations;
  return change / combinations;
}

// A change of the score and its verdict against the margin.
struct Judged {
  Estimate change;      // with its 95% interval, clipped to +-limit
  double p = 1;         // two-sided test of no change
  std::string verdict;  // "within the margin", `up`, `down` or "undecided"
};

// Judges `change` with gradient `gradient` (delta method on the fit's covariance, t on its
// degrees of freedom): within the margin when its 90% interval lies inside +-margin, `up` or
// `down` when its 95% interval excludes 0 on that side.
Judged judge(double change, const Eigen::VectorXd& gradient, const Fit& fit, double margin, double limit,
             const std::string& up, const std::string& down) {
  const double se = std::sqrt(std::max(0.0, gradient.dot(fit.cov * gradient)));
  const double q95 = quantile(fit.df, 0.95), q90 = quantile(fit.df, 0.90);
  Judged j{{change, std::max(-limit, change - q95 * se), std::min(limit, change + q95 * se)}, 1, "undecided"};
  j.p = se > 0 ? twoSidedP(fit.df, change / se) : 1;
  if (change - q90 * se > -margin && change + q90 * se < margin) j.verdict = "within the margin";
  else if (change - q95 * se > 0) j.verdict = up;
  else if (change + q95 * se < 0) j.verdict = down;
  return j;
}

// A score this close to 0 or 1 cannot move: a level whose every predicted score is so pins it.
constexpr double kPinned = 0.02;

// The first other factor (than `factor`) with a level whose every predicted score at the top
// Elo lies within kPinned of 0 or 1, while another of its levels does not: the factor and
// that level, or empty strings.
std::pair<std::string, std::string> pinningLevel(const Design& design, const Fit& fit, size_t factor) {
  const auto& factors = *design.factors;
  for (size_t other = 0; other < factors.size(); ++other) {
    if (other == factor) continue;
    std::vector<bool> pinned(factors[other].levels.size(), true);
    for (const std::vector<int>& levels : allLevels(factors)) {
      const double p = logistic(design.row(levels, design.topElo).dot(fit.beta));
      if (p > kPinned && p < 1 - kPinned) pinned[size_t(levels[other])] = false;
    }
    const auto at = std::find(pinned.begin(), pinned.end(), true);
    if (at != pinned.end() && std::find(pinned.begin(), pinned.end(), false) != pinned.end())
      return {factors[other].name, factors[other].levels[size_t(at - pinned.begin())]};
  }
  return {"", ""};
}

// The effect of moving `factor` from its reference level to `level` at the top Elo: averaged
// over the other factors, and within each level of each other factor. The average is judged
// only where no other factor's levels change the effect (every within-level difference with
// p >= 0.05) and none pins the score: an average of an effect and no effect is neither.
RuleEffect ruleEffect(const Design& design, const Fit& fit, size_t factor, int level, double margin) {
  const auto& factors = *design.factors;
  const auto& f = factors[factor];
  Eigen::VectorXd gradient;
  const double change = effectAt(design, fit, factor, level, design.topElo, gradient);
  const Judged j = judge(change, gradient, fit, margin, 1, "raises", "lowers");
  RuleEffect e;
  e.factor = f.name;
  e.from = f.levels[0];
  e.to = f.levels[size_t(level)];
  e.effect = j.change;
  e.p = j.p;
  e.verdict = j.verdict;
  std::string differs;  // the other factor with the smallest within-level difference p
  for (size_t other = 0; other < factors.size(); ++other) {
    if (other == factor) continue;
    Eigen::VectorXd first;
    double firstChange = 0;
    for (int l = 0; l < int(factors[other].levels.size()); ++l) {
      Eigen::VectorXd g;
      const double c = effectAt(design, fit, factor, level, design.topElo, g, other, l);
      const Judged within = judge(c, g, fit, margin, 1, "raises", "lowers");
      e.within.push_back({factors[other].name, factors[other].levels[size_t(l)], within.change, within.p, within.verdict});
      if (l == 0) {
        first = g;
        firstChange = c;
        continue;
      }
      const double p = judge(c - firstChange, g - first, fit, margin, 2, "", "").p;
      if (p < e.differsP) {
        e.differsP = p;
        differs = factors[other].name;
      }
    }
  }
  if (e.differsP < kTestLevel) {
    e.differsWith = differs;
    char why[64];
    std::snprintf(why, sizeof why, "its levels change the effect (p %.2g)", e.differsP);
    e.differsWhy = why;
  } else if (const auto [pinning, level] = pinningLevel(design, fit, factor); !pinning.empty()) {
    char why[96];
    std::snprintf(why, sizeof why, " pins the score (every predicted score there within %.2f of 0 or 1)", kPinned);
    e.differsWith = pinning;
    e.differsWhy = pinning + "=" + level + why;
  }
  if (!e.differsWith.empty()) e.verdict = "averaged over " + e.differsWith + "'s levels: not judged";
  return e;
}

// How the effect of moving `factor` to `level` changes from `lowElo` to the top Elo in a
// fit with rule x Elo terms.
Judged strengthChange(const Design& design, const Fit& fit, size_t factor, int level, double lowElo, double margin) {
  Eigen::VectorXd top, low;
  const double change = effectAt(design, fit, factor, level, design.topElo, top) -
                        effectAt(design, fit, factor, level, lowElo, low);
  return judge(change, top - low, fit, margin, 2, "rises", "falls");
}

// Fits `design` to `cells`: an empty string, or why it cannot be fitted.
std::string fitDesign(const Design& design, const std::vector<PooledCell>& cells, Fit& fit) {
  const std::vector<std::string> terms = design.terms();
  if (cells.size() < terms.size())
    return std::to_string(cells.size()) + " cells with games for " + std::to_string(terms.size()) + " terms";
  Eigen::MatrixXd x(Eigen::Index(cells.size()), Eigen::Index(terms.size())), gradient(x.rows(), x.cols());
  for (size_t i = 0; i < cells.size(); ++i) {
    x.row(Eigen::Index(i)) = design.row(cells[i].levels, cells[i].elo);
    gradient.row(Eigen::Index(i)) = design.eloGradient(cells[i].levels);
  }
  if (const int c = dependentColumn(x); c >= 0)
    return "singular design: the cells cannot tell term '" + terms[size_t(c)] + "' from the terms before it";
  switch (fitScores(x, gradient, cells, fit)) {
    case FitOutcome::kSeparated: return separationReason(*design.factors, cells);
    case FitOutcome::kNotConverged: return "the fit did not converge in 200 iterations";
    case FitOutcome::kFitted: break;
  }
  return "";
}

// The columns `design` has (a count).
int columns(const Design& design) { return int(design.terms().size()); }

// Whether `cells` leave at least three residual degrees of freedom to `design`.
bool roomFor(const Design& design, const std::vector<PooledCell>& cells) {
  return int(cells.size()) - columns(design) >= 3;
}

}  // namespace

PooledModel fitPooledModel(const std::vector<PooledFactor>& factors, const std::vector<PooledCell>& all,
                           double margin) {
  PooledModel m;
  std::vector<PooledCell> cells;
  std::set<double> elos;
  for (const PooledCell& c : all) {
    if (c.games <= 0) continue;
    cells.push_back(c);
    elos.insert(c.elo);
  }
  Design design{&factors, elos.size() >= 2, false, false, elos.empty() ? 0 : *elos.rbegin()};
  m.topElo = design.topElo;
  m.lowElo = elos.empty() ? 0 : *elos.begin();
  const int mainColumns = columns(design);
  design.interactions = true;
  design.interactions = columns(design) > mainColumns && roomFor(design, cells);
  m.interactions = design.interactions;
  m.terms = design.terms();
  Fit fit;
  m.reason = fitDesign(design, cells, fit);
  if (!m.reason.empty()) return m;
  m.fitted = true;
  m.residualDf = fit.df;
  m.gameDispersion = fit.gameDispersion;
  m.dispersion = fit.dispersion;
  if (design.elo) {
    const int column = mainColumns - 1;
    const double slope = fit.beta(column), half = quantile(fit.df, 0.95) * std::sqrt(fit.cov(column, column));
    m.hasEloSlope = true;
    m.eloSlope = {slope, slope - half, slope + half};
  }
  // Whether each rule's effect changes with strength: the same model with a rule x Elo term
  // per rule level. Where it fits, the effects at the top are read from it (it nests the main
  // model, whose single Elo slope it may reject).
  Design withStrength = design;
  withStrength.strength = true;
  if (!design.elo) m.strengthReason = "the cells have one Elo value";
  else if (columns(withStrength) == columns(design)) m.strengthReason = "no rule varies";
  else if (!roomFor(withStrength, cells))
    m.strengthReason = std::to_string(cells.size()) + " cells leave too few degrees of freedom for the " +
                       std::to_string(columns(withStrength)) + " terms with rule x Elo";
  Fit strong;
  if (m.strengthReason.empty()) m.strengthReason = fitDesign(withStrength, cells, strong);
  m.strengthMeasured = m.strengthReason.empty();
  const Design& reading = m.strengthMeasured ? withStrength : design;
  const Fit& read = m.strengthMeasured ? strong : fit;
  if (m.strengthMeasured) m.effectsModel = "rule x Elo";
  for (size_t f = 0; f < factors.size(); ++f)
    for (int l = 1; l < int(factors[f].levels.size()); ++l) m.effects.push_back(ruleEffect(reading, read, f, l, margin));
  const double q95 = quantile(read.df, 0.95);
  for (const auto& levels : allLevels(factors)) {
    const Eigen::VectorXd row = reading.row(levels, reading.topElo);
    const double eta = row.dot(read.beta), half = q95 * std::sqrt(std::max(0.0, row.dot(read.cov * row)));
    m.topScores.push_back({logistic(eta), logistic(eta - half), logistic(eta + half)});
  }
  if (!m.strengthMeasured) return m;
  std::vector<double> p;
  size_t e = 0;
  for (size_t f = 0; f < factors.size(); ++f)
    for (int l = 1; l < int(factors[f].levels.size()); ++l, ++e) {
      const Judged j = strengthChange(withStrength, strong, f, l, m.lowElo, margin);
      m.effects[e].strengthChange = j.change;
      m.effects[e].strengthP = j.p;
      m.effects[e].strengthVerdict = j.verdict;
      p.push_back(j.p);
    }
  // Holm over the rules' strength tests: a change is called only where the adjusted p is below
  // 0.05; below 0.05 unadjusted, it is suggestive.
  const std::vector<double> adjusted = holmAdjust(p);
  for (size_t i = 0; i < m.effects.size(); ++i) {
    RuleEffect& effect = m.effects[i];
    effect.strengthAdjusted = adjusted[i];
    const bool named = effect.strengthVerdict == "rises" || effect.strengthVerdict == "falls";
    if (named && adjusted[i] >= kTestLevel)
      effect.strengthVerdict = effect.strengthVerdict == "rises" ? "suggests a rise" : "suggests a fall";
  }
  return m;
}

}  // namespace tz

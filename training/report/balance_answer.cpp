#include "training/report/balance_answer.h"

#include <cmath>

#include "training/report/balance_verdicts.h"

namespace tz {

namespace {

std::string interval(const Estimate& e) { return "[" + fixed(e.low) + ", " + fixed(e.high) + "]"; }

// "a, b and c" of escaped names.
std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + ("<code>" + escapeHtml(names[i]) + "</code>");
  return out;
}

// "one variant" / "3 variants".
std::string variants(size_t n) { return n == 1 ? "one variant" : std::to_string(n) + " variants"; }

// The verdicts with the strongest agent, grouped.
std::string topParagraph(const BalanceResults& r) {
  const int top = r.topStrength();
  std::vector<std::string> balanced, side0, side1, undecided;
  for (size_t v = 0; v < r.study.variants.size(); ++v) {
    const CellResult& c = r.cell(int(v), top);
    if (!c.stats.games) continue;
    const std::string text = r.study.variants[v].id;
    switch (c.study.verdict) {
      case Verdict::kBalanced: balanced.push_back(text); break;
      case Verdict::kSide0Favoured: side0.push_back(text); break;
      case Verdict::kSide1Favoured: side1.push_back(text); break;
      case Verdict::kUndecided: undecided.push_back(text); break;
    }
  }
  const std::string& name = r.study.strengths[size_t(top)].name;
  std::string text = "With the strongest agent (" + escapeHtml(name);
  if (r.elo.rated()) text += ", Elo " + fixed(r.elo.ratings[size_t(top)].elo, 0) + " above " + escapeHtml(r.study.strengths.front().name);
  text += "), ";
  text += balanced.empty() ? "<b>no variant is shown fair</b>"
                           : "<b>" + variants(balanced.size()) + " " + (balanced.size() == 1 ? "is" : "are") +
                                 " shown fair</b>: " + listed(balanced);
  text += " (fair: the " + escapeHtml(r.sideNames[0]) + " score, draws as half, shown within 0.5 &plusmn; " +
          fixed(r.study.stopping.margin, 2) + ")";
  const auto add = [&](const std::vector<std::string>& names, const std::string& what) {
    if (!names.empty()) text += "; " + what + " in " + variants(names.size()) + ": " + listed(names);
  };
  add(side0, "the " + escapeHtml(r.sideNames[0]) + " are favoured");
  add(side1, "the " + escapeHtml(r.sideNames[1]) + " are favoured");
  add(undecided, "the games do not yet decide");
  return text + ". Each variant's score and interval are in the tables below (study verdicts, Holm over the study's cells).";
}

// "raises the attackers score (+0.220 [0.180, 0.260])" for an effect and its verdict.
std::string effectWords(const BalanceResults& r, const std::string& verdict, const Estimate& e) {
  const std::string figure = " (" + fixed(e.value) + " " + interval(e) + ")";
  if (verdict == "raises" || verdict == "lowers") return verdict + " the " + escapeHtml(r.sideNames[0]) + " score" + figure;
  if (verdict == "within the margin") return "moves it by less than the margin" + figure;
  return "has an effect the games do not yet decide" + figure;
}

// What each rule does, from the pooled model: within each level of the other factors first
// (where a factor changes the effect, its average is only reported), then how it changes with
// strength.
std::string rulesParagraph(const BalanceResults& r) {
  const PooledModel& m = r.pooled;
  if (!m.fitted) return "Rule by rule: the pooled model is not fitted (" + escapeHtml(m.reason) + ").";
  std::string text = "Rule by rule (the pooled model with " +
                     std::string(m.effectsModel == "rule x Elo" ? "its rule x Elo terms" : "one Elo slope") +
                     ", at the strongest agent's Elo, from stopping-adjusted scores): ";
  for (size_t i = 0; i < m.effects.size(); ++i) {
    const RuleEffect& e = m.effects[i];
    text += (i ? "; " : "") + std::string("changing <b>") + escapeHtml(e.factor) + "</b> from " + escapeHtml(e.from) +
            " to " + escapeHtml(e.to);
    if (e.differsWith.empty()) {
      text += " " + effectWords(r, e.verdict, e.effect) +
              (e.within.empty() ? "" : " (no other factor shown to change it: the average over their levels)");
    } else {
      bool first = true;
      for (const LevelEffect& l : e.within) {
        if (l.factor != e.differsWith) continue;
        text += std::string(first ? " " : ", ") + "with " + escapeHtml(l.factor) + " " + escapeHtml(l.level) + " " +
                effectWords(r, l.verdict, l.effect);
        first = false;
      }
      text += " (its average over " + escapeHtml(e.differsWith) + "'s levels, " + fixed(e.effect.value) + " " +
              interval(e.effect) + ", describes neither and is not judged: " + escapeHtml(e.differsWhy) + ")";
    }
    if (!m.strengthMeasured) continue;
    const std::string change = fixed(e.strengthChange.value) + " " + interval(e.strengthChange) + " from Elo " +
                               fixed(m.lowElo, 0) + " to " + fixed(m.topElo, 0) + ", Holm p " +
                               pValueText(e.strengthAdjusted);
    const bool grows = (e.strengthChange.value > 0) == (e.effect.value > 0);
    if (e.strengthVerdict == "rises" || e.strengthVerdict == "falls")
      text += std::string(", an effect that ") + (grows ? "grows" : "shrinks") + " as the players get stronger (" + change + ")";
    else if (e.strengthVerdict == "suggests a rise" || e.strengthVerdict == "suggests a fall")
      text += std::string(", an effect that may ") + (grows ? "grow" : "shrink") + " with strength (suggestive only: " +
              change + ")";
    else if (e.strengthVerdict == "within the margin")
      text += ", about the same at every strength (" + change + ")";
    else
      text += ", not shown to change with strength or to stay (" + change + ")";
  }
  if (!m.strengthMeasured) text += ". Whether the effects change with strength: not measured (" + escapeHtml(m.strengthReason) + ")";
  return text + ".";
}

// Whether the answer is known to hold for stronger players.
std::string strengthParagraph(const BalanceResults& r) {
  if (r.limits.empty()) {
    return "Whether stronger players would change this: not measured (the study's strengths are not rated; add Elo "
           "games to its plan).";
  }
  std::vector<std::string> converged, open, unmeasurable;
  for (size_t v = 0; v < r.limits.size(); ++v) {
    const Convergence& l = r.limits[v];
    const bool caveat = v < r.trendCaveats.size() && !r.trendCaveats[v].empty();
    if (l.measured && l.converged && !caveat) converged.push_back(r.study.variants[v].id);
    else if (l.measured && !l.measurable && !l.moving) unmeasurable.push_back(r.study.variants[v].id);
    else open.push_back(r.study.variants[v].id);
  }
  std::string text = "Whether stronger players would change this: over the three strongest agents, ";
  if (open.empty() && unmeasurable.empty()) return text + "every variant's score is shown to have stopped moving, so these verdicts are the rules' answer for strong play.";
  text += converged.empty() ? "no variant's score is shown to have stopped moving"
                            : "the score is shown to have stopped moving in " + listed(converged);
  if (!unmeasurable.empty()) {
    text += "; for " + listed(unmeasurable) + " convergence is not measurable with these games (the change's 90% "
            "interval is wider than the margin even were the score flat; the section At the top of the ladder gives "
            "the games a rung would need)";
  }
  if (!open.empty()) text += "; not shown for " + listed(open);
  text += ". Where it has not, a verdict holds for agents of the strength played, and the next rung would need to "
          "be about this much stronger before its fitted trend could change it: ";
  bool first = true;
  for (size_t v = 0; v < r.nextRungs.size(); ++v) {
    if (r.limits[v].measured && r.limits[v].converged) continue;
    text += (first ? "" : "; ") + ("<code>" + escapeHtml(r.study.variants[v].id) + "</code>: ") +
            escapeHtml(nextRungText(r.nextRungs[v], r.eloSpan()));
    first = false;
  }
  return text + ".";
}

}  // namespace

void answerSection(HtmlPage& page, const BalanceResults& r) {
  page.section("Answer");
  page.paragraph(rulesParagraph(r));
  page.paragraph(topParagraph(r));
  page.paragraph(strengthParagraph(r));
}

}  // namespace tz

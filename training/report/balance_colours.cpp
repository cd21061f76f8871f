#include "training/report/balance_colours.h"

#include <cmath>

namespace tz {

namespace {

// "+120" and "&plusmn; 40" (95%), or "not rated" and "-".
std::pair<std::string, std::string> ratingCells(const Rating& rating) {
  if (!std::isfinite(rating.elo)) return {"not rated", "-"};
  return {(rating.elo > 0 ? "+" : "") + fixed(rating.elo, 0), "&plusmn; " + fixed(1.96 * rating.stderr, 0)};
}

}  // namespace

void colourSection(HtmlPage& page, const BalanceResults& r) {
  page.section("Ratings by colour");
  if (r.elo.ratings.empty()) {
    page.paragraph("Not rated: this study has no Elo games (add <code>elo: {games: N}</code>).");
    return;
  }
  const ColourRatings& c = r.elo.colours;
  const std::string anchor = escapeHtml(r.study.strengths.front().name);
  const std::string side0 = escapeHtml(r.sideNames[0]), side1 = escapeHtml(r.sideNames[1]);
  page.paragraph("An agent's skill depends on its side. One Bradley-Terry fit gives each strength a rating as " + side0 +
                 " and one as " + side1 + ": the logit of the " + side0 + " score (draws as half) is the " + side0 + " player's rating as " +
                 side0 + " less the " + side1 + " player's rating as " + side1 + ", fitted by maximum likelihood over the Elo games (each "
                 "pair of strengths in both colours) and each strength's games against itself (its balance cell, "
                 "distinct games), with two virtual half-won games per rating against the anchor's " + side1 +
                 " rating keeping perfect scores finite; 95% intervals from the inverse information. Each side's "
                 "ratings are relative to strength " + anchor + " on that side. Measured on variant <code>" +
                 escapeHtml(r.study.variants[size_t(r.elo.variant)].id) +
                 "</code> only (the study plays its Elo games there); other variants are not measured.");
  std::vector<std::vector<std::string>> rows;
  for (size_t s = 0; s < c.players.size(); ++s) {
    const ColourRating& p = c.players[s];
    const auto [elo0, ci0] = ratingCells(p.side[0]);
    const auto [elo1, ci1] = ratingCells(p.side[1]);
    rows.push_back({escapeHtml(r.study.strengths[s].name), elo0, ci0, fixed(p.side[0].games, 0), elo1, ci1,
                    fixed(p.side[1].games, 0)});
  }
  page.table({"strength", r.sideNames[0] + " Elo", "95% interval", "games as " + r.sideNames[0], r.sideNames[1] + " Elo",
              "95% interval", "games as " + r.sideNames[1]},
             rows, "colours");
  const Estimate& score = c.anchorScore;
  page.paragraph("Colour advantage: the " + side0 + " score when " + anchor + " plays itself, from the fit: " +
                 (std::isfinite(score.value) ? fixed(score.value) + " [" + fixed(score.low) + ", " + fixed(score.high) + "]"
                                             : std::string("not rated")) +
                 ".");
}

}  // namespace tz

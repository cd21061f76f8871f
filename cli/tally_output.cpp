#include "cli/tally_output.h"

#include <cstdio>

#include "training/matches/stats.h"

namespace tz::cli {

nlohmann::json tallyJson(const Tally& t) {
  const Estimate score = scoreInterval(t.wins, t.draws, t.losses);
  nlohmann::json j{{"games", t.games()}, {"wins", t.wins}, {"draws", t.draws}, {"losses", t.losses},
                   {"score", score.value}, {"score_low", score.low}, {"score_high", score.high}};
  if (t.games() > 0) {
    const Estimate win = wilsonInterval(t.wins, t.games());
    j["win_rate"] = win.value;
    j["win_rate_low"] = win.low;
    j["win_rate_high"] = win.high;
  }
  return j;
}

std::string tallyLine(const std::string& label, const Tally& t) {
  const Estimate s = scoreInterval(t.wins, t.draws, t.losses);
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-16s %6d %6d %6d %6d   %.3f [%.3f, %.3f]\n", label.c_str(), t.games(), t.wins,
                t.draws, t.losses, s.value, s.low, s.high);
  return buf;
}

std::string tallyHeader(const std::string& label) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-16s  games   wins  draws losses   score [95%% CI]\n", label.c_str());
  return buf;
}

}  // namespace tz::cli

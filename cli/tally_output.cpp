#include "cli/tally_output.h"

#include <cstdio>

#include "training/matches/stats.h"

namespace tz::cli {

nlohmann::json tallyJson(const Tally& t) {
  nlohmann::json j{{"games", t.games()}, {"wins", t.wins}, {"draws", t.draws}, {"losses", t.losses}};
  if (t.games() > 0) {
    const Estimate score = scoreInterval(t.wins, t.draws, t.losses);
    j["score"] = score.value;
    j["score_low"] = score.low;
    j["score_high"] = score.high;
    const Estimate win = wilsonInterval(t.wins, t.games());
    j["win_rate"] = win.value;
    j["win_rate_low"] = win.low;
    j["win_rate_high"] = win.high;
  }
  return j;
}

std::string tallyLine(const std::string& label, const Tally& t) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-16s %6d %6d %6d %6d   ", label.c_str(), t.games(), t.wins, t.draws, t.losses);
  if (t.games() == 0) return buf + std::string("no games\n");
  const Estimate s = scoreInterval(t.wins, t.draws, t.losses);
  char score[64];
  std::snprintf(score, sizeof score, "%.3f [%.3f, %.3f]\n", s.value, s.low, s.high);
  return buf + std::string(score);
}

std::string tallyHeader(const std::string& label) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-16s  games   wins  draws losses   score [95%% CI]\n", label.c_str());
  return buf;
}

}  // namespace tz::cli

#include "cli/opentafl/otn_moves.h"

#include <algorithm>
#include <cctype>

#include "game/base/error.h"

namespace tz::cli::opentafl {

namespace {

// Reads a square ("e4", "k11") of `record` at `at`, advancing `at` past it; "" when there is none.
std::string square(const std::string& record, size_t& at) {
  const size_t start = at;
  if (at >= record.size() || record[at] < 'a' || record[at] > 's') return "";
  size_t end = start + 1;
  while (end < record.size() && end - start < 3 && std::isdigit(static_cast<unsigned char>(record[end]))) ++end;
  if (end == start + 1 || record[start + 1] == '0') return "";
  at = end;
  return record.substr(start, end - start);
}

}  // namespace

std::string moveOfOtn(const std::string& record) {
  const std::string why = "OTN move " + quoted(record);
  if (record == "---") throw Error(why + " is a resignation, not a move");
  size_t at = 0;
  // A piece symbol comes first only when a file letter follows it ("Ke5-e1", not "k5-k7").
  const std::string symbols = "tcnkmgTCNKMG";
  if (record.size() > 1 && symbols.find(record[0]) != std::string::npos && std::isalpha(static_cast<unsigned char>(record[1]))) ++at;
  const std::string from = square(record, at);
  if (from.empty()) throw Error(why + ": expected a square such as e4 where the move starts");
  if (at < record.size() && (record[at] == '^' || record[at] == '=')) throw Error(why + " jumps or berserks, which our rules do not have");
  if (at >= record.size() || record[at] != '-') throw Error(why + ": expected '-' after " + from);
  ++at;
  const std::string to = square(record, at);
  if (to.empty()) throw Error(why + ": expected the square where the move ends after '-'");
  const std::string rest = record.substr(at);  // capture record and info symbol: not needed
  if (!rest.empty() && rest[0] != 'x' && rest.find_first_not_of("+-") != std::string::npos) {
    throw Error(why + ": unexpected " + quoted(rest) + " after the move");
  }
  return from + "-" + to;
}

std::vector<std::string> movesOfOtnList(const std::string& list) {
  std::vector<std::string> moves;
  for (size_t start = 0; start < list.size();) {
    const size_t bar = std::min(list.find('|', start), list.size());
    moves.push_back(moveOfOtn(list.substr(start, bar - start)));
    start = bar + 1;
  }
  return moves;
}

std::string otnOfMove(const std::string& notation) {
  return notation.substr(0, notation.find_first_of("x+", notation.find('-')));
}

}  // namespace tz::cli::opentafl

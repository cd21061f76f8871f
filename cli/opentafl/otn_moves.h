#pragma once
// OTN move records as OpenTafl sends them ("e4-e7", "Ke5-e1-", "e5-e8xe9/f8+", lists joined
// by '|') and as it accepts them from an engine (simple moves, "e4-e7").
#include <string>
#include <vector>

namespace tz::cli::opentafl {

/// Our notation ("e4-e7") of one OTN move record: its piece symbol, capture record and
/// info symbol dropped (the position record that comes with a move is trusted for those).
/// Throws Error for a jump or berserk move ('^', '='), a resignation, or a record that is no move.
std::string moveOfOtn(const std::string& record);

/// Our notation of each move of a '|'-separated OTN move list, oldest first; an empty list
/// gives none. Throws Error as moveOfOtn does.
std::vector<std::string> movesOfOtnList(const std::string& list);

/// The simple OTN move ("e3-b3") of a move in our notation ("e3-b3xb4/c3+").
std::string otnOfMove(const std::string& notation);

}  // namespace tz::cli::opentafl

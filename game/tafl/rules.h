#pragma once
// The tafl rule model of docs/RULES.md section 2 as a plain typed struct, read from YAML.
#include <array>
#include <string>
#include <utility>
#include <vector>

namespace YAML {
class Node;
}

namespace tz::tafl {

/// Side indices: attackers move as side 0, defenders (with the king) as side 1.
enum Side : int { kAttackers = 0, kDefenders = 1 };

/// How the king is captured (docs/RULES.md section 5).
enum class KingCapture { kStrong, kWeak, kWeakOffThrone };
/// Who may use a special square.
enum class Who { kAll, kKing, kNobody };
/// What a repeated position means (docs/RULES.md 6.4).
enum class Repetition { kNone, kDraw, kLossDefenders, kLossMover, kForbidden };
/// The kinds of piece a hostile square can act against.
enum Victim : int { kVictimAttacker = 0, kVictimDefender = 1, kVictimKing = 2 };

/// When a special square is an anvil for one kind of victim (docs/RULES.md 2.2, 4.2).
struct Hostility {
  enum When { kNever, kEmpty, kAlways } when = kNever;  // never, only when empty, always
  std::vector<int> only;  // if non-empty: only these squares of the kind are hostile
};

/// The values of a choice and their names, each name spelled once: what a rules file may
/// say and what the rules are written as.
template <class E>
using ChoiceNames = std::vector<std::pair<E, const char*>>;

/// The sides by name (`first`).
inline const ChoiceNames<int> kSideNames{{kAttackers, "attackers"}, {kDefenders, "defenders"}};
/// How the king is captured by name (`king.capture`).
inline const ChoiceNames<KingCapture> kKingCaptureNames{
    {KingCapture::kStrong, "strong"}, {KingCapture::kWeak, "weak"}, {KingCapture::kWeakOffThrone, "weak_off_throne"}};
/// Who may use the throne by name (`throne.stop`, `throne.pass`).
inline const ChoiceNames<Who> kWhoNames{{Who::kAll, "all"}, {Who::kKing, "king"}, {Who::kNobody, "nobody"}};
/// Who may stop on a corner by name (`corners.stop`).
inline const ChoiceNames<Who> kCornerStopNames{{Who::kAll, "all"}, {Who::kKing, "king"}};
/// What a repeated position means by name (`repetition.rule`).
inline const ChoiceNames<Repetition> kRepetitionNames{{Repetition::kNone, "none"},
                                                      {Repetition::kDraw, "draw"},
                                                      {Repetition::kLossDefenders, "loss_defenders"},
                                                      {Repetition::kLossMover, "loss_mover"},
                                                      {Repetition::kForbidden, "forbidden"}};

/// Every parameter of one tafl variant. Squares are plain indices rank*size+file (a1 = 0).
struct Rules {
  std::string name;                  // variant name
  int size = 9;                      // board is size x size, odd, 7..19
  std::string setup;                 // start position record
  int first = kDefenders;            // side that moves first
  bool kingArmed = true;             // king captures as hammer and anvil
  KingCapture kingCapture = KingCapture::kStrong;
  bool kingEdgeHostile = false;      // strong: off-board sides count as hostile
  std::string escapeKind = "edge";   // edge / corners / attacker_start / squares
  std::vector<int> escapeList;       // the listed squares when escapeKind == "squares"
  Who throneStop = Who::kKing;       // who may end a move on the throne
  Who thronePass = Who::kAll;        // who may cross the empty throne
  bool kingReenter = true;           // may the king return to the throne
  std::vector<int> corners;          // corner squares
  Who cornersStop = Who::kAll;       // all or king
  std::vector<std::vector<int>> camps;  // attacker camps
  std::array<Hostility, 3> throneHostile, cornerHostile, campHostile;  // per Victim
  bool attackersReturnToEdge = true;  // false: attackers off the edge may not move onto it
  bool encirclement = false;          // attackers win by enclosing all defenders
  bool shieldwall = false;            // rows on the edge are captured together (docs/RULES.md 4.5)
  bool shieldwallCorners = true;      // a corner square may bracket one end of such a row
  bool edgeFort = false;              // defenders win by an unbreakable fort on the edge (6.8)
  Repetition repetition = Repetition::kDraw;
  int repetitionCount = 3;            // occurrence that triggers the rule
  bool repetitionCountsStart = true;  // the start position counts as an occurrence
  int plyLimit = 300;                 // draw after this many plies

  /// Visits every rule with its key and its range or names, in the order of a rules file
  /// (docs/RULES.md section 2): the one list rulesFromYaml reads and rulesToYaml writes.
  /// `group` is a nested map; `optional` holds rules written only when set, so that the
  /// rules of variants without them read as before; squares are the board's square names.
  template <class Self, class V>
  static void fields(Self& s, V& v) {
    v.number("size", s.size, 7, 19);
    v.text("setup", s.setup);
    v.choice("first", s.first, kSideNames);
    v.group("king", [&](V& g) {
      g.flag("armed", s.kingArmed);
      g.choice("capture", s.kingCapture, kKingCaptureNames);
      g.flag("edge_hostile", s.kingEdgeHostile);
    });
    v.escape("escape", s.escapeKind, s.escapeList);
    v.group("throne", [&](V& g) {
      g.choice("stop", s.throneStop, kWhoNames);
      g.choice("pass", s.thronePass, kWhoNames);
      g.flag("king_reenter", s.kingReenter);
    });
    v.group("corners", [&](V& g) {
      g.corners("squares", s.corners);
      g.choice("stop", s.cornersStop, kCornerStopNames);
    });
    v.camps("camps", s.camps);
    const auto victims = [](V& g, auto& table) {
      g.hostility("attackers", table[kVictimAttacker]);
      g.hostility("defenders", table[kVictimDefender]);
      g.hostility("king", table[kVictimKing]);
    };
    v.group("hostile", [&](V& h) {
      h.group("throne", [&](V& g) { victims(g, s.throneHostile); });
      h.group("corners", [&](V& g) { victims(g, s.cornerHostile); });
      h.group("camps", [&](V& g) { victims(g, s.campHostile); });
    });
    v.flag("attackers_return_to_edge", s.attackersReturnToEdge);
    v.flag("encirclement", s.encirclement);
    v.optional(s.shieldwall || !s.shieldwallCorners, [&](V& o) {
      o.group("shieldwall", [&](V& g) {
        g.flag("enabled", s.shieldwall);
        g.flag("corner_bracket", s.shieldwallCorners);
      });
    });
    v.optional(s.edgeFort, [&](V& o) { o.flag("edge_fort", s.edgeFort); });
    v.group("repetition", [&](V& g) {
      g.choice("rule", s.repetition, kRepetitionNames);
      g.number("count", s.repetitionCount, 2, 100);
      g.flag("count_start", s.repetitionCountsStart);
    });
    v.number("ply_limit", s.plyLimit, 1, 100000);
  }
};

/// Reads rules from a YAML variant node; `file` names the source in error messages.
/// Rejects unknown keys and out-of-range values with ConfigError.
Rules rulesFromYaml(const YAML::Node& node, const std::string& file, const std::string& name);

/// Writes every rule value as YAML text (fully resolved, readable by rulesFromYaml).
std::string rulesToYaml(const Rules& rules);

/// Name of a square ("a1"); plain index, board size.
std::string squareName(int square, int size);
/// Plain index of a square name, or -1 if it is not on the board.
int parseSquare(const std::string& name, int size);

}  // namespace tz::tafl

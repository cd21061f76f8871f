#include "cli/opentafl/otn_variant.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include "game/base/error.h"
#include "game/tafl/rules.h"
#include "game/tafl/tafl_game.h"
#include "game/tafl/topology.h"

namespace tz::cli::opentafl {

namespace {

// The pieces our model has, as bits of a set: an attacker, a defender, the king.
constexpr int kT = 1, kD = 2, kK = 4, kAll = kT | kD | kK;

// Refuses `key:value` of `rules` because our model cannot express it, saying why.
[[noreturn]] void refuse(const OtnRules& rules, const std::string& key, const std::string& why) {
  throw Error("OTN rules: " + key + ":" + rules[key] + " cannot be played: " + why);
}

// The one-letter choice of `key`, checked against `allowed`.
char choice(const OtnRules& rules, const std::string& key, const std::string& allowed) {
  const std::string& value = rules[key];
  if (value.size() != 1 || allowed.find(value[0]) == std::string::npos) {
    throw Error("OTN rules: " + key + ":" + value + " is not one of " + allowed);
  }
  return value[0];
}

// The pieces of a piece-type list among ours (t, T, K); other OTN types are checked and dropped.
int pieces(const OtnRules& rules, const std::string& key) {
  int set = 0;
  for (const char c : rules[key]) {
    if (std::string("tcnkmgTCNKMG").find(c) == std::string::npos) {
      throw Error("OTN rules: " + key + ":" + rules[key] + " holds " + quoted(std::string(1, c)) +
                  ", which is no piece type (tcnkmgTCNKMG)");
    }
    set |= c == 't' ? kT : c == 'T' ? kD : c == 'K' ? kK : 0;
  }
  return set;
}

// The squares of a space list ("a4,a5,"), as plain indices.
std::vector<int> squares(const OtnRules& rules, const std::string& key) {
  std::vector<int> out;
  std::istringstream in(rules[key]);
  for (std::string name; std::getline(in, name, ',');) {
    const int square = tafl::parseSquare(name, rules.dim);
    if (square < 0) throw Error("OTN rules: " + key + ":" + rules[key] + " names " + quoted(name) + ", no square of the board");
    out.push_back(square);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A space list as square names for the variant file.
YAML::Node names(const std::vector<int>& list, int size) {
  YAML::Node node(YAML::NodeType::Sequence);
  for (const int square : list) node.push_back(tafl::squareName(square, size));
  return node;
}

// Who may use a square under our model: `all`, `king` or `nobody`, from a set of pieces.
const char* who(int set) { return set == kAll ? "all" : set == kK ? "king" : set == 0 ? "nobody" : nullptr; }

// The hostile entry for a square that OpenTafl makes hostile whoever stands on it.
const char* always(bool hostile) { return hostile ? "always" : "never"; }

// The general keys: escape, first mover, king, jumps, speed, repetition, shieldwall, edge fort
// and the refused extras.
void mapGeneral(const OtnRules& r, YAML::Node& v) {
  v["escape"] = choice(r, "esc", "ce") == 'c' ? "corners" : "edge";
  v["encirclement"] = choice(r, "surf", "yn") == 'y';
  v["first"] = choice(r, "atkf", "yn") == 'y' ? "attackers" : "defenders";
  const char ka = choice(r, "ka", "ynah");
  if (ka == 'a' || ka == 'h') refuse(r, "ka", "our king is armed both as hammer and anvil, or not at all");
  v["king"]["armed"] = ka == 'y';
  if (choice(r, "kj", "nrjc") != 'n') refuse(r, "kj", "our king does not jump");
  for (const char* key : {"nj", "cj", "mj", "gj"}) choice(r, key, "nrjc");  // their pieces are refused in the setup
  std::istringstream speeds(r["spd"]);
  for (std::string limit; std::getline(speeds, limit, ',');) {
    if (limit != "-1" && (limit.find_first_not_of("0123456789") != std::string::npos || limit.empty() ||
                          limit.size() > 3 || std::stoi(limit) < r.dim - 1)) {
      refuse(r, "spd", "our pieces move any distance");
    }
  }
  // OpenTafl judges a third repetition in the position after the move, for the side to move
  // there (Game.advanceState, GameState.checkVictory): tfr:w makes that side win, so the side
  // that repeated loses; tfr:l makes it lose.
  const char tfr = choice(r, "tfr", "idwl");
  if (tfr == 'l') refuse(r, "tfr", "no rule of ours makes the side that repeats a position win");
  v["repetition"]["rule"] = tfr == 'w' ? "loss_mover" : "draw";  // OpenTafl reads tfr:i as a draw
  v["repetition"]["count"] = 3;
  v["repetition"]["count_start"] = true;
  const char sw = choice(r, "sw", "nws");  // none, weak (no corner closes a wall), strong
  v["shieldwall"]["enabled"] = sw != 'n';
  v["shieldwall"]["corner_bracket"] = sw != 'w';
  if (choice(r, "swf", "yn") == 'n' && sw != 'n') {
    refuse(r, "swf", "our shieldwall is taken only by the flanking move to the edge (docs/RULES.md 8.25)");
  }
  v["edge_fort"] = choice(r, "efe", "yn") == 'y';
  if (choice(r, "linc", "yn") != 'n') {
    refuse(r, "linc", "our model has no Linnaean capture (a defender taken against the occupied throne only "
                      "while the king there is surrounded on three sides)");
  }
  if (choice(r, "ber", "ncm") != 'n') refuse(r, "ber", "our model has no berserk moves");
}

// The hostile entry of the throne for the victim `type` (kT, kD or kK): OpenTafl's throne is
// hostile to it when occupied if cenh lists it, when empty if cenhe does; `occupants` may stand on it.
const char* throneHostility(const OtnRules& r, int type, int occupants, bool kingArmed) {
  const bool occupied = pieces(r, "cenh") & type, empty = pieces(r, "cenhe") & type;
  if (occupied == empty) return occupied ? "always" : "never";
  if (empty) return "empty";
  // Hostile only while occupied: the same as `never` when every occupant is an anvil anyway.
  const int anvils = type == kT ? kD | (kingArmed ? kK : 0) : kT;
  if ((occupants & ~anvils & ~(type & kK)) == 0) return "never";
  refuse(r, "cenh", "our throne cannot be hostile only while occupied (cenhe:" + r["cenhe"] + ")");
}

// The centre keys (cen, cenp, cens, cenre, cenh, cenhe) as our throne.
void mapThrone(const OtnRules& r, YAML::Node& v) {
  const std::string& cen = r["cen"];
  const int middle = (r.dim / 2) * r.dim + r.dim / 2;
  if (cen.empty()) {  // no centre square: the middle square is an ordinary one
    v["throne"]["stop"] = "all";
    v["throne"]["pass"] = "all";
    for (const char* victim : {"attackers", "defenders", "king"}) v["hostile"]["throne"][victim] = "never";
    return;
  }
  if (cen != "default" && squares(r, "cen") != std::vector<int>{middle}) {
    refuse(r, "cen", "our throne is the middle square alone");
  }
  // A piece ends a move on the single centre square only from elsewhere, so re-entry applies.
  const int stop = pieces(r, "cens") & pieces(r, "cenre"), pass = pieces(r, "cenp") & pieces(r, "cenre");
  bool found = false;
  for (int reenter = 1; reenter >= 0 && !found; --reenter) {
    const int mask = reenter ? kAll : kT | kD;  // king_reenter: false keeps the king off and out
    for (int s : {kAll, kK, 0}) {
      for (int p : {kAll, kK, 0}) {
        if (found || (s & mask) != stop || (p & mask) != pass) continue;
        v["throne"]["stop"] = who(s);
        v["throne"]["pass"] = who(p);
        v["throne"]["king_reenter"] = bool(reenter);
        found = true;
      }
    }
  }
  if (!found) refuse(r, "cens", "no throne of ours lets these pieces stop on it (cenre:" + r["cenre"] + ", cenp:" + r["cenp"] + ")");
  const bool armed = v["king"]["armed"].as<bool>();
  v["hostile"]["throne"]["attackers"] = throneHostility(r, kT, stop | kK, armed);
  v["hostile"]["throne"]["defenders"] = throneHostility(r, kD, stop | kK, armed);
  v["hostile"]["throne"]["king"] = throneHostility(r, kK, stop, armed);
}

// The board's own four corners, on a board of `n` x `n`.
std::vector<int> physicalCorners(int n) { return {0, n - 1, n * (n - 1), n * n - 1}; }

// The corner keys (cor, corp, cors, corre, corh) as our corners.
void mapCorners(const OtnRules& r, YAML::Node& v) {
  const int n = r.dim;
  const std::vector<int> physical = physicalCorners(n);
  const std::vector<int> list = r["cor"] == "default" ? physical : squares(r, "cor");
  v["corners"]["squares"] = names(list, n);
  const int stop = pieces(r, "cors") & pieces(r, "corre");
  const char* stopWho = list.empty() ? "all" : who(stop);
  if (!list.empty() && (!stopWho || stop == 0)) refuse(r, "cors", "our corners admit all pieces or the king alone (corre:" + r["corre"] + ")");
  v["corners"]["stop"] = stopWho;
  const bool passable = (pieces(r, "corp") & pieces(r, "corre")) == kAll;
  const bool unpassable = std::any_of(list.begin(), list.end(), [&](int sq) {
    return std::find(physical.begin(), physical.end(), sq) == physical.end();
  });
  if (unpassable && !passable) refuse(r, "corp", "our corner squares never stop a piece passing over them");
  v["hostile"]["corners"]["attackers"] = always(pieces(r, "corh") & kT);
  v["hostile"]["corners"]["defenders"] = always(pieces(r, "corh") & kD);
  v["hostile"]["corners"]["king"] = always(pieces(r, "corh") & kK);
}

// The fortress keys (afor..., dfor...) as one camp of all attacker fortresses.
void mapForts(const OtnRules& r, YAML::Node& v) {
  if (!r["dfor"].empty()) refuse(r, "dfor", "our model has no defender fortresses");
  for (const char* key : {"dforh", "dforp", "dfors", "dforre", "aforh", "aforp", "afors", "aforre"}) pieces(r, key);
  const std::vector<int> forts = squares(r, "afor");
  v["camps"] = YAML::Node(YAML::NodeType::Sequence);
  if (!forts.empty()) {
    // Our camp admits only the pieces that start their move inside it, as a fortress
    // that nobody re-enters; OpenTafl's fortresses form one kind, so they are one camp.
    if (pieces(r, "aforre") != 0) refuse(r, "aforre", "pieces entering a fortress from outside have no camp of ours");
    if (!(pieces(r, "aforp") & pieces(r, "afors") & kT)) refuse(r, "aforp", "attackers move freely inside our camps");
    const std::vector<uint8_t> cells = tafl::parseRecord(r.start, r.dim);
    for (const int square : forts) {
      if (cells[square] == tafl::kDefender || cells[square] == tafl::kKing) {
        refuse(r, "afor", "a defender starts on fortress " + tafl::squareName(square, r.dim) + ", and our camps hold attackers");
      }
    }
    v["camps"].push_back(names(forts, r.dim));
  }
  const int hostile = forts.empty() ? 0 : pieces(r, "aforh");
  v["hostile"]["camps"]["attackers"] = always(hostile & kT);
  v["hostile"]["camps"]["defenders"] = always(hostile & kD);
  v["hostile"]["camps"]["king"] = always(hostile & kK);
}

// The king's strength (ks) as our king.capture, after the throne is mapped.
void mapKingCapture(const OtnRules& r, YAML::Node& v) {
  const char ks = choice(r, "ks", "scmwyn");
  v["king"]["edge_hostile"] = ks == 'm';
  if (ks != 'c') {
    v["king"]["capture"] = ks == 'w' || ks == 'n' ? "weak" : "strong";
    return;
  }
  // Strong on and beside the throne: ours takes the throne side as closed, as OpenTafl does
  // when the empty centre is hostile to the king.
  if (r["cen"].empty() || !(pieces(r, "cenhe") & kK)) {
    refuse(r, "ks", "our king strong on and beside the throne counts the empty throne as hostile to him (cenhe:" +
                        r["cenhe"] + ")");
  }
  v["king"]["capture"] = "weak_off_throne";
}

// The corners' hostility to a king that cannot feel it, written `never` as our presets have
// it: a strong king is taken on four sides, never on an edge that is not hostile, and the
// neighbours of the board's own corners all lie on the edge (docs/OPENTAFL.md 3).
void quietCornersForAStrongKing(const OtnRules& r, YAML::Node& v) {
  if (v["king"]["capture"].as<std::string>() != "strong" || v["king"]["edge_hostile"].as<bool>()) return;
  const int n = r.dim;
  const std::vector<int> physical = physicalCorners(n);
  for (const auto& corner : v["corners"]["squares"]) {
    const int square = tafl::parseSquare(corner.as<std::string>(), n);
    if (std::find(physical.begin(), physical.end(), square) == physical.end()) return;
  }
  v["hostile"]["corners"]["king"] = "never";
}

// The start position: only our pieces (t, T, K).
void mapStart(const OtnRules& r, YAML::Node& v) {
  const size_t other = r.start.find_first_not_of("0123456789/tTK");
  if (other != std::string::npos) {
    throw Error("OTN rules: the start position holds " + quoted(r.start.substr(other, 1)) +
                ": our model has attackers (t), defenders (T) and the king (K) only");
  }
  v["setup"] = r.start;
}

}  // namespace

YAML::Node variantOfOtn(const OtnRules& rules) {
  YAML::Node v;
  v["game"] = "tafl";
  v["description"] = "OpenTafl rules " + (rules["name"].empty() ? std::string("(no name)") : rules["name"]);
  if (rules.dim < 7 || rules.dim > 19 || rules.dim % 2 == 0) {
    throw Error("OTN rules: dim:" + std::to_string(rules.dim) + " cannot be played: our boards are odd, 7 to 19");
  }
  v["size"] = rules.dim;
  mapStart(rules, v);
  mapGeneral(rules, v);
  mapThrone(rules, v);
  mapCorners(rules, v);
  mapForts(rules, v);
  mapKingCapture(rules, v);
  quietCornersForAStrongKing(rules, v);
  v["attackers_return_to_edge"] = true;
  v["ply_limit"] = 100000;  // OpenTafl has no move limit
  return v;
}

std::unique_ptr<Game> gameOfOtn(const std::string& text) {
  const OtnRules rules = parseOtnRules(text);
  std::string name;  // the variant's name: OpenTafl's, in lower case
  for (const char c : rules["name"]) {
    if (name.size() < 40) name += std::isalnum(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : '-';
  }
  if (name.empty()) name = "opentafl";
  try {
    return tafl::makeTaflGame(variantOfOtn(rules), "OTN rules", name);
  } catch (const YAML::Exception& e) {
    throw Error(std::string("OTN rules: ") + e.what());
  }
}

}  // namespace tz::cli::opentafl

#pragma once
// An OTN rules string mapped key by key onto our tafl rule model (docs/RULES.md section 2):
// a variant file, and the game it builds. What the model cannot express is refused, naming
// the OTN key and value (docs/OPENTAFL.md 3).
#include <memory>
#include <string>

#include <yaml-cpp/yaml.h>

#include "cli/opentafl/otn_rules.h"
#include "game/game.h"

namespace tz::cli::opentafl {

/// The variant (as a YAML variant file's node, `game: tafl`) that plays as OpenTafl plays
/// `rules`. Throws Error naming the key and value for a rule our model cannot express.
YAML::Node variantOfOtn(const OtnRules& rules);

/// The game of an OTN rules string (parsed, mapped and built by the tafl family). Throws
/// Error for a string that is malformed or that our model cannot express.
std::unique_ptr<Game> gameOfOtn(const std::string& text);

}  // namespace tz::cli::opentafl

#pragma once
// Finding and loading variants: presets in configs/variants/, user files, and --set
// overrides, dispatched to the registered game family (game/game_family.h) the file's `game` key names.
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"

namespace tz {

/// The configs/ directory: $TAFLZERO_CONFIGS if set, else dataDir()'s configs/ (the
/// installed one, or the source tree's).
std::string configDir();

/// Names of the YAML files in configDir()/`folder` ("variants", "experiments", "balance"),
/// sorted; throws Error when the folder is missing.
std::vector<std::string> configNames(const std::string& folder);

/// The file a config argument names. A bare name ("brandubh-quick") is
/// configDir()/`folder`/NAME.yaml (Error naming `what` and the known names when there is
/// none). A path (a '/' or a .yaml ending) is itself where it exists, else the same relative
/// path under dataDir() when that exists (so that configs/experiments/x.yaml reads from any
/// folder, from the installed share folder); an absolute path is itself. Throws Error saying
/// where it looked when a relative path is in neither place.
std::string configFile(const std::string& nameOrPath, const std::string& folder, const std::string& what);

/// Names of the preset variants (files in configs/variants/), sorted.
std::vector<std::string> presetNames();

/// The `description` line of the preset `name` ("" when its file has none); throws Error for
/// an unknown preset.
std::string presetDescription(const std::string& name);

/// Loads a preset by name or a variant YAML file by path, with "key=value" overrides.
/// Throws Error/ConfigError naming the variant, file and key on any problem.
std::unique_ptr<Game> loadGame(const std::string& nameOrPath,
                               const std::vector<std::string>& overrides = {});

/// Builds the variant `name` from YAML text (a variant file's content, such as the resolved
/// rules of Game::rulesYaml); `what` names the text in errors. Throws Error/ConfigError.
std::unique_ptr<Game> gameFromYamlText(const std::string& yaml, const std::string& name, const std::string& what);

}  // namespace tz

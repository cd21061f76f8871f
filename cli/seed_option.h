#pragma once
// The --seed option of every command that draws random numbers.
#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

#include "game/base/error.h"

namespace tz::cli {

/// Adds `--seed` to `cmd`, read into `seed`: a decimal integer from 0 to 2^64-1; a sign,
/// another character or a larger number is a usage error (CLI11 alone reads -1 and every
/// number above 2^64-1 as 2^64-1).
inline CLI::Option* addSeedOption(CLI::App* cmd, uint64_t& seed, const std::string& help) {
  const CLI::Validator decimal(
      [](std::string& text) -> std::string {
        const std::string most = std::to_string(UINT64_MAX);
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        const bool fits = digits && (text.size() < most.size() || (text.size() == most.size() && text <= most));
        return fits ? "" : tz::quoted(text) + " is not an integer from 0 to " + most;
      },
      "0..2^64-1");
  return cmd->add_option("--seed", seed, help)->capture_default_str()->check(decimal);
}

}  // namespace tz::cli

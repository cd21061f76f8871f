#include "cli/flag_spellings.h"

#include <algorithm>
#include <iostream>
#include <utility>

#include "mcts/search_options.h"

namespace tz::cli {

std::string flagOf(const std::string& name) {
  std::string flag = "--" + name;
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

namespace {

// Each renamed flag and its name now: the player a command plays is --player everywhere.
std::vector<std::pair<std::string, std::string>> oldFlags() {
  std::vector<std::pair<std::string, std::string>> old = {{"--agent", "--player"}};
  for (const auto& [before, name] : searchOldSpellings()) old.emplace_back(flagOf(before), flagOf(name));
  return old;
}

}  // namespace

std::vector<std::string> respellOldFlags(const std::vector<std::string>& words) {
  static const std::vector<std::pair<std::string, std::string>> old = oldFlags();
  std::vector<std::string> out;
  for (const std::string& word : words) {
    const std::string flag = word.substr(0, word.find('='));
    std::string now = word;
    for (const auto& [before, name] : old) {
      if (flag != before) continue;
      now = name + word.substr(flag.size());
      std::cerr << "taflzero: " << flag << " is spelled " << name << " now; read as that\n";
    }
    out.push_back(now);
  }
  return out;
}

}  // namespace tz::cli

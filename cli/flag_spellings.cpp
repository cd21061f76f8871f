#include "cli/flag_spellings.h"

#include <algorithm>
#include <iostream>

#include "mcts/search_options.h"

namespace tz::cli {

std::string flagOf(const std::string& name) {
  std::string flag = "--" + name;
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

std::vector<std::string> respellOldFlags(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const std::string& word : words) {
    const std::string flag = word.substr(0, word.find('='));
    std::string now = word;
    for (const auto& [before, name] : searchOldSpellings()) {
      if (flag != flagOf(before)) continue;
      now = flagOf(name) + word.substr(flag.size());
      std::cerr << "taflzero: " << flag << " is spelled " << flagOf(name) << " now; read as that\n";
    }
    out.push_back(now);
  }
  return out;
}

}  // namespace tz::cli

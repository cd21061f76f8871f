#include "cli/libtorch_forward.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "game/base/error.h"

namespace tz::cli {

namespace {

// The commands only taflzero-net has, as the words that start their command lines.
const std::vector<std::vector<std::string>> kLibTorchCommands = {
    {"net"}, {"models"}, {"export"}, {"train"}, {"balance"}, {"report"}, {"bench", "net"}, {"bench", "train"}, {"bench", "selfplay"}};

// The words of a command joined by spaces ("bench net").
std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Whether `word` names a network player ("net:" or "model:"): the kind at its start, after
// '=' (--a=net:...) or after '|' (the fallback of egtb:DIR|SPEC). A false alarm only costs
// the slower start.
bool namesNetPlayer(const std::string& word) {
  for (const std::string kind : {"net:", "model:"}) {
    for (size_t at = word.find(kind); at != std::string::npos; at = word.find(kind, at + 1)) {
      if (at == 0 || word[at - 1] == '=' || word[at - 1] == '|') return true;
    }
  }
  return false;
}

// Why the command line `words` needs LibTorch ("command 'train'", "net player '--a=net:x'"),
// or "" when it does not.
std::string libTorchReason(const std::vector<std::string>& words) {
  for (const auto& command : kLibTorchCommands) {
    if (words.size() >= command.size() && std::equal(command.begin(), command.end(), words.begin())) {
      return "command " + quoted(joined(command));
    }
  }
  for (const auto& w : words) {
    if (namesNetPlayer(w)) return "net player " + quoted(w);
  }
  return "";
}

// Whether `words` ask for the help of taflzero or of `bench`, the lists of commands.
bool asksForCommandList(const std::vector<std::string>& words) {
  const auto isHelp = [](const std::string& w) { return w == "-h" || w == "--help"; };
  if (!words.empty() && isHelp(words[0])) return true;
  return words.size() > 1 && words[0] == "bench" && isHelp(words[1]);
}

}  // namespace

int runLibTorchBuildIfNeeded(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  const std::string reason = libTorchReason(words);
  if (reason.empty() && !asksForCommandList(words)) return 0;
  std::error_code ec;
  const std::filesystem::path full = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path() / "taflzero-net";
  if (!ec) execv(full.c_str(), argv);  // returns only when taflzero-net cannot run
  const std::string why = ec ? ec.message() : std::strerror(errno);
  if (reason.empty()) return 0;
  std::cerr << "taflzero: error: " << reason << " needs the LibTorch build: cannot run " << full.string() << " ("
            << why << "); build with -DTAFLZERO_WITH_TORCH=ON\n";
  return 2;
}

void noteLibTorchCommands(CLI::App& app) {
  std::string names;
  for (const auto& command : kLibTorchCommands) names += (names.empty() ? "" : ", ") + joined(command);
  app.footer("Only in the LibTorch build (taflzero-net, run by taflzero when there): " + names + ", net players.");
}

}  // namespace tz::cli

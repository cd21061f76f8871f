// taflzero: one binary, one subcommand per job. Errors print one line and exit non-zero.
// Built twice: taflzero without LibTorch, which starts fast and runs taflzero-net (built with
// TAFLZERO_WITH_TORCH, every command) for what needs a network (cli/libtorch_forward.h).
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/flag_spellings.h"
#include "cli/parse_only.h"
#include "cli/version.h"
#include "game/base/error.h"
#ifdef TAFLZERO_WITH_TORCH
#include "training/models/model_agent.h"
#else
#include "cli/libtorch_forward.h"
#endif

int main(int argc, char** argv) {
  // The words with old flags respelled, and an argv of them for the parser (and taflzero-net).
  std::vector<std::string> words = tz::cli::respellOldFlags({argv, argv + argc});
  std::vector<char*> wordPointers;
  for (std::string& word : words) wordPointers.push_back(word.data());
  wordPointers.push_back(nullptr);
  argv = wordPointers.data();
#ifndef TAFLZERO_WITH_TORCH
  if (const int refused = tz::cli::runLibTorchBuildIfNeeded(argc, argv)) return refused;
#endif
  CLI::App app{"taflzero: self-play reinforcement learning for tafl games and Nine Men's Morris"};
  app.require_subcommand(1);
  app.set_version_flag("--version", tz::cli::versionText(), "Print the version, the git commit and the LibTorch of this build");
  CLI::App* bench = app.add_subcommand("bench", "Measure throughput against its ceiling");
  bench->require_subcommand(1);
  tz::cli::addRulesCommands(app, *bench);
  tz::cli::addSearchCommands(app, *bench);
  tz::cli::addArenaCommands(app, *bench);
  tz::cli::addRecordsCommands(app);
  tz::cli::addEngineCommands(app);
  tz::cli::addTablutCommands(app);
  tz::cli::addTablutMatchCommand(app);
  tz::cli::addOpenTaflCommands(app);
  tz::cli::addEgtbCommands(app);
#ifdef TAFLZERO_WITH_TORCH
  tz::cli::addNetCommands(app, *bench);
  tz::cli::addTrainCommands(app, *bench);
  tz::cli::addBalanceCommands(app, *bench);
  tz::cli::addModelsCommands(app);
  tz::registerNetworkAgentKinds();
#else
  tz::cli::noteLibTorchCommands(app);
#endif
  if (tz::cli::parseOnly()) tz::cli::stopAfterParsing(app);  // the docs test's check of a command line
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help and the like
    const std::string first = argc > 1 ? argv[1] : "";
    const bool unknownCommand = !first.empty() && first[0] != '-' &&
                                app.get_subcommands([&](const CLI::App* c) { return c->get_name() == first; }).empty();
    if (unknownCommand) {
      std::cerr << "taflzero: error: unknown command " << tz::quoted(first) << " (see taflzero --help)\n";
    } else {
      std::cerr << "taflzero: error: " << tz::printable(e.what(), tz::kShownError) << " (see --help)\n";  // it may echo any argument
    }
    return 2;
  } catch (const tz::Error& e) {
    std::cerr << "taflzero: error: " << e.what() << "\n";
    return 2;
  } catch (const std::filesystem::filesystem_error& e) {
    // A path the system refused (too long, not a directory, no permission): a user error.
    std::cerr << "taflzero: error: " << tz::quoted(e.path1().string()) << ": " << e.code().message() << "\n";
    return 2;
  } catch (const std::exception& e) {
    // An internal error: its first line only (a library's message may carry a backtrace).
    const std::string what = e.what();
    std::cerr << "taflzero: error: " << what.substr(0, what.find('\n')) << "\n";
    return 3;
  }
  return 0;
}

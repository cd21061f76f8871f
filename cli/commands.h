#pragma once
// Registration of the taflzero subcommands; each module's commands live in their own file.
#include <CLI/CLI.hpp>

namespace tz::cli {

/// variants, perft, moves, show and `bench rules`.
void addRulesCommands(CLI::App& app, CLI::App& bench);

/// arena (matches between players, recorded in SQLite) and play (a person against a player).
void addArenaCommands(CLI::App& app, CLI::App& bench);

/// records check / records export (games files, docs/RECORDS.md).
void addRecordsCommands(CLI::App& app);

/// engine (the line-based engine protocol on stdin/stdout, docs/ENGINE.md).
void addEngineCommands(CLI::App& app);

/// tablut-client (plays on a Tablut Challenge server, docs/TABLUT_CHALLENGE.md).
void addTablutCommands(CLI::App& app);

/// tablut-match (games against another program on a Tablut Challenge server, docs/TABLUT_CHALLENGE.md).
void addTablutMatchCommand(CLI::App& app);

/// opentafl-engine (an external engine for OpenTafl, docs/OPENTAFL.md).
void addOpenTaflCommands(CLI::App& app);

/// egtb build / egtb probe (the morris endgame database, docs/EGTB.md).
void addEgtbCommands(CLI::App& app);

/// search (analyse a position) and `bench search`.
void addSearchCommands(CLI::App& app, CLI::App& bench);

/// net init / net info, export and `bench net` (built with TAFLZERO_WITH_TORCH).
void addNetCommands(CLI::App& app, CLI::App& bench);

/// models, models verify, models add, models score and models card (the shipped agents, docs/MODELS.md).
void addModelsCommands(CLI::App& app);

/// train, `bench train` and `bench selfplay`.
void addTrainCommands(CLI::App& app, CLI::App& bench);

/// balance (a study of rule variants) and report (HTML page of a study or a training run).
void addBalanceCommands(CLI::App& app, CLI::App& bench);

}  // namespace tz::cli

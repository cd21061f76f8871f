// Games files (docs/RECORDS.md): `records export` writes a database's games as a games file,
// `records check` replays a games file and re-scores it, `records import` stores its games back in a database.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/tally_output.h"
#include "game/base/error.h"
#include "game/base/user_files.h"
#include "training/matches/game_check.h"
#include "training/matches/game_import.h"

namespace tz::cli {

namespace {

// A name, tag or setting read from a file, as one printable line for the terminal.
std::string shown(const std::string& text) { return tz::printable(text, 200); }

void addCheck(CLI::App& records) {
  struct Opts {
    std::vector<std::string> files;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = records.add_subcommand(
      "check", "Replay every game of games files with their rules (each move legal, each result the rules') and "
               "re-score them per pair of players");
  cmd->add_option("files", o->files, "Games files")->required();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    nlohmann::json all = nlohmann::json::array();
    for (const std::string& path : o->files) {
      const GameFileCheck check = checkGameFile(path);
      nlohmann::json file{{"file", path},
                          {"games", check.games},
                          {"plies", check.plies},
                          {"forfeits", check.forfeits},
                          {"pairings", nlohmann::json::array()}};
      if (!o->json) {
        std::cout << path << ": " << check.games << " games, " << check.plies
                  << " plies, every move legal and every result the rules'";
        if (check.forfeits > 0) std::cout << " but " << check.forfeits << " forfeits (a server's judgement)";
        std::cout << "\n";
      }
      for (const PairingTally& p : check.pairings) {
        const Tally overall = p.tally.overall();
        nlohmann::json j{{"a", p.a}, {"b", p.b}, {"variant", p.variant}, {"overall", tallyJson(overall)}};
        for (int side = 0; side < 2; ++side) j["sides"][p.sideNames[side]] = tallyJson(p.tally.bySide[side]);
        for (const TagTally& t : p.tags) {
          j["tags"].push_back(t.tag);
          j["by_tag"][t.tag] = tallyJson(t.tally.overall());
        }
        file["pairings"].push_back(j);
        if (o->json) continue;
        // Names from the file are shown printable: no control byte of theirs reaches the terminal.
        std::cout << "A = " << shown(p.a) << "\nB = " << shown(p.b) << "\non " << p.variant << "\n"
                  << tallyHeader("A's results");
        for (int side = 0; side < 2; ++side) std::cout << tallyLine("as " + p.sideNames[side], p.tally.bySide[side]);
        std::cout << tallyLine("overall", overall);
        if (p.tags.size() < 2) continue;
        for (const TagTally& t : p.tags) std::cout << tallyLine("tag " + shown(t.tag), t.tally.overall());
      }
      all.push_back(file);
    }
    if (o->json) std::cout << nlohmann::json{{"files", all}}.dump() << "\n";
  });
}

void addExport(CLI::App& records) {
  struct Opts {
    std::string db, out;
    std::vector<std::string> tags;
    bool force = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = records.add_subcommand("export", "Write games of a record database as a games file");
  cmd->add_option("--db", o->db, "SQLite record database (arena, train, balance)")->required();
  cmd->add_option("--tag", o->tags, "Tag whose games to write (repeatable; default: every tag)");
  cmd->add_option("--out", o->out, "Games file to write")->required();
  cmd->add_flag("--force", o->force, "Replace an existing file");
  cmd->callback([o] {
    checkOutputFile(o->out, "games file", o->force);
    if (!std::filesystem::is_regular_file(o->db)) throw Error("record database " + tz::quoted(o->db) + " does not exist");
    const RecordStore store(o->db);
    for (const std::string& tag : o->tags) {
      if (store.gamesByTag(tag).empty()) throw Error("record database " + o->db + " holds no game tagged " + tz::quoted(tag));
    }
    const std::vector<FiledGame> games = gamesOfStore(store, o->tags);
    writeGameFile(o->out, games);
    std::cout << "wrote " << games.size() << " games to " << o->out << "\n";
  });
}

void addImport(CLI::App& records) {
  struct Opts {
    std::string db;
    std::vector<std::string> files;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = records.add_subcommand("import", "Store the games of games files in a record database (a study or an "
                                               "arena then resumes from them), each game replayed first");
  cmd->add_option("--db", o->db, "SQLite record database to add them to (made when missing: a study's "
                                 "STUDY_DIR/records.sqlite, an arena's --db)")->required();
  cmd->add_option("files", o->files, "Games files")->required();
  cmd->callback([o] {
    namespace fs = std::filesystem;
    // Every file is read and checked against the database before anything is stored; a
    // database (and its folder) is made only when a game is stored in it.
    std::error_code ec;
    const bool existed = fs::exists(o->db, ec);
    std::unique_ptr<RecordStore> store = existed ? std::make_unique<RecordStore>(o->db) : nullptr;
    GameImport import(store.get());
    std::vector<std::pair<std::string, ImportCount>> counts;
    for (const std::string& path : o->files) counts.emplace_back(path, import.addFile(path));
    if (!import.nothingToStore()) {
      fs::path made;  // the outermost folder this import makes (removed with all in it when it fails)
      for (fs::path p = fs::path(o->db).parent_path(); !p.empty() && !fs::exists(p, ec); p = p.parent_path()) made = p;
      try {
        if (!existed) {
          if (!made.empty()) fs::create_directories(fs::path(o->db).parent_path());
          store = std::make_unique<RecordStore>(o->db);
        }
        import.storeIn(*store);
      } catch (...) {
        store.reset();
        if (!existed) {
          for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(o->db + suffix, ec);
          if (!made.empty()) fs::remove_all(made, ec);
        }
        throw;
      }
    }
    for (const auto& [path, n] : counts) {
      std::cout << path << ": " << n.added << " games added to " << o->db << ", " << n.present << " already there\n";
    }
  });
}

}  // namespace

void addRecordsCommands(CLI::App& app) {
  auto* records = app.add_subcommand("records", "Games files: export from a database, check and re-score, import back (docs/RECORDS.md)");
  records->require_subcommand(1);
  addCheck(*records);
  addExport(*records);
  addImport(*records);
}

}  // namespace tz::cli

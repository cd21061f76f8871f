// The study as JSON, stored with its games in the record store and read back by the report.
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include "game/base/config.h"
#include "game/base/error.h"
#include "game/base/field_json.h"
#include "mcts/players/agent_kinds.h"
#include "training/balance/balance_study.h"

namespace tz {

namespace {

// The stopping rule as stored: its fields, and the study's balance margin beside them.
nlohmann::json stoppingJson(const StoppingRule& stopping) {
  nlohmann::json j = fieldsToJson(stopping);
  j["margin"] = stopping.margin;
  return j;
}

// The stopping rule of a stored description; those written before its fields were stored by
// their keys name stop_on_verdict `on_verdict`, or lack it and the margin (their defaults).
StoppingRule stoppingFromJson(nlohmann::json j) {
  if (!j.contains("stop_on_verdict")) j["stop_on_verdict"] = j.value("on_verdict", false);
  StoppingRule stopping;
  fieldsFromJson(j, stopping, "balance study description: stopping");
  stopping.margin = j.value("margin", stopping.margin);
  return stopping;
}

// The families as stored: [{name, cells}].
nlohmann::json familiesJson(const std::vector<StudyFamily>& families) {
  nlohmann::json out = nlohmann::json::array();
  for (const StudyFamily& f : families) out.push_back({{"name", f.name}, {"cells", f.cells}});
  return out;
}

}  // namespace

nlohmann::json studyToJson(const StudyConfig& c) {
  nlohmann::json variants = nlohmann::json::array(), strengths = nlohmann::json::array();
  for (const auto& v : c.variants) variants.push_back({{"base", v.base}, {"id", v.id}, {"levels", v.levels}, {"sets", v.sets}});
  for (const auto& s : c.strengths) {
    const bool network = c.mode != AgentMode::kBaseline;
    nlohmann::json options = nlohmann::json::object();
    if (network) {
      for (const auto& [name, value] : s.agent.options()) options[name] = value;
    }
    strengths.push_back({{"name", s.name},
                         {"player", network ? "" : s.agent.text()},
                         {"simulations", network ? s.agent.search.simulations : 0},
                         {"mix", network ? s.agent.net.mix : 0.0},
                         {"options", options},
                         {"checkpoint", s.checkpoint},
                         {"fraction", s.fraction}});
  }
  return {{"file", c.file},
          {"description", c.description},
          {"base", c.base},
          {"factors", c.factors},
          {"variants", variants},
          {"mode", modeName(c.mode)},
          {"strengths", strengths},
          {"experiment", c.experiment},
          {"budget", {{"minutes", c.budget.minutes}, {"games", c.budget.games}, {"steps", c.budget.steps}}},
          {"checkpoints", c.checkpoints},
          {"diversity", fieldsToJson(c.diversity)},
          {"stopping", stoppingJson(c.stopping)},
          {"elo", {{"variant", c.elo.variant}, {"games", c.elo.games}}},
          {"workers", c.workers},
          {"games_at_once", c.gamesAtOnce},
          {"families", familiesJson(c.families)}};
}

namespace {

// A strength's agent as stored: a baseline's player spec; a network agent's options, or
// (descriptions written before they were stored) its simulations and mix.
AgentSpec agentFromJson(const nlohmann::json& strength, AgentMode mode) {
  if (mode == AgentMode::kBaseline) return parseAgentSpec(strength.at("player"));
  const int simulations = strength.at("simulations");
  nlohmann::json options = strength.value("options", nlohmann::json::object());
  if (options.empty()) options = {{"sims", simulations}, {"mix", strength.value("mix", 0.0)}};
  AgentSpec agent = agentOfKind("net");
  ConfigReader reader(YAML::Load(options.dump()), "balance study description", "strengths.");
  readAgentOptions(reader, agentKind("net", "net"), agent);
  reader.finish();
  return agent;
}

}  // namespace

StudyConfig studyFromJson(const nlohmann::json& j) {
  try {
    StudyConfig c;
    c.file = j.at("file");
    c.description = j.at("description");
    c.base = j.at("base");
    c.factors = j.at("factors").get<std::vector<std::string>>();
    for (const auto& v : j.at("variants")) {
      c.variants.push_back({v.value("base", c.base), v.at("id"), v.at("levels"), v.at("sets")});
    }
    const std::string mode = j.at("mode");
    c.mode = modeFromName(mode);
    for (const auto& s : j.at("strengths")) {
      c.strengths.push_back({s.at("name"), agentFromJson(s, c.mode), s.at("checkpoint"), s.value("fraction", 0.0)});
    }
    c.experiment = j.at("experiment");
    c.budget = {j.at("budget").at("minutes"), j.at("budget").at("games"), j.at("budget").at("steps")};
    c.checkpoints = j.at("checkpoints").get<std::map<std::string, std::string>>();
    fieldsFromJson(j.at("diversity"), c.diversity, "balance study description: diversity");
    c.stopping = stoppingFromJson(j.at("stopping"));
    if (j.contains("elo")) c.elo = {j["elo"].at("variant"), j["elo"].at("games")};
    else c.elo.variant = c.variants.front().id;
    c.workers = j.at("workers");
    c.gamesAtOnce = j.value("games_at_once", 1);  // descriptions written before the key: one game at a time
    // Descriptions written before families were declared: every cell one family.
    for (const auto& f : j.value("families", nlohmann::json::array()))
      c.families.push_back({f.at("name"), f.at("cells").get<std::vector<int>>()});
    return c;
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("balance study description: ") + e.what());
  }
}

}  // namespace tz

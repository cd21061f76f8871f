// The rules module of the browser play page: this project's Game and State (game/game.h),
// compiled to WebAssembly, offered to JavaScript through embind as the class `Rules`.
// Every method answers JSON text (or a Float32Array); a rule error comes back as
// {"error": "..."} instead of aborting the module.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "game/base/error.h"
#include "game/registry.h"

namespace {

using nlohmann::json;

// Runs `body`, turning any exception into {"error": message}.
template <class Body>
std::string guarded(Body&& body) {
  try {
    return body().dump();
  } catch (const std::exception& e) {
    return json{{"error", e.what()}}.dump();
  }
}

// One game of one variant, played from its start position.
class Rules {
 public:
  // The variant `name` built from its resolved rules (model.json's rules_yaml); a bad text
  // leaves the object unusable and error() says why.
  Rules(const std::string& rulesYaml, const std::string& name) {
    try {
      game_ = tz::gameFromYamlText(rulesYaml, name, "the rules of " + name);
      state_ = game_->newGame();
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }

  // Why the rules did not load ("" when they did).
  std::string error() const { return error_; }

  // The variant's fixed facts: family, name, sides, input and policy shapes.
  std::string info() const {
    return guarded([&] {
      const tz::TensorShape in = game_->inputShape();
      return json{{"family", game_->family()},
                  {"variant", game_->name()},
                  {"sides", {game_->sideName(0), game_->sideName(1)}},
                  {"input_shape", {in.planes, in.height, in.width}},
                  {"num_actions", game_->numActions()}};
    });
  }

  // Back to the start position.
  void restart() { state_ = game_->newGame(); }

  // The position: record, side to move, ply, outcome and the board drawing.
  std::string position() const {
    return guarded([&] {
      const tz::Outcome& o = state_->outcome();
      return json{{"record", state_->record()},
                  {"to_move", state_->toMove()},
                  {"ply", state_->ply()},
                  {"over", o.over},
                  {"winner", o.winner},
                  {"reason", std::string(o.reason)},
                  {"diagram", state_->diagram()}};
    });
  }

  // The legal actions, each with its index and its notation.
  std::string legal() const {
    return guarded([&] {
      std::vector<tz::Action> actions;
      state_->legalActions(actions);
      json out = json::array();
      for (const tz::Action a : actions) out.push_back({{"action", a}, {"name", state_->actionName(a)}});
      return out;
    });
  }

  // Plays `action` if it is legal; the new position, or an error naming the action.
  std::string apply(int action) {
    return guarded([&] {
      std::vector<tz::Action> actions;
      state_->legalActions(actions);
      bool legal = false;
      for (const tz::Action a : actions) legal = legal || a == action;
      if (!legal) throw tz::Error("action " + std::to_string(action) + " is not legal in " + state_->record());
      state_->apply(action);
      return json::parse(position());
    });
  }

  // The network input of the position (Game::inputShape() floats), a view valid until the
  // next call: copy it (slice()) before calling again.
  emscripten::val encode() {
    planes_.assign(size_t(game_->inputShape().size()), 0.0f);
    state_->encode(planes_.data());
    return emscripten::val(emscripten::typed_memory_view(planes_.size(), planes_.data()));
  }

 private:
  std::unique_ptr<tz::Game> game_;
  std::unique_ptr<tz::State> state_;
  std::vector<float> planes_;
  std::string error_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(taflzero_rules) {
  emscripten::class_<Rules>("Rules")
      .constructor<std::string, std::string>()
      .function("error", &Rules::error)
      .function("info", &Rules::info)
      .function("restart", &Rules::restart)
      .function("position", &Rules::position)
      .function("legal", &Rules::legal)
      .function("apply", &Rules::apply)
      .function("encode", &Rules::encode);
}

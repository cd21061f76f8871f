#include "game/base/yaml_text.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <map>
#include <sstream>

#include "game/base/error.h"

namespace tz {

namespace {

// Stops the parse at the first alias (`*name`): a few lines of nested aliases stand for more
// nodes than any reader can walk, and no file of the project needs them. Stops it too where
// a document starts no further on than the one before: yaml-cpp reads a stray flow indicator
// (a ',' opening the text) as an endless run of empty documents at the same place.
class AliasRefuser : public YAML::EventHandler {
 public:
  explicit AliasRefuser(const std::string& what) : what_(what) {}
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (mark.pos <= lastStart_) {
      throw Error(what_ + ": malformed YAML: line " + std::to_string(mark.line + 1) + ", column " +
                  std::to_string(mark.column + 1) + ": the YAML reader cannot get past it");
    }
    lastStart_ = mark.pos;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    throw Error(what_ + ": line " + std::to_string(mark.line + 1) + ": YAML aliases (*name) are not accepted");
  }
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}

 private:
  std::string what_;
  int lastStart_ = -1;  // where the last document started (-1: none yet)
};

}  // namespace

void checkUniqueKeys(const YAML::Node& node, const std::string& what) {
  if (node.IsSequence()) {
    for (const auto& item : node) checkUniqueKeys(item, what);
    return;
  }
  if (!node.IsMap()) return;
  std::map<std::string, int> lines;  // key -> the line it was first given on (1-based)
  for (const auto& kv : node) {
    if (kv.first.IsScalar()) {
      const std::string key = kv.first.Scalar();
      const int line = kv.first.Mark().line + 1;
      const auto [first, fresh] = lines.emplace(key, line);
      if (!fresh) {
        throw Error(what + ": key " + quoted(key) + " given twice (lines " + std::to_string(first->second) +
                    " and " + std::to_string(line) + ")");
      }
    }
    checkUniqueKeys(kv.second, what);
  }
}

YAML::Node parseRulesText(const std::string& text, const std::string& what) {
  if (text.size() > kMaxRulesTextBytes) {
    throw Error(what + ": the rules text is too long (" + std::to_string(text.size()) + " bytes, at most " +
                std::to_string(kMaxRulesTextBytes) + ")");
  }
  return parseYamlText(text, what);
}

YAML::Node parseYamlText(const std::string& text, const std::string& what) {
  YAML::Node root;
  try {
    std::istringstream in(text);
    YAML::Parser parser(in);
    AliasRefuser refuser(what);
    while (parser.HandleNextDocument(refuser)) {
    }
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw Error(what + ": malformed YAML: " + e.what());
  }
  checkUniqueKeys(root, what);
  return root;
}

}  // namespace tz

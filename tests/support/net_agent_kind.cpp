// The test executables that play networks play them as the program does, through the table
// of agent kinds: the LibTorch build's net kind is put in before any test runs, as
// cli/main.cpp does at start-up (registerNetAgentKind).
#include <gtest/gtest.h>

#include "training/run/net_player.h"

namespace {

// Puts the net kind's players in the table of kinds.
class NetAgentKind : public ::testing::Environment {
 public:
  void SetUp() override { tz::registerNetAgentKind(); }
};

const ::testing::Environment* const kNetAgentKind = ::testing::AddGlobalTestEnvironment(new NetAgentKind);

}  // namespace

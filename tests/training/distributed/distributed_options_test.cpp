// A process's place in a distributed run, from MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE.
#include <gtest/gtest.h>

#include <cstdlib>

#include "tests/support/error_of.h"
#include "training/distributed/distributed_options.h"

namespace tz::test {
namespace {

void setDistributed(const char* addr, const char* port, const char* rank, const char* world) {
  setenv("MASTER_ADDR", addr, 1);
  setenv("MASTER_PORT", port, 1);
  setenv("RANK", rank, 1);
  setenv("WORLD_SIZE", world, 1);
}

void clearDistributed() {
  for (const char* name : {"MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "LEARNERS"}) unsetenv(name);
}

TEST(DistributedOptions, NoVariablesOrAWorldOfOneIsARunOnItsOwn) {
  clearDistributed();
  EXPECT_FALSE(distributedFromEnvironment().has_value());
  setDistributed("10.0.0.1", "29500", "0", "1");
  EXPECT_FALSE(distributedFromEnvironment().has_value());
  clearDistributed();
}

TEST(DistributedOptions, TheVariablesGiveTheRoleAndTheStore) {
  setDistributed("10.0.0.1", "29501", "2", "4");
  const auto o = distributedFromEnvironment();
  clearDistributed();
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->masterAddr, "10.0.0.1");
  EXPECT_EQ(o->masterPort, 29501);
  EXPECT_EQ(o->rank, 2);
  EXPECT_EQ(o->worldSize, 4);
  EXPECT_EQ(o->learners, 1);
  EXPECT_FALSE(o->learner());
  EXPECT_FALSE(o->coordinator());
  EXPECT_EQ(o->address(), "10.0.0.1:29501");
}

TEST(DistributedOptions, LearnersMakeTheFirstRanksLearnersAndRankZeroTheCoordinator) {
  setDistributed("10.0.0.1", "29501", "1", "4");
  setenv("LEARNERS", "2", 1);
  const auto o = distributedFromEnvironment();
  setenv("RANK", "2", 1);
  const auto actor = distributedFromEnvironment();
  setDistributed("10.0.0.1", "0", "0", "4");  // rank 0 may leave the port to the system
  const auto coordinator = distributedFromEnvironment();
  clearDistributed();
  ASSERT_TRUE(o && actor && coordinator);
  EXPECT_EQ(o->learners, 2);
  EXPECT_TRUE(o->learner());
  EXPECT_FALSE(o->coordinator());
  EXPECT_FALSE(actor->learner());
  EXPECT_TRUE(coordinator->learner() && coordinator->coordinator());
  EXPECT_EQ(coordinator->masterPort, 0);
}

TEST(DistributedOptions, LearnersLeaveAnActorAndOnlyRankZeroTakesPortZero) {
  setDistributed("10.0.0.1", "29501", "1", "4");
  setenv("LEARNERS", "4", 1);
  expectError([] { distributedFromEnvironment(); }, "LEARNERS=4 is not an integer in [1, 3]");
  setenv("LEARNERS", "0", 1);
  expectError([] { distributedFromEnvironment(); }, "LEARNERS=0 is not an integer in [1, 3]");
  setenv("LEARNERS", "2", 1);
  setenv("MASTER_PORT", "0", 1);
  expectError([] { distributedFromEnvironment(); }, "MASTER_PORT=0 is not an integer in [1, 65535]");
  clearDistributed();
}

TEST(DistributedOptions, AMissingOrBadVariableIsNamed) {
  setDistributed("10.0.0.1", "29501", "4", "4");
  expectError([] { distributedFromEnvironment(); }, "RANK=4 is not an integer in [0, 3]");
  setDistributed("10.0.0.1", "port", "1", "4");
  expectError([] { distributedFromEnvironment(); }, "MASTER_PORT=port");
  unsetenv("RANK");
  setenv("MASTER_PORT", "29501", 1);
  expectError([] { distributedFromEnvironment(); }, "RANK is not set");
  clearDistributed();
}

}  // namespace
}  // namespace tz::test

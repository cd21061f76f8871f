// What a distributed run refuses before anything is made: a run over several variants (a
// rule-conditioned network is not trained by peers) and a batch the learners cannot split.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/error_of.h"
#include "training/distributed/distributed_peers.h"
#include "training/run/experiment.h"

namespace tz::test {
namespace {

const std::string kConfigs = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/";

// Options of a run of three processes, two of them learners.
DistributedOptions twoLearners() {
  DistributedOptions options;
  options.worldSize = 3;
  options.learners = 2;
  return options;
}

TEST(DistributedPeers, RefuseARunOverSeveralVariants) {
  const DistributedPeers peers(twoLearners());
  const ExperimentConfig conditioned = loadExperiment(kConfigs + "tiny-conditioned.yaml");
  EXPECT_EQ(errorOf([&] { peers.check(conditioned); }),
            conditioned.file + ": key 'variants': a distributed run trains on one variant (rule-conditioned runs are "
                               "not distributed)");
  EXPECT_EQ(errorOf([&] { peers.check(loadExperiment(kConfigs + "tiny.yaml")); }), "");
}

TEST(DistributedPeers, RefuseABatchTheLearnersCannotSplit) {
  ExperimentConfig config = loadExperiment(kConfigs + "tiny.yaml");
  config.training.batchSize = 7;
  EXPECT_NE(errorOf([&] { DistributedPeers(twoLearners()).check(config); }).find("training.batch_size"),
            std::string::npos);
}

}  // namespace
}  // namespace tz::test

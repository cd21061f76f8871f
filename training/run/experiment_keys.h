#pragma once
// Every key an experiment file may give, with what it takes and its default, from the
// field lists that read them (`taflzero train --keys`).
#include <string>
#include <vector>

namespace tz {

/// One key of an experiment file.
struct ExperimentKey {
  std::string key;       // dotted: "selfplay.cpuct"
  std::string expected;  // what it takes: "a number in [0.01, 100]", "sgd | adamw", ...
  std::string value;     // its default, as a file would write it ("" where there is none)
};

/// The keys of an experiment file in the order the reader reads them, each numeric,
/// choice and flag setting from its field list (its range, and the default of an experiment
/// that sets nothing).
std::vector<ExperimentKey> experimentKeys();

}  // namespace tz

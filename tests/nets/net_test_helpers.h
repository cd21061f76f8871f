#pragma once
// Shared fixture of the network tests: a tiny network.
#include "nets/network_config.h"

namespace tz::test {

/// A network small enough to keep the suite fast.
inline NetworkConfig tinyNetwork() {
  NetworkConfig c;
  c.name = "tiny";
  c.blocks = 1;
  c.channels = 8;
  c.policyChannels = 4;
  c.valueChannels = 2;
  c.valueHidden = 8;
  return c;
}

}  // namespace tz::test

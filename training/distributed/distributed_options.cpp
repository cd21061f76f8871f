#include "training/distributed/distributed_options.h"

#include <cstdlib>

#include "game/base/error.h"

namespace tz {

namespace {

const char* const kVariables[] = {"MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE"};

// The integer value of an environment variable, checked against [least, most].
int integerVariable(const char* name, int least, int most) {
  const char* text = std::getenv(name);
  if (!text || !*text) throw Error(std::string("distributed run: ") + name + " is not set");
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (*end != '\0' || value < least || value > most) {
    throw Error(std::string("distributed run: ") + name + "=" + text + " is not an integer in [" +
                std::to_string(least) + ", " + std::to_string(most) + "]");
  }
  return int(value);
}

}  // namespace

std::optional<DistributedOptions> distributedFromEnvironment() {
  bool any = false;
  for (const char* name : kVariables) any = any || std::getenv(name) != nullptr;
  if (!any) return std::nullopt;
  DistributedOptions o;
  o.worldSize = integerVariable("WORLD_SIZE", 1, 1 << 16);
  if (o.worldSize == 1) return std::nullopt;
  o.rank = integerVariable("RANK", 0, o.worldSize - 1);
  o.masterPort = integerVariable("MASTER_PORT", o.coordinator() ? 0 : 1, 65535);
  const char* learners = std::getenv("LEARNERS");
  if (learners && *learners) o.learners = integerVariable("LEARNERS", 1, o.worldSize - 1);
  const char* addr = std::getenv("MASTER_ADDR");
  if (!addr || !*addr) throw Error("distributed run: MASTER_ADDR is not set");
  o.masterAddr = addr;
  return o;
}

}  // namespace tz

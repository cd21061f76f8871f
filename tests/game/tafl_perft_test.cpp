#include "tests/game/tafl_helpers.h"

#!/usr/bin/env bash
# The README's main command: installs and builds what is missing, then runs the main job.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
BIN=build/cli/taflzero
echo "== variants"
$BIN variants
echo "== linnaeus start position"
$BIN show --variant linnaeus
echo "== perft"
$BIN perft --variant linnaeus --depth 4
echo "== rules throughput"
$BIN bench rules --variant linnaeus --seconds 2

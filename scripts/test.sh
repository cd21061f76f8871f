#!/usr/bin/env bash
# The README's test command: installs and builds what is missing, then runs every test.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ctest --test-dir build --output-on-failure -j"$(nproc)" --timeout 900

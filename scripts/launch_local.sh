#!/usr/bin/env bash
# A distributed training run on this machine over loopback: a learner (RANK 0) and N-1
# actors, each a `taflzero train` process (docs/DISTRIBUTED.md).
#   scripts/launch_local.sh N [CONFIG] [RUN_DIR] [more train arguments, e.g. --resume]
# CONFIG defaults to configs/experiments/brandubh-quick.yaml, RUN_DIR to runs/<config>-dist;
# MASTER_PORT (default 29500) is the learner's store port; TAFLZERO_BIN the binary
# (default build/cli/taflzero). Actors' output goes to RUN_DIR/actors/rank-<r>.log. The
# script ends with the learner; actors still running then are stopped.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:?usage: launch_local.sh N [CONFIG] [RUN_DIR] [train arguments]}"
CONFIG="${2:-$ROOT/configs/experiments/brandubh-quick.yaml}"
STEM="$(basename "$CONFIG" .yaml)"
RUN="${3:-runs/$STEM-dist}"
shift $(( $# < 3 ? $# : 3 ))
BIN="${TAFLZERO_BIN:-$ROOT/build/cli/taflzero}"
if ! [[ "$N" =~ ^[0-9]+$ ]] || [ "$N" -lt 2 ]; then
  echo "launch_local.sh: N must be at least 2 (a learner and an actor), got '$N'" >&2
  exit 1
fi
export MASTER_ADDR=127.0.0.1 MASTER_PORT="${MASTER_PORT:-29500}" WORLD_SIZE="$N"

ACTORS=()
stop_actors() {
  for pid in "${ACTORS[@]}"; do kill "$pid" 2> /dev/null || true; done
}
trap stop_actors EXIT

mkdir -p "$RUN/actors"
for ((rank = 1; rank < N; rank++)); do
  RANK=$rank "$BIN" train "$CONFIG" --run "$RUN" --quiet > "$RUN/actors/rank-$rank.log" 2>&1 &
  ACTORS+=($!)
done
RANK=0 "$BIN" train "$CONFIG" --run "$RUN" "$@"
# The learner has told the actors to leave: give them a moment to print their counts.
for pid in "${ACTORS[@]}"; do
  for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
done
tail -q -n 1 "$RUN"/actors/rank-*.log

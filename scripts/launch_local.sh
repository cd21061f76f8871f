#!/usr/bin/env bash
# A distributed training run on this machine over loopback: rank 0 (the learner that keeps
# the run), LEARNERS-1 further learners and the actors, N processes in all, each a
# `taflzero train` process (docs/DISTRIBUTED.md).
#   scripts/launch_local.sh N [CONFIG] [RUN_DIR] [more train arguments, e.g. --resume]
# CONFIG defaults to configs/experiments/brandubh-quick.yaml, RUN_DIR to runs/<config>-dist;
# LEARNERS (default 1) is how many of the N ranks learn (data parallel); MASTER_PORT (default
# 29500; 0: a free port of the system's choice) is rank 0's store port; TAFLZERO_BIN the
# binary (default build/cli/taflzero). The other ranks' output goes to
# RUN_DIR/learners/rank-<r>.log and RUN_DIR/actors/rank-<r>.log. The script ends with rank 0;
# other ranks still running then are stopped.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:?usage: launch_local.sh N [CONFIG] [RUN_DIR] [train arguments]}"
CONFIG="${2:-$ROOT/configs/experiments/brandubh-quick.yaml}"
STEM="$(basename "$CONFIG" .yaml)"
RUN="${3:-runs/$STEM-dist}"
shift $(( $# < 3 ? $# : 3 ))
BIN="${TAFLZERO_BIN:-$ROOT/build/cli/taflzero}"
LEARNERS="${LEARNERS:-1}"
if ! [[ "$N" =~ ^[0-9]+$ ]] || ! [[ "$LEARNERS" =~ ^[0-9]+$ ]] || [ "$LEARNERS" -lt 1 ] || [ "$N" -le "$LEARNERS" ]; then
  echo "launch_local.sh: N must exceed LEARNERS=$LEARNERS (at least one actor), got N='$N'" >&2
  exit 1
fi
export MASTER_ADDR=127.0.0.1 MASTER_PORT="${MASTER_PORT:-29500}" WORLD_SIZE="$N" LEARNERS

OTHERS=()
RANK0_ERR="$(mktemp)"
stop_others() {
  for pid in "${OTHERS[@]}"; do kill "$pid" 2> /dev/null || true; done
  rm -f "$RANK0_ERR"
}
trap stop_others EXIT

# Rank 0 first: with MASTER_PORT=0 it names its port on stderr, and the others need it.
RANK=0 "$BIN" train "$CONFIG" --run "$RUN" "$@" 2> >(tee "$RANK0_ERR" >&2) &
RANK0=$!
if [ "$MASTER_PORT" = 0 ]; then
  while kill -0 "$RANK0" 2> /dev/null; do
    MASTER_PORT="$(sed -n "s/.*the run's store listens on [^:]*:\([0-9]*\).*/\1/p" "$RANK0_ERR" | head -n 1)"
    [ -n "$MASTER_PORT" ] && break
    sleep 0.1
  done
  if [ -z "$MASTER_PORT" ]; then  # it failed before serving: its status ends the script
    wait "$RANK0"
    exit 1
  fi
fi
for ((rank = 1; rank < N; rank++)); do
  role=actors
  [ "$rank" -lt "$LEARNERS" ] && role=learners
  mkdir -p "$RUN/$role"
  RANK=$rank "$BIN" train "$CONFIG" --run "$RUN" --quiet > "$RUN/$role/rank-$rank.log" 2>&1 &
  OTHERS+=($!)
done
wait "$RANK0"
# Rank 0 has told the others to leave: give them a moment to print their counts.
for pid in "${OTHERS[@]}"; do
  for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
done
tail -q -n 1 "$RUN"/learners/rank-*.log "$RUN"/actors/rank-*.log 2> /dev/null || true

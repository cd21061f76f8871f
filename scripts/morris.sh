#!/usr/bin/env bash
# Nine Men's Morris end to end: installs and builds what is missing, solves the endgame
# tables the experiment teaches from (runs/egtb-morris, 3v3..4v4, about 40 s), trains (or
# resumes) the experiment, and measures its latest checkpoint as the Morris issue asks:
# GAMES games each against alphabeta:depth=4, against mcts:sims=1000 and against itself
# (two processes, seeds 1 and 2, random first plies), and `egtb score` on POSITIONS
# positions of each class.
# Usage: scripts/morris.sh [EXPERIMENT] (default configs/experiments/morris-quick.yaml);
# SIMS (agent simulations, 400), GAMES (100), POSITIONS (2000) and RUN override; DRAW=X
# plays the agent with the draw score X (`net:...,draw=X`, README), e.g. with morris-wdl.yaml.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
BIN=build/cli/taflzero
CONFIG=${1:-configs/experiments/morris-quick.yaml}
RUN=${RUN:-runs/$(basename "$CONFIG" .yaml)}
SIMS=${SIMS:-400}
GAMES=${GAMES:-100}
POSITIONS=${POSITIONS:-2000}
TABLES=runs/egtb-morris

echo "== endgame tables: $TABLES"
[ -f "$TABLES/4v4.egtb" ] || $BIN egtb build --variant morris --classes 4v4 --out "$TABLES"

echo "== training: $CONFIG -> $RUN"
if [ -f "$RUN/config.yaml" ]; then
  $BIN train "$CONFIG" --run "$RUN" --resume
else
  $BIN train "$CONFIG" --run "$RUN"
fi
LATEST=$(ls "$RUN"/checkpoints/step-*.ckpt | tail -n 1)
AGENT="net:$LATEST,sims=$SIMS${DRAW:+,draw=$DRAW}"
OUT="$RUN/measure-$(basename "$LATEST" .ckpt)${DRAW:+-draw-$DRAW}"
mkdir -p "$OUT"

# One pairing: two arena processes (seeds 1 and 2) of GAMES/2 games, then their sum.
pairing() {
  local name=$1 opponent=$2
  for seed in 1 2; do
    $BIN arena --variant morris --a "$AGENT" --b "$opponent" --games $((GAMES / 2)) --seed $seed --random-plies 2 \
      --db "$OUT/$name-$seed.sqlite" --tag "$name" --json > "$OUT/$name-$seed.json" &
  done
  wait
  python3 - "$OUT/$name" <<'PY'
import json, math, sys
w = d = l = 0
for seed in (1, 2):
    o = json.load(open(f"{sys.argv[1]}-{seed}.json"))["overall"]
    w, d, l = w + o["wins"], d + o["draws"], l + o["losses"]
n = w + d + l
p = (w + d / 2) / n
z = 1.96  # Wilson interval of the score
c = (p + z * z / (2 * n)) / (1 + z * z / n)
h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
print(f"{sys.argv[1].split('/')[-1]}: {n} games, W-D-L {w}-{d}-{l}, score {p:.3f} [{c - h:.3f}, {c + h:.3f}], draws {d / n:.0%}")
PY
}

echo "== $AGENT: matches of $GAMES games"
pairing vs-alphabeta4 "alphabeta:depth=4"
pairing vs-mcts1000 "mcts:sims=1000"
pairing vs-itself "$AGENT"
echo "== $AGENT: endgame positions kept ($POSITIONS per class)"
$BIN egtb score --variant morris --db "$TABLES" --player "$AGENT" --positions "$POSITIONS" --seed 1 | tee "$OUT/egtb-score.txt"
echo "measurements: $OUT"

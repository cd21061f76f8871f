#!/usr/bin/env bash
# The README's main command: installs and builds what is missing, then runs the main job:
# a short self-play training run on brandubh (about ten minutes on a 2-core CPU), the trained
# agent against the baselines and against the shipped brandubh model, and a balance study
# along a ladder of its checkpoints.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
BIN=build/cli/taflzero
RUN=runs/brandubh-quick

echo "== training: configs/experiments/brandubh-quick.yaml -> $RUN"
if [ -f "$RUN/config.yaml" ]; then
  $BIN train configs/experiments/brandubh-quick.yaml --run "$RUN" --resume
else
  $BIN train configs/experiments/brandubh-quick.yaml --run "$RUN"
fi
LATEST=$(ls "$RUN"/checkpoints/step-*.ckpt | tail -n 1)

# The agent searches with the network alone (800 simulations), and with leaf values half
# network, half playout (1000 simulations).
echo "== the trained agent against pure MCTS (mcts:sims=1000), 20 games each"
for AGENT in "net:$LATEST,sims=800" "net:$LATEST,sims=1000,mix=0.5"; do
  $BIN arena --variant brandubh --a "$AGENT" --b "mcts:sims=1000" --games 20 \
    --db "$RUN/arena.sqlite" --tag "$(basename "$LATEST" .ckpt)-${AGENT##*,sims=}-vs-mcts1000"
done

# How far ten minutes get: the fresh agent against the shipped one (models/brandubh), both
# with the network alone; the first 2 plies random so that the two searches play different games.
echo "== the trained agent against the shipped model:brandubh, 20 games"
$BIN arena --variant brandubh --a "net:$LATEST,sims=800" --b "model:brandubh,sims=800" --games 20 --random-plies 2 \
  --db "$RUN/arena.sqlite" --tag "$(basename "$LATEST" .ckpt)-vs-shipped-brandubh"

echo "== results"
echo "training run:   $RUN (metrics.jsonl, train.log, loss.svg, ratings.svg, vs-*.svg)"
echo "checkpoint:     $LATEST"
echo "arena games:    $RUN/arena.sqlite"

# Balance measured with the agents just trained: a ladder of the run's checkpoints. At 100
# games a cell it can find a side favoured, never a rule set fair (`--plan` says so): a
# demonstration of the ladder, played as such.
echo "== balance study along the training: configs/balance/brandubh-ladder.yaml -> studies/brandubh-ladder"
$BIN balance configs/balance/brandubh-ladder.yaml --out studies/brandubh-ladder --accept-unreachable
$BIN report studies/brandubh-ladder   # written to (and rewritten at) studies/brandubh-ladder/report.html
$BIN report "$RUN"
echo "balance report: $(pwd)/studies/brandubh-ladder/report.html"
echo "training report: $(pwd)/$RUN/report.html"

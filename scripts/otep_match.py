#!/usr/bin/env python3
"""One game between two `taflzero opentafl-engine` processes, driven the way OpenTafl 0.4.8
drives an external engine (docs/OPENTAFL.md 2): rules, then each turn a clock and `play`,
the move confirmed with `move POSITION` and told to the other engine as `opponent-move`
without captures, `error 2` for an illegal move (and once, with --refuse-ply, for a legal
one) with the turn repeated, and `finish`/`goodbye` after the last move, which is not sent.
The host's own game is kept by `taflzero moves` on the variant the rules map to. Prints
the transcript (`a<`/`d<` host lines to the attackers'/defenders' engine, `a>`/`d>` replies).

    python3 scripts/otep_match.py --attackers alphabeta:depth=2 --defenders mcts:sims=200
        [--rules "OTN RULES"] [--refuse-ply N] [--binary PATH]

Exit status: 0 when the game is over, 1 when an engine stops answering. Standard library only.
"""
import argparse
import json
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BRANDUB = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--attackers", default="alphabeta:depth=2")
    p.add_argument("--defenders", default="mcts:sims=200")
    p.add_argument("--rules", default=BRANDUB)
    p.add_argument("--refuse-ply", type=int, default=3, help="refuse the move proposed at this ply once (-1: never)")
    p.add_argument("--binary", default=os.path.join(ROOT, "build", "cli", "taflzero"))
    a = p.parse_args()
    variant = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
    variant.write(subprocess.run([a.binary, "opentafl-engine", "--show-rules", a.rules], check=True,
                                 capture_output=True, text=True).stdout)
    variant.close()
    engines = [subprocess.Popen([a.binary, "opentafl-engine", "--player", spec, "--seed", str(i + 1)], text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1)
               for i, spec in enumerate([a.attackers, a.defenders])]

    def send(side, line):
        print(f"{'ad'[side]}< {line}", flush=True)
        engines[side].stdin.write(line + "\n")
        engines[side].stdin.flush()

    def receive(side):
        line = engines[side].stdout.readline().rstrip("\n")
        print(f"{'ad'[side]}> {line}", flush=True)
        if not line:
            raise SystemExit(1)
        return line

    def position(moves):
        out = subprocess.run([a.binary, "moves", "--variant", variant.name, "--moves", " ".join(moves), "--json"],
                             check=True, capture_output=True, text=True).stdout
        return json.loads(out)

    for side in (0, 1):
        receive(side)  # hello
        send(side, "rules " + a.rules)
        receive(side)  # status
    moves, clock = [], [60000, 60000]
    while True:
        now = position(moves)
        side = 0 if now["to_move"] == "attackers" else 1
        send(side, f"clock {clock[0]} {clock[1]} 2 3 3 ")
        send(side, "play " + now["to_move"])
        move = receive(side).split()[-1]
        legal = [m.split("x")[0].rstrip("+") for m in now["legal"]]
        if move not in legal or len(moves) == a.refuse_ply:
            a.refuse_ply = -1
            send(side, "error 2")
            send(side, f"opponent-move {moves[-1] if moves else ''} {now['position']}".replace("  ", " "))
            continue
        moves.append(move)
        after = position(moves)
        if after["status"] == "over":
            code = {"attackers": 2, "defenders": 3}.get(after["winner"], 1)
            for s in (0, 1):
                send(s, f"finish {code}")
                send(s, "goodbye")
            print(f"result {after['winner']} {after['reason']} after {len(moves)} plies")
            break
        send(side, "move " + after["position"])
        send(1 - side, f"opponent-move {move} {after['position']}")
        clock[side] -= 700
    for engine in engines:
        engine.wait(timeout=10)
    os.unlink(variant.name)


if __name__ == "__main__":
    main()

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


class Host:
    """The host's side of the match: both engines' pipes and the host's own game."""

    def __init__(self, args):
        self.args = args
        self.variant = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
        self.variant.write(subprocess.run([args.binary, "opentafl-engine", "--show-rules", args.rules], check=True,
                                          capture_output=True, text=True).stdout)
        self.variant.close()
        self.engines = [subprocess.Popen([args.binary, "opentafl-engine", "--player", spec, "--seed", str(i + 1)],
                                         text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1)
                        for i, spec in enumerate([args.attackers, args.defenders])]

    def send(self, side, line):
        print(f"{'ad'[side]}< {line}", flush=True)
        self.engines[side].stdin.write(line + "\n")
        self.engines[side].stdin.flush()

    def receive(self, side):
        line = self.engines[side].stdout.readline().rstrip("\n")
        print(f"{'ad'[side]}> {line}", flush=True)
        if not line:
            raise SystemExit(1)
        return line

    def position(self, moves):
        out = subprocess.run([self.args.binary, "moves", "--variant", self.variant.name, "--moves", " ".join(moves),
                              "--json"], check=True, capture_output=True, text=True).stdout
        return json.loads(out)

    def close(self):
        for engine in self.engines:
            engine.wait(timeout=10)
        os.unlink(self.variant.name)


def play(host):
    """Plays the game to its end, refusing the move at --refuse-ply once."""
    for side in (0, 1):
        host.receive(side)  # hello
        host.send(side, "rules " + host.args.rules)
        host.receive(side)  # status
    moves, clock, refuse_ply = [], [60000, 60000], host.args.refuse_ply
    while True:
        now = host.position(moves)
        side = 0 if now["to_move"] == "attackers" else 1
        host.send(side, f"clock {clock[0]} {clock[1]} 2 3 3 ")
        host.send(side, "play " + now["to_move"])
        move = host.receive(side).split()[-1]
        legal = [m.split("x")[0].rstrip("+") for m in now["legal"]]
        if move not in legal or len(moves) == refuse_ply:
            refuse_ply = -1
            host.send(side, "error 2")
            host.send(side, f"opponent-move {moves[-1] if moves else ''} {now['position']}".replace("  ", " "))
            continue
        moves.append(move)
        after = host.position(moves)
        if after["status"] == "over":
            code = {"attackers": 2, "defenders": 3}.get(after["winner"], 1)
            for s in (0, 1):
                host.send(s, f"finish {code}")
                host.send(s, "goodbye")
            print(f"result {after['winner']} {after['reason']} after {len(moves)} plies")
            return
        host.send(side, "move " + after["position"])
        host.send(1 - side, f"opponent-move {move} {after['position']}")
        clock[side] -= 700


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--attackers", default="alphabeta:depth=2")
    p.add_argument("--defenders", default="mcts:sims=200")
    p.add_argument("--rules", default=BRANDUB)
    p.add_argument("--refuse-ply", type=int, default=3, help="refuse the move proposed at this ply once (-1: never)")
    p.add_argument("--binary", default=os.path.join(ROOT, "build", "cli", "taflzero"))
    host = Host(p.parse_args())
    play(host)
    host.close()


if __name__ == "__main__":
    main()

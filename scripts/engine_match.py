#!/usr/bin/env python3
"""One game between two `taflzero engine` processes, driven through the engine protocol
(docs/ENGINE.md): both engines get the same variant, the engine of the side to move is
asked `genmove` and its move is played on the other with `play`, until `result` says the
game is over. Prints each turn, the searches' info lines, and the result.

    python3 scripts/engine_match.py --variant brandubh --a greedy --b mcts:sims=200
        [--set KEY=VALUE ...] [--seed S] [--max-turns N] [--binary PATH]

Engine A plays the side that moves first. Exit status: 0 when the game is over (or
stopped at --max-turns), 1 when an engine refuses a command, exits or disagrees on the
result, 2 for bad arguments. Python 3 standard library only.
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class EngineError(Exception):
    """An engine answered `? ...`, exited, or broke the protocol."""


class Engine:
    """One `taflzero engine` process and the answers to the commands sent to it."""

    def __init__(self, label, binary, spec, seed):
        self.label = label
        self.spec = spec
        self.proc = subprocess.Popen(
            [binary, "engine", "--player", spec, "--seed", str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            encoding="ascii", errors="replace", bufsize=1)

    def ask(self, command):
        """Sends one command; returns (info lines, the text after '= ', further lines)."""
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError(f"engine {self.label} ({self.spec}) is gone before {command!r}")
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EngineError(f"engine {self.label} ({self.spec}) exited with status "
                                  f"{self.proc.wait()} after {command!r}")
            line = line.rstrip("\n")
            if line == "":
                break
            lines.append(line)
        info = []
        while lines and lines[0].startswith("info "):
            info.append(lines.pop(0)[len("info "):])
        if not lines or lines[0][:2] not in ("= ", "? "):
            raise EngineError(f"engine {self.label}: no status line in the answer to {command!r}: {lines}")
        if lines[0].startswith("? "):
            raise EngineError(f"engine {self.label} ({self.spec}) refused {command!r}: {lines[0][2:]}")
        return info, lines[0][2:], lines[1:]

    def close(self):
        """Says quit and waits for the process (killing it after 10 s)."""
        try:
            self.ask("quit")
            self.proc.wait(timeout=10)
        except (EngineError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def play(args):
    """Plays the game; returns the exit status."""
    engines = [Engine("A", args.binary, args.a, args.seed), Engine("B", args.binary, args.b, args.seed)]
    try:
        for engine in engines:
            engine.ask(" ".join(["variant", args.variant] + args.set))
        _, status, _ = engines[0].ask("result")
        first = status.split()[1]
        print(f"A = {args.a}, B = {args.b} on {args.variant}; A plays {first}", flush=True)
        turns = 0
        while status.startswith("ongoing ") and turns < args.max_turns:
            side = status.split()[1]
            mover, other = engines if side == first else engines[::-1]
            info, move, _ = mover.ask("genmove")
            other.ask("play " + move)
            turns += 1
            searched = f"   [{info[-1]}]" if info else ""
            print(f"{turns:4d}. {side:<10} {mover.label} {move}{searched}", flush=True)
            _, status, _ = engines[0].ask("result")
        _, other_status, _ = engines[1].ask("result")
        if other_status != status:
            raise EngineError(f"the engines disagree: A says {status!r}, B says {other_status!r}")
        stopped = f" (stopped at --max-turns {args.max_turns})" if status.startswith("ongoing ") else ""
        print(f"result: {status} after {turns} turns{stopped}")
        return 0
    except EngineError as e:
        print(f"engine_match: error: {e}", file=sys.stderr)
        return 1
    finally:
        for engine in engines:
            engine.close()


def main():
    parser = argparse.ArgumentParser(description="One game between two taflzero engine processes.")
    parser.add_argument("--variant", required=True, help="preset name or variant YAML path")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="rule override (repeatable)")
    parser.add_argument("--a", required=True, help="player spec of engine A (plays the side that moves first)")
    parser.add_argument("--b", required=True, help="player spec of engine B")
    parser.add_argument("--seed", type=int, default=1, help="seed of both engines' players")
    parser.add_argument("--max-turns", type=int, default=2000, help="stop an unfinished game after this many turns")
    default_binary = os.environ.get("TAFLZERO_BIN", os.path.join(ROOT, "build", "cli", "taflzero"))
    parser.add_argument("--binary", default=default_binary,
                        help="taflzero binary (default: $TAFLZERO_BIN, else build/cli/taflzero)")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        parser.error(f"no taflzero binary at {args.binary} (build it or pass --binary)")
    return play(args)


if __name__ == "__main__":
    sys.exit(main())

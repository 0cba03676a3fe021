"""Engines side by side: every configured command run in turn, round after round, and a table of games/s.

    python benchmarks/side_by_side.py [benchmarks/side_by_side.toml] [--rounds 5] [--baseline NAME]

A command plays N random legal games of one kind and prints `games/s: <number>` as its last line (the contract,
benchmarks/README.md). The configuration (TOML) lists `[[command]]` tables, each with `engine` (a name),
`kind` (what is played: engines are compared on the same kind), `games` (N) and `run` (the command line,
split like a shell's, with `{python}` = this interpreter and `{games}` = N; optional `env` and `cwd`, relative
to the configuration's folder). Every round runs each command once, in an order rotated from round to round,
so that a machine's changing load falls on every engine alike. The table shows each engine's median games/s
per kind and its ratio to the baseline engine (the configuration's `baseline`, else the first engine).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

RESULT = re.compile(r"games/s: ([0-9]+(?:\.[0-9]*)?)\s*$")
DEFAULT_CONFIG = Path(__file__).with_name("side_by_side.toml")


@dataclass(frozen=True)
class Command:
    engine: str
    kind: str
    games: int
    run: str
    env: dict[str, str] = field(default_factory=dict)
    cwd: Path | None = None


class CommandError(Exception):
    """A command failed or broke the contract."""


def load(path: Path) -> tuple[list[Command], str | None]:
    """The commands of a configuration file and its baseline engine."""
    data = tomllib.loads(path.read_text())
    commands = []
    for number, entry in enumerate(data.get("command", []), 1):
        missing = [key for key in ("engine", "kind", "games", "run") if key not in entry]
        if missing:
            raise CommandError(f"{path}: [[command]] number {number} lacks {', '.join(missing)}")
        commands.append(Command(engine=str(entry["engine"]), kind=str(entry["kind"]), games=int(entry["games"]),
                                run=str(entry["run"]), env={k: str(v) for k, v in entry.get("env", {}).items()},
                                cwd=path.parent / entry.get("cwd", ".")))
    if not commands:
        raise CommandError(f"{path} lists no [[command]]")
    return commands, data.get("baseline")


def output(command: Command) -> str:
    """Run one command and return what it printed, checked against the contract."""
    argv = shlex.split(command.run.format(python=shlex.quote(sys.executable), games=command.games))
    done = subprocess.run(argv, capture_output=True, text=True, cwd=command.cwd, env={**os.environ, **command.env},
                          check=False)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines or not RESULT.match(lines[-1]):
        raise CommandError(f"{command.engine} ({command.kind}): {' '.join(argv)} exited {done.returncode} without"
                           f" 'games/s: <number>' last:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return done.stdout


def measure(command: Command) -> float:
    """Run one command and read its games/s."""
    match = RESULT.match(output(command).strip().splitlines()[-1])
    assert match is not None  # output() checked it
    return float(match.group(1))


def run_interleaved(commands: list[Command], rounds: int, progress: bool = True) -> dict[tuple[str, str], list[float]]:
    """games/s of every (engine, kind), one measure per round, the commands' order rotated every round."""
    results: dict[tuple[str, str], list[float]] = {(c.engine, c.kind): [] for c in commands}
    for number in range(rounds):
        shift = number % len(commands)
        for command in commands[shift:] + commands[:shift]:
            rate = measure(command)
            results[command.engine, command.kind].append(rate)
            if progress:
                print(f"  round {number + 1}/{rounds}: {command.engine:<20} {command.kind:<32} {rate:>10.1f} games/s",
                      file=sys.stderr)
    return results


def table(results: dict[tuple[str, str], list[float]], baseline: str | None = None) -> str:
    """Median games/s per kind (rows) and engine (columns), each with its ratio to the baseline engine."""
    engines = list(dict.fromkeys(engine for engine, _ in results))
    kinds = list(dict.fromkeys(kind for _, kind in results))
    base = baseline if baseline is not None else engines[0]
    if base not in engines:
        raise CommandError(f"the baseline {base!r} is not a configured engine ({', '.join(engines)})")
    rounds = max(len(rates) for rates in results.values())
    width = max(len(kind) for kind in [*kinds, "kind"])
    columns = {engine: max(len(engine), 16) for engine in engines}
    lines = [f"median games/s of {rounds} rounds (ratio to {base})",
             f"{'kind':<{width}}" + "".join(f"  {engine:>{columns[engine]}}" for engine in engines)]
    for kind in kinds:
        medians = {e: statistics.median(results[e, kind]) for e in engines if results.get((e, kind))}
        cells = []
        for engine in engines:
            if engine not in medians:
                cell = "-"
            elif base in medians:
                cell = f"{medians[engine]:.0f} ({medians[engine] / medians[base]:.2f}x)"
            else:
                cell = f"{medians[engine]:.0f}"
            cells.append(f"  {cell:>{columns[engine]}}")
        lines.append(f"{kind:<{width}}" + "".join(cells))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("config", nargs="?", type=Path, default=DEFAULT_CONFIG, help="a TOML file of commands")
    parser.add_argument("--rounds", type=int, default=5, help="measures per command (the median is shown)")
    parser.add_argument("--baseline", help="the engine the ratios divide by (default: the configuration's)")
    args = parser.parse_args()
    try:
        commands, baseline = load(args.config)
        results = run_interleaved(commands, args.rounds)
        print(table(results, args.baseline or baseline))
    except (CommandError, OSError, ValueError) as exc:  # TOMLDecodeError is a ValueError
        sys.exit(f"side_by_side: {exc}")


if __name__ == "__main__":
    main()

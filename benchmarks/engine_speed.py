"""Both games' random games/s: this checkout's pure-Python engines, their compiled build where there is one, and
a previous release's engines, measured in one run, interleaved, with the ratios to the previous release.

    python benchmarks/engine_speed.py [--ref d5e2432] [--rounds 5] [--scale 1.0] [--compiled-python PATH]

The previous release is the commit `--ref` (by default d5e2432, the engines before the speed work of issue 24):
its `src/` is extracted with `git archive` into a temporary folder and imported from there. "pure" is a copy
of this checkout's `src/` without any compiled module, so it is plain Python even where the build is compiled.
"compiled" is the engines installed for `--compiled-python` (by default the interpreter running this script),
when they are a compiled build: a mypyc build is made by a regular install (`pip install .` into another
virtualenv), never an editable one; it is left out when they are plain Python. Every engine runs
`random_play.py` (the side-by-side command) in its own process, in turn, round after round
(`side_by_side.run_interleaved`); the table shows medians and ratios.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.machinery
import io
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from side_by_side import Command, CommandError, output, run_interleaved, table

BENCHMARKS = Path(__file__).resolve().parent
ROOT = BENCHMARKS.parent
PLAY = BENCHMARKS / "random_play.py"
PREVIOUS_RELEASE = "d5e2432"
# kind -> (random_play.py arguments, games per run at --scale 1)
KINDS = {
    "Bloody Inn, 2 players, short": ("bloodyinn --players 2 --length short", 1000),
    "Bloody Inn, 4 players, long": ("bloodyinn --players 4 --length long", 150),
    "Innkeepers, 2 players": ("innkeepers --players 2", 1000),
    "Innkeepers, 4 players": ("innkeepers --players 4", 400),
}


def extract(ref: str, into: Path) -> Path:
    """The `src/` of commit `ref`, written under `into`."""
    archive = subprocess.run(["git", "archive", "--format=tar", ref, "src"], cwd=ROOT, capture_output=True,
                             check=False)
    if archive.returncode != 0:
        raise CommandError(f"git archive {ref}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def pure_copy(into: Path) -> Path:
    """This checkout's `src/` without compiled modules (nor caches)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    target = into / "src"
    shutil.copytree(ROOT / "src", target,
                    ignore=lambda _, names: [n for n in names if n.endswith(suffixes) or n == "__pycache__"])
    return target


def commands(engine: str, python: str, path: Path | None, scale: float) -> list[Command]:
    """random_play.py for every kind, run by `python` with the engines imported from `path` (None: installed)."""
    env = {"PYTHONPATH": str(path)} if path is not None else {}
    return [Command(engine=engine, kind=kind, games=max(1, round(games * scale)),
                    run=f"{shlex.quote(python)} {shlex.quote(str(PLAY))} {arguments} --games {{games}}", env=env,
                    cwd=BENCHMARKS)
            for kind, (arguments, games) in KINDS.items()]


def compiled_engines(python: str, scale: float) -> list[Command]:
    """The commands of the engines installed for `python`, or none when they are not a compiled build."""
    found = commands("compiled", python, None, scale)
    probe = output(dataclasses.replace(found[0], games=1))
    return found if "build: compiled" in probe else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", default=PREVIOUS_RELEASE, help="the previous release's commit (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=5, help="measures per engine and kind (the median is shown)")
    parser.add_argument("--scale", type=float, default=1.0, help="games per run, as a share of the defaults")
    parser.add_argument("--compiled-python", default=sys.executable,
                        help="the python of a virtualenv holding a compiled build (default: this one)")
    args = parser.parse_args()
    try:
        with tempfile.TemporaryDirectory(prefix="engine-speed-") as folder:
            temp = Path(folder)
            previous = extract(args.ref, temp / "previous")
            pure = pure_copy(temp / "pure")
            compiled = compiled_engines(args.compiled_python, args.scale)
            if not compiled:
                print(f"compiled: the engines installed for {args.compiled_python} are plain Python (no column)",
                      file=sys.stderr)
            every = [*commands(args.ref, sys.executable, previous, args.scale),
                     *commands("pure", sys.executable, pure, args.scale), *compiled]
            print(table(run_interleaved(every, args.rounds), args.ref))
    except CommandError as exc:
        sys.exit(f"engine_speed: {exc}")


if __name__ == "__main__":
    main()

"""Fuzz one engine for N minutes, as an outside verifier would, and count the defects found.

    python benchmarks/fuzz.py --minutes 10 --game bloodyinn|innkeepers

Runs the property tests' three families (tests/fuzzing.py: edited saves, records and starting positions;
notation; arbitrary values at every public entry point) in turn, in rounds of a few hundred hypothesis examples,
until the time is up. A defect is an input that makes the engine raise anything but its documented error, change
a game it refused, or give a game that breaks an invariant, waits for a decision nobody can make, or does not
round-trip; each distinct one (by exception type and where it was raised) is printed once, with its smallest
input. Prints the inputs tried per family and the defects found.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: tests/fuzzing.py holds the strategies

from tests.fuzzing import ENGINES, FAMILIES, Engine

ROUND = 200  # examples per hypothesis run: small enough to share the time between the families


def fuzz(engine: Engine, family: str, tried: Counter[str]) -> Exception | None:
    """One hypothesis run of `family`; the failure it found (shrunk to its smallest input), or None."""
    check = FAMILIES[family]

    @settings(max_examples=ROUND, deadline=None, database=None, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        tried[family] += 1
        check(engine, data)

    try:
        run()
    except Exception as failure:  # every failure is a defect to report
        return failure
    return None


def where(failure: BaseException) -> str:
    frame = traceback.extract_tb(failure.__traceback__)[-1]
    return f"{type(failure).__name__} at {Path(frame.filename).name}:{frame.lineno}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--game", choices=sorted(ENGINES), default="bloodyinn")
    args = parser.parse_args()
    engine = ENGINES[args.game]
    tried: Counter[str] = Counter()
    defects: dict[str, str] = {}
    start = time.monotonic()
    deadline = start + 60 * args.minutes
    while time.monotonic() < deadline:
        for family in FAMILIES:
            failure = fuzz(engine, family, tried)
            if failure is not None and where(failure) not in defects:
                defects[where(failure)] = f"{family}: {failure!r}"[:2000]
                print(f"DEFECT {where(failure)} ({family}): {str(failure)[:500]}", flush=True)
            if time.monotonic() >= deadline:
                break
    minutes = (time.monotonic() - start) / 60
    print(f"{engine.name}: {sum(tried.values())} inputs tried in {minutes:.1f} min "
          f"({', '.join(f'{family} {count}' for family, count in tried.items())}); {len(defects)} defects found")
    for key, text in defects.items():
        print(f"  {key}: {text}")


if __name__ == "__main__":
    main()

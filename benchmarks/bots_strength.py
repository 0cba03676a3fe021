"""Bot strength and speed: the figures quoted in docs/bots.md.

    python benchmarks/bots_strength.py duel --a greedy --b random --deals 100 --jobs 1
    python benchmarks/bots_strength.py duel --a hard --b greedy --deals 100 --jobs 1
    python benchmarks/bots_strength.py solo --bot hard --games 100 --jobs 1
    python benchmarks/bots_strength.py solo --bot hard --games 100 --jobs 1 --seed 30000
    python benchmarks/bots_strength.py speed --bot hard --positions 30
    python benchmarks/bots_strength.py speed --bot hard --positions 30 --timed --players 1
    python benchmarks/bots_strength.py speed --bot hard --positions 0 --timed --players 1 --whole 3
    python benchmarks/bots_strength.py profile --bot hard --positions 10

`duel` plays two-player games over duplicate deals (each deal twice, seats swapped) and prints the win rate
of --a with its 95% interval; `solo` plays long solitaire games and prints the mean score (lost games count
0), the loss rate and the titles; `speed` times single decisions in varied positions (solitaire, two and three
players; `--players` keeps one count; `--whole N` adds every decision of N whole games, solitaire unless
`--players` says otherwise); `profile` shows where a search decision spends its time, engine and bots
apart.

`hard` plays without its time caps (`HardBot()`, as `make_bot` builds it): its iterations and deals alone fix
every decision, so a run gives the same games on any machine, however busy. `--timed` plays it as faces seat it
(`HardBot(timed=True)`), stopped at 0.85 s in company and 0.7 s in solitaire: a run then depends on the machine's
speed and load, and is not reproducible.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from bloodyinn import Game, new_game
from bloodyinn.bots import BOTS, make_bot
from bloodyinn.bots.arena import GameResult, duplicate_schedule, run
from bloodyinn.bots.levels import HardBot
from bloodyinn.rules.endgame import SOLO_TITLES
from tabletop.executors import make_executor
from tabletop.ratings import mean_interval, standings, wilson


def _logger(path: str | None) -> Callable[[GameResult], None] | None:
    """Append every finished game to a JSON-lines file, so a long run can be read while it goes on."""
    if path is None:
        return None

    def log(result: GameResult) -> None:
        with open(path, "a") as f:
            f.write(json.dumps(result.to_dict()) + "\n")

    return log


def duel(a: str, b: str, deals: int, seed: int, jobs: int, log: str | None = None) -> None:
    started = time.perf_counter()
    with make_executor("process", jobs) as executor:
        results = run(duplicate_schedule([a, b], 2, deals, seed), executor, progress=_logger(log))
    rows = {s.entrant: s for s in standings(results, [a, b])}
    first = rows[a]
    print(f"{a} vs {b}: {first.games} two-player short games over {deals} duplicate deals (seed {seed})")
    for s in rows.values():
        print(f"  {s.entrant:>8}: {s.wins:g} wins, win rate {s.win_rate:.1%} [{s.win_low:.1%}, {s.win_high:.1%}],"
              f" mean score {s.mean_score:.1f} ± {s.score_half_width:.1f}, {s.seconds_per_decision:.3f} s/decision")
    print(f"  ({time.perf_counter() - started:.0f} s)")


def solo(bot: str, games: int, seed: int, jobs: int, log: str | None = None) -> None:
    started = time.perf_counter()
    with make_executor("process", jobs) as executor:
        results = run(duplicate_schedule([bot], 1, games, seed, length="long"), executor, progress=_logger(log))
    scores = [0.0 if r.lost else float(r.scores[0]) for r in results]
    lost = sum(r.lost for r in results)
    mean, half = mean_interval(scores)
    low, high = wilson(lost, len(results))
    decisions = sum(r.decisions[0] for r in results)
    print(f"{bot}: {len(results)} long solitaire games (seed {seed})")
    print(f"  mean score {mean:.1f} ± {half:.1f}F (lost games count 0), median {statistics.median(scores):.0f}F")
    print(f"  loss rate {lost / len(results):.1%} [{low:.1%}, {high:.1%}]")
    print(f"  {sum(r.seconds[0] for r in results) / max(1, decisions):.3f} s/decision")
    for threshold, title in SOLO_TITLES:
        count = sum(1 for r in results if r.title == title)
        print(f"  {title} ({threshold}F+): {count} ({count / len(results):.0%})")
    print(f"  ({time.perf_counter() - started:.0f} s)")


def positions(count: int, seed: int, players: int | None = None) -> list[Game]:
    """Varied solitaire, two- and three-player positions (or only `players`), reached by greedy play."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        table = players or rng.choice((1, 2, 2, 3))
        game = new_game(players=table, length="long" if table == 1 else "short", seed=rng.getrandbits(32))
        greedy = make_bot("greedy", 0)
        stop = rng.randrange(4, 60)
        for _ in range(stop):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(greedy.choose(game.view(game.current_player), legal) if len(legal) > 1 else legal[0])
        if not game.is_over and len(game.legal_actions()) > 1:
            found.append(game)
    return found


def speed(bot: str, count: int, seed: int, players: int | None = None, whole: int = 0) -> None:
    player = make_bot(bot, seed)
    times = []
    for game in positions(count, seed, players):
        seat = game.current_player
        started = time.perf_counter()
        player.choose(game.view(seat), game.legal_actions())
        times.append(time.perf_counter() - started)
    for deal in range(whole):  # every decision of whole games, where the late ones weigh more than early positions
        game = new_game(players=players or 1, length="long" if players in (None, 1) else "short", seed=seed + deal)
        bots = [make_bot(bot, seed + deal + seat) for seat in range(game.state.players)]
        while not game.is_over:
            legal, seat = game.legal_actions(), game.current_player
            assert seat is not None
            if len(legal) == 1:
                game.apply(legal[0], events=False)
                continue
            started = time.perf_counter()
            action = bots[seat].choose(game.view(seat), legal)
            times.append(time.perf_counter() - started)
            game.apply(action, events=False)
    times.sort()
    print(f"{bot}: {len(times)} decisions: mean {statistics.mean(times):.3f} s,"
          f" median {statistics.median(times):.3f} s, 95th percentile {times[int(0.95 * (len(times) - 1))]:.3f} s,"
          f" max {times[-1]:.3f} s")


def profile(bot: str, count: int, seed: int) -> None:
    player = make_bot(bot, seed)
    games = positions(count, seed)
    profiler = cProfile.Profile()
    profiler.enable()
    for game in games:
        player.choose(game.view(game.current_player), game.legal_actions())
    profiler.disable()
    stats = pstats.Stats(profiler)
    own: dict[str, float] = {"bots": 0.0, "engine": 0.0, "other": 0.0}
    for (filename, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        part = "bots" if "/bloodyinn/bots/" in filename else "engine" if "/bloodyinn/" in filename else "other"
        own[part] += tottime
    total = sum(own.values())
    print("Own time by layer: " + ", ".join(f"{k} {v / total:.0%}" for k, v in own.items()))
    stats.sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("duel", "solo", "speed", "profile"))
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="greedy")
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--players", type=int, choices=(1, 2, 3), help="speed: only positions of this many players")
    parser.add_argument("--whole", type=int, default=0, help="speed: also every decision of this many whole games")
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", help="append each finished game to this JSON-lines file")
    parser.add_argument("--timed", action="store_true", help="hard with the faces' time caps (not reproducible)")
    args = parser.parse_args()
    if args.timed:  # worker processes are forked from this one, so they see the timed level too
        print("--timed: hard stops on a clock, so these results depend on this machine and are not reproducible")
        BOTS["hard"] = partial(HardBot, timed=True)
    if args.what == "duel":
        duel(args.a, args.b, args.deals, args.seed, args.jobs, args.log)
    elif args.what == "solo":
        solo(args.bot, args.games, args.seed, args.jobs, args.log)
    elif args.what == "speed":
        speed(args.bot, args.positions, args.seed, args.players, args.whole)
    else:
        profile(args.bot, args.positions, args.seed)


if __name__ == "__main__":
    main()

"""Train the `learned` bot's network by imitating a stronger bot (behaviour cloning with DAgger), then export it
for numpy-only play (`bloodyinn.research.policy`).

    pip install -e '.[research]' torch==2.13.0      # a CPU build is enough; only this example needs torch
    python examples/learned_agent/imitate.py --teacher planner --games 150 --rounds 4 --out runs/imitate

Masked PPO alone (`train_masked_ppo.py`) learns slowly on a shared 2-core machine: 20 minutes gave 42F in long
solitaire, where greedy makes 87F. Here the same network (the same observations and tokens as the research
environments, so the same `MlpPolicy`) learns to type what the teacher chooses:

- Round 0 plays `--games` long solitaire deals with the teacher and records, for every token the teacher's action
  needs (forced tokens are typed for the agent, as in the environments), the observation, the legal tokens and
  the token typed.
- Each further round (DAgger, Ross, Gordon & Bagnell 2011) lets the network trained so far play new deals and
  asks the teacher what it would have chosen in every position the network reached, so it also learns to recover
  from its own mistakes; the network is trained again on everything recorded.
- Training is a masked cross-entropy (the logits of illegal tokens do not count), Adam, `--epochs` passes.

After each round the network plays `--eval-games` fixed deals (seeds 90000 on) and the best round's network is
written to `policy.npz` with `curve.csv` (round, samples, mean booty, loss rate). Copy `policy.npz` to
`src/bloodyinn/research/policies/learned.npz` to ship it.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch

from bloodyinn.bots import make_bot
from bloodyinn.game import new_game
from bloodyinn.research.encoding import VOCABULARY_SIZE, ActionTree, encode
from bloodyinn.research.observation import OBSERVATION_SIZE, observation_from_view
from bloodyinn.research.policy import LearnedBot, MlpPolicy, evaluate_solitaire, save_policy

Samples = tuple[list[np.ndarray], list[np.ndarray], list[int]]  # observations, legal-token masks, tokens typed


def record(view: dict[str, Any], legal: list[Any], chosen: Any, samples: Samples) -> None:
    """The token steps of typing `chosen` among `legal` that are real choices."""
    tree = ActionTree(legal)
    prefix: list[int] = []
    for token in encode(chosen):
        following = tree.next_tokens(prefix)
        if len(following) > 1:
            mask = np.zeros(VOCABULARY_SIZE, dtype=bool)
            mask[following] = True
            samples[0].append(observation_from_view(view, prefix).astype(np.float16))
            samples[1].append(mask)
            samples[2].append(token)
        prefix.append(token)


def collect(teacher: str, student: MlpPolicy | None, games: int, seed: int, samples: Samples) -> None:
    """Play `games` long solitaire deals, the student (or, without one, the teacher) choosing; record the
    teacher's choice in every position reached."""
    for number in range(games):
        game = new_game(players=1, length="long", seed=seed + number)
        guide = make_bot(teacher, seed + number)
        player = LearnedBot(policy=student) if student is not None else None
        while not game.is_over:
            view, legal = game.view(0), game.legal_actions()
            wanted = guide.choose(view, legal)
            if len(legal) > 1:
                record(view, legal, wanted, samples)
            game.apply(player.choose(view, legal) if player is not None else wanted, events=False)


def train(samples: Samples, hidden: list[int], epochs: int, seed: int) -> MlpPolicy:
    torch.manual_seed(seed)
    sizes = [OBSERVATION_SIZE, *hidden, VOCABULARY_SIZE]
    layers: list[torch.nn.Module] = []
    for i in range(len(sizes) - 1):
        layers.append(torch.nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(torch.nn.Tanh())
    net = torch.nn.Sequential(*layers)
    x = torch.from_numpy(np.stack(samples[0]))
    masks = torch.from_numpy(np.stack(samples[1]))
    y = torch.tensor(samples[2])
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    generator = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        for batch in torch.randperm(len(y), generator=generator).split(256):
            logits = net(x[batch].float()).masked_fill(~masks[batch], -1e9)
            loss = torch.nn.functional.cross_entropy(logits, y[batch])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    linear = [layer for layer in net if isinstance(layer, torch.nn.Linear)]
    return MlpPolicy([layer.weight.detach().numpy().T.copy() for layer in linear],
                     [layer.bias.detach().numpy().copy() for layer in linear])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--teacher", default="planner", help="the bot imitated (default planner)")
    parser.add_argument("--games", type=int, default=150, help="deals played per round")
    parser.add_argument("--rounds", type=int, default=4, help="1 = behaviour cloning; more = DAgger rounds")
    parser.add_argument("--epochs", type=int, default=15)
    parser.add_argument("--hidden", type=int, nargs="+", default=[128, 128], help="hidden layer sizes")
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0, help="training deals are seeds seed*1000000 on")
    parser.add_argument("--out", type=Path, default=Path("runs/imitate"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(1)
    samples: Samples = ([], [], [])
    student: MlpPolicy | None = None
    best: tuple[float, MlpPolicy] | None = None
    rows = []
    started = time.perf_counter()
    for round_number in range(args.rounds):
        collect(args.teacher, student, args.games, args.seed * 1_000_000 + round_number * args.games, samples)
        student = train(samples, args.hidden, args.epochs, args.seed + round_number)
        result = evaluate_solitaire(student, games=args.eval_games, seed=90_000)
        rows.append({"round": round_number, "samples": len(samples[2]), "mean_score": result["mean_score"],
                     "loss_rate": result["loss_rate"], "minutes": (time.perf_counter() - started) / 60})
        print(f"round {round_number}: {len(samples[2])} samples, {result['mean_score']:.1f}F mean booty,"
              f" {result['loss_rate']:.0%} lost ({rows[-1]['minutes']:.1f} min)", flush=True)
        if best is None or result["mean_score"] > best[0]:
            best = (result["mean_score"], student)
    with open(args.out / "curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    assert best is not None
    save_policy(best[1], args.out / "policy.npz",
                {"mode": "imitation", "teacher": args.teacher, "rounds": args.rounds, "games": args.games,
                 "samples": len(samples[2]), "hidden": args.hidden})
    print(f"wrote {args.out / 'curve.csv'} and {args.out / 'policy.npz'} (best round: {best[0]:.1f}F)")


if __name__ == "__main__":
    main()

"""Train a masked-PPO agent (sb3-contrib's MaskablePPO) on The Bloody Inn, plot its learning curve and export the
policy for numpy-only play (`bloodyinn.research.policy`, the `learned` bot).

    pip install -e '.[research]' sb3-contrib matplotlib
    pip install torch==2.13.0                      # a CPU build is enough; only this example needs torch
    python examples/learned_agent/train_masked_ppo.py solitaire --minutes 10 --out runs/solitaire
    python examples/learned_agent/train_masked_ppo.py selfplay --minutes 10 --out runs/selfplay

- `solitaire`: the Gymnasium environment `bloodyinn/Solitaire-v0` (long games), as it stands: MaskablePPO reads
  the legal tokens from its `action_masks()`. The reward is the booty / 100F, -1 for a game lost to the police.
- `selfplay`: two-player short games. `SelfPlayEnv` turns the PettingZoo environment into one seat's Gymnasium
  environment whose rival is a frozen copy of the policy being trained, refreshed every `--refresh` steps; the
  seat alternates between games. The reward is `win_loss` (+1 win, -1 loss, 0 for a tie: see docs/research.md).

Every `--eval-every` steps the policy plays fixed evaluation deals greedily (argmax over the legal tokens): mean
booty in solitaire, win rate against the greedy bot in self-play. `curve.csv` and `curve.png` hold the learning
curve (training episodes' mean reward and the evaluations); `model.zip` the trained model (sb3); `policy.npz` the
exported network
(`bloodyinn.research.policy.save_policy`): copy it to `src/bloodyinn/research/policies/` to ship it.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from bloodyinn.research.gymnasium_env import SolitaireEnv
from bloodyinn.research.pettingzoo_env import raw_env
from bloodyinn.research.policy import MlpPolicy, evaluate_selfplay, evaluate_solitaire, save_policy


class SelfPlayEnv(gym.Env[np.ndarray, np.int64]):
    """One seat of a two-player short game; the other seat is played by `rival` (a numpy policy)."""

    def __init__(self, rival: MlpPolicy | None = None) -> None:
        self.table = raw_env(players=2, length="short", reward="win_loss")
        self.observation_space = self.table.observation_space("player_0")["observation"]
        self.action_space = self.table.action_space("player_0")
        self.rival = rival
        self.games = 0
        self.agent = "player_0"

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(seed=int(self.np_random.integers(2**62)))
        self.agent = f"player_{self.games % 2}"  # the seat alternates between games
        self.games += 1
        self._rival_plays()
        return self._observation(), {}

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.table.step(int(action))
        self._rival_plays()
        over = self.table.game.is_over
        reward = self.table.rewards[self.agent] if over else 0.0
        return self._observation(), float(reward), over, False, {}

    def _rival_plays(self) -> None:
        while not self.table.game.is_over and self.table.agent_selection != self.agent:
            seen = self.table.observe(self.table.agent_selection)
            mask = seen["action_mask"].astype(bool)
            if self.rival is None:
                token = int(self.np_random.choice(np.flatnonzero(mask)))
            else:
                token = self.rival.act(seen["observation"], mask, self.np_random)
            self.table.step(token)

    def _observation(self) -> np.ndarray:
        return self.table.observe(self.agent)["observation"]

    def action_masks(self) -> np.ndarray:
        return self.table.observe(self.agent)["action_mask"].astype(bool)


def export(model: MaskablePPO) -> MlpPolicy:
    """The policy network's weights as numpy arrays (the actor only: shared layers, then the action head)."""
    net = model.policy.mlp_extractor.policy_net
    linear = [layer for layer in net if isinstance(layer, torch.nn.Linear)] + [model.policy.action_net]
    return MlpPolicy([layer.weight.detach().numpy().T.copy() for layer in linear],
                     [layer.bias.detach().numpy().copy() for layer in linear])


class Curve(BaseCallback):
    """Logs training episodes' rewards, evaluates every `every` steps, refreshes the self-play rival, and stops
    at the time limit."""

    def __init__(self, mode: str, out: Path, every: int, refresh: int, deadline: float, eval_games: int) -> None:
        super().__init__()
        self.mode, self.out, self.every, self.refresh = mode, out, every, refresh
        self.deadline, self.eval_games = deadline, eval_games
        self.rows: list[dict[str, float]] = []
        self.episodes: list[float] = []
        self.last_eval = -every
        self.started = time.perf_counter()

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", []):
            if "episode" in info:
                self.episodes.append(float(info["episode"]["r"]))
        if self.mode == "selfplay" and self.num_timesteps % self.refresh < self.training_env.num_envs:
            rival = export(self.model)
            for env in self.training_env.envs:  # type: ignore[attr-defined]
                env.unwrapped.rival = rival
        if self.num_timesteps - self.last_eval >= self.every:
            self.evaluate()
        return time.perf_counter() < self.deadline

    def evaluate(self) -> None:
        self.last_eval = self.num_timesteps
        policy = export(self.model)
        if self.mode == "solitaire":
            score = evaluate_solitaire(policy, games=self.eval_games, seed=90_000)["mean_score"]
        else:
            score = evaluate_selfplay(policy, "greedy", games=self.eval_games, seed=90_000)["win_rate"]
        recent = self.episodes[-200:]
        row = {"timesteps": self.num_timesteps, "minutes": (time.perf_counter() - self.started) / 60,
               "episodes": len(self.episodes), "train_reward": float(np.mean(recent)) if recent else float("nan"),
               "eval": score}
        self.rows.append(row)
        print(f"{row['minutes']:6.1f} min {self.num_timesteps:>9} steps {len(self.episodes):>6} games "
              f"train reward {row['train_reward']:+.3f} eval {score:.3f}", flush=True)


def plot(rows: list[dict[str, float]], mode: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [r["timesteps"] for r in rows]
    figure, left = plt.subplots(figsize=(7, 4))
    left.plot(steps, [r["train_reward"] for r in rows], color="tab:blue", label="training reward (last 200 games)")
    left.set_xlabel("environment steps (tokens typed)")
    left.set_ylabel("mean training reward", color="tab:blue")
    right = left.twinx()
    label = "evaluation: mean booty (F)" if mode == "solitaire" else "evaluation: win rate against greedy"
    right.plot(steps, [r["eval"] for r in rows], color="tab:red", marker="o", label=label)
    right.set_ylabel(label, color="tab:red")
    left.set_title(f"MaskablePPO on The Bloody Inn ({mode})")
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("solitaire", "selfplay"))
    parser.add_argument("--minutes", type=float, default=10.0, help="wall-clock training budget")
    parser.add_argument("--steps", type=int, default=10_000_000, help="environment steps at most")
    parser.add_argument("--out", type=Path, default=Path("runs"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hidden", type=int, nargs="+", default=[64, 64], help="hidden layer sizes")
    parser.add_argument("--envs", type=int, default=4, help="environments stepped together")
    parser.add_argument("--eval-every", type=int, default=20_000)
    parser.add_argument("--eval-games", type=int, default=20)
    parser.add_argument("--refresh", type=int, default=20_000, help="self-play: steps between rival updates")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(1)

    def make() -> gym.Env:
        return SolitaireEnv(length="long") if args.mode == "solitaire" else SelfPlayEnv()

    vec = DummyVecEnv([lambda: Monitor(make()) for _ in range(args.envs)])
    # sb3-contrib's defaults (n_steps 2048, batch 64, 10 epochs, gamma 0.99) but for the network's size: with
    # gamma 1 and a little entropy the solitaire agent settled on passing every night (10F, never lost).
    model = MaskablePPO("MlpPolicy", vec, seed=args.seed,
                        policy_kwargs={"net_arch": {"pi": args.hidden, "vf": args.hidden}}, verbose=0)
    curve = Curve(args.mode, args.out, args.eval_every, args.refresh, time.perf_counter() + 60 * args.minutes,
                  args.eval_games)
    model.learn(total_timesteps=args.steps, callback=curve)
    curve.evaluate()
    with open(args.out / "curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(curve.rows[0]))
        writer.writeheader()
        writer.writerows(curve.rows)
    plot(curve.rows, args.mode, args.out / "curve.png")
    model.save(args.out / "model.zip")  # to train on: MaskablePPO.load(path, env=...)
    save_policy(export(model), args.out / "policy.npz", {"mode": args.mode, "timesteps": model.num_timesteps})
    print(f"wrote {args.out / 'curve.csv'}, {args.out / 'curve.png'} and {args.out / 'policy.npz'}")


if __name__ == "__main__":
    main()

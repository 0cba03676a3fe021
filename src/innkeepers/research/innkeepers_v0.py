"""PettingZoo's naming convention: `from innkeepers.research import innkeepers_v0; table = innkeepers_v0.parallel_env()`
(or `innkeepers_v0.env()`, the AEC form)."""

from .pettingzoo_env import env, parallel_env, raw_env

__all__ = ["env", "parallel_env", "raw_env"]

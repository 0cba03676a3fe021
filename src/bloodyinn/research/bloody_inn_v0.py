"""PettingZoo's naming convention: `from bloodyinn.research import bloody_inn_v0; table = bloody_inn_v0.env()`."""

from .pettingzoo_env import env, raw_env

__all__ = ["env", "raw_env"]

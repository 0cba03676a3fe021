"""Research APIs: the engine as token-level environments for learning agents (a face: it imports the engine and
the bots, never the other way).

- `encoding`: compound actions as short sequences of tokens from one fixed vocabulary, and prefix-tree masks;
- `tokengame`: a game advanced one token at a time, and the rewards at its end;
- `observation`: a fixed-length float32 vector built only from a seat's view and the tokens typed;
- `pettingzoo_env` (`bloody_inn_v0`) and `gymnasium_env` (solitaire): the environments;
- `selfplay`: bots' games written as Parquet shards of (observation, mask, action, reward);
- `chance`: the game with explicit chance (every traveler turned face up is a chance event), pure Python;
- `openspiel`: that game registered with OpenSpiel (`python_bloody_inn`).

Only `encoding`, `tokengame` and `chance` are pure Python; the others need the `research` extra (numpy, gymnasium,
pettingzoo, pyarrow, open_spiel).
"""

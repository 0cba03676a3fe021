"""Research APIs for Innkeepers: the engine as environments for learning agents (a face: it imports the engine
and the bots, never the other way). The same tooling as The Bloody Inn's (`bloodyinn.research`), for a game of
simultaneous choices and hidden hands.

- `encoding`: every decision as one index of one fixed list of 342 actions;
- `observation`: a fixed-length float32 vector built only from a seat's view;
- `rewards`: the reward schemes of `tabletop.rewards` on the engine's scores and winners;
- `pettingzoo_env` (`innkeepers_v0`): the parallel environment and its AEC form; `gymnasium_env`: one seat
  against bots (`innkeepers/AgainstBots-v0`);
- `selfplay`: bots' games written as Parquet shards of (observation, mask, action, reward);
- `chance`: the game with explicit chance and joint moves, pure Python;
- `openspiel`: that game registered with OpenSpiel (`python_innkeepers`), simultaneous moves.

Only `encoding` and `chance` are pure Python; the others need the `research` extra (numpy, gymnasium, pettingzoo,
pyarrow, open_spiel).
"""

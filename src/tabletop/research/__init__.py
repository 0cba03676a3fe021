"""What every game's research faces share, knowing no game: self-play shards (`shards`), the plumbing of a
PettingZoo environment (`environments`) and of an OpenSpiel game (`spiel`). The reward schemes are
`tabletop.rewards`. These modules need the `research` extra (numpy, gymnasium, pettingzoo, open_spiel, pyarrow)."""

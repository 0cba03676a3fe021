"""What every game's research faces share, knowing no game: self-play shards (`shards`), the plumbing of a
PettingZoo or Gymnasium environment (`environments`) and of an OpenSpiel game (`spiel`), and the sections of an
observation vector (`layout`). The reward schemes are `tabletop.rewards`. All but `layout` need the `research`
extra (numpy, gymnasium, pettingzoo, open_spiel, pyarrow)."""

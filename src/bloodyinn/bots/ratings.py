"""Statistics over finished games: moved to the game-neutral `tabletop.ratings` (shared with Innkeepers);
re-exported here so that `bloodyinn.bots.ratings` keeps working."""

from tabletop.ratings import Z95, Standing, elo, entrant_scores, mean_interval, standings, wilson

__all__ = ["Z95", "Standing", "elo", "entrant_scores", "mean_interval", "standings", "wilson"]

"""One module per phase or action of a trick; `flow` runs them in order."""

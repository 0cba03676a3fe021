"""Sub-commands of the `innkeepers` console script, one module each."""

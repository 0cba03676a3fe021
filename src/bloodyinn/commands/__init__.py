"""Console sub-commands of `bloodyinn` that belong to no single face."""

"""One package per game; each imports `engine` only."""

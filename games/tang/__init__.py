"""The Tang-era strategy game (安史之乱, 2-8 players): rules engine, not yet registered.

See docs/progress/tang.md."""

"""Scythe (base game, 2-5 players): the rules engine. Contract: docs/scythe-engine.md."""

"""Where the wargame's catalogs are, for the tests that read them as files."""

from __future__ import annotations

from pathlib import Path

LOCALES = Path(__file__).resolve().parents[3] / "games" / "wargame" / "locales"

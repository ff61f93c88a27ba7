"""Table options typed as text (`advanced=true two_player_lords=yes`), for `/game new` and
`gm simulate`. The game itself then checks names and values (`Game.resolve_options`)."""

from __future__ import annotations

_BOOLEANS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def parse_options(text: str | list[str]) -> dict[str, object]:
    """`"advanced=true, seats=3"` or `["advanced=true"]` → {"advanced": True, "seats": 3}."""
    pairs = text.replace(",", " ").split() if isinstance(text, str) else text
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name.strip() or not raw.strip():
            raise ValueError(f"Option `{pair}` should look like name=value, e.g. advanced=true.")
        options[name.strip().lower()] = _value(raw.strip())
    return options


def _value(raw: str) -> object:
    lowered = raw.lower()
    if lowered in _BOOLEANS:
        return _BOOLEANS[lowered]
    if lowered.lstrip("-").isdigit():
        return int(lowered)
    return raw

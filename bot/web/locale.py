"""The reader's language: `?lang=` when it names one of the bot's five locales, else the
browser's Accept-Language (best quality first), else English."""

from __future__ import annotations

from bot.i18n import DEFAULT_LOCALE, LOCALES

# Chinese by script first: Traditional in Taiwan, Hong Kong and Macau, else Simplified.
_TRADITIONAL = ("zh-tw", "zh-hk", "zh-mo", "zh-hant")


def reader_locale(asked: str | None, accept_language: str | None) -> str:
    if asked in LOCALES:
        return asked
    for tag in _preferred(accept_language or ""):
        ours = _ours(tag)
        if ours is not None:
            return ours
    return DEFAULT_LOCALE


def _preferred(header: str) -> list[str]:
    """The header's language tags, by quality (highest first, in order of writing)."""
    ranked: list[tuple[float, int, str]] = []
    for order, item in enumerate(header.split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, order, tag.lower()))
    return [tag for _, _, tag in sorted(ranked)]


def _ours(tag: str) -> str | None:
    if tag.startswith("zh"):
        return "zh-TW" if tag.startswith(_TRADITIONAL) else "zh-CN"
    primary = tag.split("-")[0]
    return primary if primary in ("en", "ko", "ja") else None

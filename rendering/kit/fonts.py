"""Font discovery and text fitting.

Fonts are looked up once per process (the machine does not change under us) and font
objects are cached per thread, because a FreeType face must not be used by two threads at
once and rendering runs in an executor. Without a CJK font every name is drawn in English
only, so a machine without one shows plain words instead of tofu boxes.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

NO_CJK_ENV = "GM_NO_CJK"
ELLIPSIS = "…"
FC_MATCH_TIMEOUT_S = 5

# (path, face index inside a .ttc); index 3 of Noto Sans CJK is Traditional Chinese.
CJK_CANDIDATES: tuple[tuple[str, int], ...] = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 3),
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", 3),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0),
)
LATIN_CANDIDATES: tuple[str, ...] = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
)


@dataclass(frozen=True)
class FontFile:
    """One font face on disk: a path and the face index inside a collection."""

    path: str
    index: int = 0


def _fc_match(pattern: str) -> FontFile | None:
    """Ask fontconfig for a face; None when fc-match is missing or answers nothing."""
    if shutil.which("fc-match") is None:
        return None
    try:
        out = subprocess.run(
            ["fc-match", "-f", "%{file}|%{index}", pattern],
            capture_output=True, text=True, timeout=FC_MATCH_TIMEOUT_S, check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    path, _, index = out.partition("|")
    if not path or not os.path.isfile(path):
        return None
    return FontFile(path, int(index) if index.isdigit() else 0)


def _covers_cjk(face: FontFile) -> bool:
    """fc-match always answers something; keep it only if it really draws 漢字."""
    try:
        font = ImageFont.truetype(face.path, 20, index=face.index)
    except OSError:
        return False
    # A font lacking the glyph draws the same .notdef box for both characters.
    return _glyph_pixels(font, "國") != _glyph_pixels(font, "\ue000")


def _glyph_pixels(font: ImageFont.FreeTypeFont, ch: str) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((5, 5), ch, font=font, fill=255)
    return image.tobytes()


def _bold_sibling(face: FontFile) -> FontFile:
    """The bold face next to a regular one (Noto, DejaVu name them alike), else itself."""
    for regular, bold in (("-Regular", "-Bold"), ("Sans.ttf", "Sans-Bold.ttf")):
        candidate = face.path.replace(regular, bold)
        if candidate != face.path and os.path.isfile(candidate):
            return FontFile(candidate, face.index)
    return face


@lru_cache(maxsize=1)
def find_cjk_font() -> FontFile | None:
    """The installed CJK face, found once: fontconfig first, then well-known paths."""
    candidates: list[FontFile] = []
    matched = _fc_match(":lang=zh-tw")
    if matched is not None:
        candidates.append(matched)
    candidates += [FontFile(p, i) for p, i in CJK_CANDIDATES if os.path.isfile(p)]
    candidates += [FontFile(p) for p in sorted(glob.glob("/usr/share/fonts/truetype/wqy/*"))]
    return next((face for face in candidates if _covers_cjk(face)), None)


@lru_cache(maxsize=1)
def find_latin_font() -> FontFile | None:
    """DejaVu Sans if present; None means Pillow's built-in scalable font."""
    for path in LATIN_CANDIDATES:
        if os.path.isfile(path):
            return FontFile(path)
    matched = _fc_match("DejaVu Sans")
    return matched if matched is not None and "DejaVu" in matched.path else None


def has_cjk() -> bool:
    """True when CJK text can be drawn: a CJK font exists and GM_NO_CJK is not set."""
    return os.environ.get(NO_CJK_ENV, "") in ("", "0") and find_cjk_font() is not None


def resolve_cjk(cjk: bool | None) -> bool:
    """A caller's wish (None: the environment decides) limited to what is installed."""
    return has_cjk() if cjk is None else cjk and find_cjk_font() is not None


def is_cjk_char(ch: str) -> bool:
    """Wide or full-width characters (漢字, kana, 元) need a CJK font."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def label(zh: str, en: str, cjk: bool | None = None) -> str:
    """'趙雲 Zhao Yun' with a CJK font, 'Zhao Yun' without (never tofu)."""
    if resolve_cjk(cjk) and zh:
        return f"{zh} {en}".strip()
    return en or "?"


def drawable(text: str, cjk: bool) -> str:
    """Drop what no chosen font can draw: emoji always, CJK when there is no CJK font."""
    kept = "".join(
        ch for ch in text
        if ord(ch) <= 0xFFFF and unicodedata.category(ch) not in ("Cs", "Co", "Cn")
        and (cjk or not is_cjk_char(ch))
    )
    return " ".join(kept.split())


_local = threading.local()


def _load(face: FontFile | None, size: int) -> Font:
    if face is None:
        return ImageFont.load_default(size)
    # BASIC layout: no shaping is needed for Latin or Han text, and it measures twice as fast.
    return ImageFont.truetype(face.path, size, index=face.index,
                              layout_engine=ImageFont.Layout.BASIC)


def get_font(size: int, bold: bool = False, cjk: bool = False) -> Font:
    """A font of that pixel size, cached for this thread (FreeType faces are not shared)."""
    cache: dict[tuple[int, bool, bool], Font] = _local.__dict__.setdefault("fonts", {})
    key = (size, bold, cjk)
    if key not in cache:
        face = find_cjk_font() if cjk else find_latin_font()
        if face is not None and bold:
            face = _bold_sibling(face)
        cache[key] = _load(face, size)
    return cache[key]


def text_width(text: str, font: Font) -> float:
    """Advance width in pixels, the measure used for every fit decision."""
    return font.getlength(text)


Measure = Callable[[str, Font], float]


def ellipsize(text: str, font: Font, max_width: float, measure: Measure = text_width) -> str:
    """The longest prefix of text that fits with an ellipsis (the whole text if it fits)."""
    if measure(text, font) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # binary search the longest prefix that fits with "…"
        mid = (lo + hi + 1) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS, font) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ""


def fit_text(
    text: str, max_width: float, size: int, min_size: int, bold: bool = False,
    cjk: bool = False, measure: Measure = text_width,
) -> tuple[str, Font]:
    """Shrink the font down to min_size, then ellipsize: text never overflows max_width.
    `measure` lets a caller put a cache in front of the (slow) FreeType measurement."""
    for trial in range(size, min_size - 1, -1):
        font = get_font(trial, bold, cjk)
        if measure(text, font) <= max_width:
            return text, font
    font = get_font(min_size, bold, cjk)
    return ellipsize(text, font, max_width, measure), font

"""How colours look to colour-blind eyes, and how far apart they look: the Machado, Oliveira
and Fernandes (2009) simulation of protanopia, deuteranopia and tritanopia at severity 1.0
(applied in linear RGB), and the CIEDE2000 colour difference. Pure Python: the tests that
check the seats' palettes need no numpy.

A board tells its owners apart by colour first; these say whether a palette still does for
the one man in twelve who sees fewer colours.
"""

from __future__ import annotations

import math
from itertools import combinations

RGB = tuple[float, float, float]
Matrix = tuple[RGB, RGB, RGB]

# Machado et al. 2009, table of severity 1.0 (linear RGB to linear RGB).
MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO)


def rgb(colour: str | tuple[int, ...]) -> RGB:
    """'#rrggbb' or an (r, g, b) pixel as three 0..1 sRGB values."""
    if isinstance(colour, str):
        return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    return (colour[0] / 255, colour[1] / 255, colour[2] / 255)


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def simulate(colour: RGB, vision: str) -> RGB:
    """The sRGB colour as `vision` sees it (unchanged for normal vision)."""
    if vision == "normal":
        return colour
    lin = [_linear(v) for v in colour]
    return tuple(_gamma(sum(m * v for m, v in zip(row, lin, strict=True)))  # type: ignore
                 for row in MACHADO[vision])


def lab(colour: RGB) -> RGB:
    """sRGB (D65) to CIE L*a*b*."""
    r, g, b = (_linear(v) for v in colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: RGB, lab2: RGB) -> float:
    """The CIEDE2000 difference (Sharma, Wu and Dalal 2005), kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6))
         - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (big_dh / s_h) ** 2
                     + r_t * (dc / s_c) * (big_dh / s_h))


def difference(a: RGB, b: RGB, vision: str = "normal") -> float:
    """How far apart two colours look to `vision`."""
    return ciede2000(lab(simulate(a, vision)), lab(simulate(b, vision)))


def closest(colours: list[RGB]) -> dict[str, tuple[float, int, int]]:
    """For each vision, the smallest difference between two of `colours` and which two."""
    out = {}
    for vision in VISIONS:
        out[vision] = min((difference(colours[i], colours[j], vision), i, j)
                          for i, j in combinations(range(len(colours)), 2))
    return out


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours."""
    def lum(c: RGB) -> float:
        r, g, b_ = (_linear(v) for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)

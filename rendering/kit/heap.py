"""The C heap of a process that draws boards: keep the large buffers instead of handing
them back to the system after every board.

A board allocates a few buffers of megabytes (the pixels, and in the palette encoding the
quantizer's copy of them and its index map). glibc serves each with a fresh `mmap` and
returns it with `munmap` when freed, so every board faults its pages in again: measured on
the overviews, 20 % of drawing plus encoding (Tang 31.6 → 24.8 ms, Record 26.8 → 20.2 ms,
Scythe 37.1 → 29.9 ms, medians of 20). Raising the mmap threshold to its largest value and
the trim threshold above a board's needs keeps those buffers in the heap, reused by the
next board; the cost is that a renderer keeps its peak heap (tens of megabytes).
"""

from __future__ import annotations

import ctypes
import sys

M_TRIM_THRESHOLD = -1  # malloc.h
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 * 1024 * 1024  # glibc's largest on 64 bits: larger requests still mmap
TRIM_THRESHOLD = 256 * 1024 * 1024  # free memory kept before the heap is trimmed


def keep_board_buffers() -> bool:
    """Tune this process's allocator for drawing boards; whether it could (glibc only:
    elsewhere the allocator is left as it is, boards are only slower)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt  # the process's own C library
    except (OSError, AttributeError):  # a C library without mallopt (musl)
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and \
        bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))

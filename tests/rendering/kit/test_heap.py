"""rendering/kit/heap.py: the allocator of a process that draws boards is tuned where it can
be (glibc, which every supported Linux runs), and drawing is the same image either way."""

from __future__ import annotations

import sys

import pytest

from rendering.kit.heap import keep_board_buffers


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_a_renderer_s_heap_keeps_the_boards_buffers_on_linux() -> None:
    assert keep_board_buffers()
    assert keep_board_buffers()  # again: a second pool in one process changes nothing

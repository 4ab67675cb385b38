"""A minimal progress bar on stderr (no tqdm dependency).

Drawn only on a terminal and only for more than a few items, so logs and pipes stay
clean: ``[##########..........] 12/24 pairs``, redrawn in place with a carriage return.
"""

from __future__ import annotations

from types import TracebackType
from typing import TextIO

#: Fewest items for which a bar is drawn.
MIN_ITEMS = 4
WIDTH = 30


class ProgressBar:
    """Count finished items and draw a bar on ``stream`` when it is a terminal.

    Parameters
    ----------
    total : int
        Number of items.
    stream : text stream
        Usually ``sys.stderr``.
    unit : str
        What the items are called.
    """

    def __init__(self, total: int, stream: TextIO, *, unit: str = "pairs") -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.unit = unit
        self.enabled = total >= MIN_ITEMS and _is_terminal(stream)

    def __enter__(self) -> ProgressBar:
        self._draw()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()

    def advance(self) -> None:
        """Count one finished item and redraw."""
        self.done += 1
        self._draw()

    def _draw(self) -> None:
        if not self.enabled:
            return
        filled = WIDTH * self.done // self.total
        self.stream.write(f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] "
                          f"{self.done}/{self.total} {self.unit}")
        self.stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    """True when ``stream`` is an open terminal."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False

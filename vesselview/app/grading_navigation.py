"""Moving through a grading study's items (no Qt).

`GradingNavigation` is the part of `vesselview.app.grading.GradingSession` that keeps
the shown position in the presented items, moves to the next, previous or next unscored
item, and counts progress.
"""

from __future__ import annotations

from collections.abc import Callable

from vesselview.io.grading_files import Grade, ItemKey


class GradingNavigation:
    """The navigation of `vesselview.app.grading.GradingSession` (a mixin).

    It reads the session's presented ``items``, the shown ``position`` in them and each
    item's ``grade``.
    """

    items: tuple[ItemKey, ...]
    position: int
    grade: Callable[[ItemKey], Grade]  # the session's: an item's grade (empty when none)

    @property
    def current(self) -> ItemKey:
        """The item at `position`."""
        return self.items[self.position]

    def go_to(self, position: int) -> ItemKey:
        """Show the item at ``position`` (clamped to the list) and return it."""
        self.position = min(max(position, 0), len(self.items) - 1)
        return self.current

    def next(self) -> ItemKey:
        """Move to the next item (stays on the last one)."""
        return self.go_to(self.position + 1)

    def previous(self) -> ItemKey:
        """Move to the previous item (stays on the first one)."""
        return self.go_to(self.position - 1)

    def next_ungraded(self) -> ItemKey | None:
        """Move to the first unscored item after the current one, wrapping around.

        Returns None (and stays) when every item is scored.
        """
        count = len(self.items)
        for step in range(1, count + 1):
            position = (self.position + step) % count
            if self.grade(self.items[position]).score is None:
                return self.go_to(position)
        return None

    def progress(self) -> tuple[int, int]:
        """``(scored, total)`` over the presented items."""
        return sum(self.grade(item).score is not None for item in self.items), len(self.items)

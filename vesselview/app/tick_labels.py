"""Axis tick labels that fit their room: a method's name wrapped at its word breaks and
shortened with an ellipsis (no Qt).

The case browser's box plot names each method under its box; nine published methods'
names side by side overlap unless each fits the width of its box.
"""

from __future__ import annotations

import re

#: Where a name may be wrapped: after a space, an underscore, a hyphen or a dot.
_BREAK = re.compile(r"(?<=[ _.-])")
ELLIPSIS = "…"


def fitted_label(label: str, width: int, lines: int = 2) -> str:
    """``label`` in at most ``lines`` lines of at most ``width`` characters each.

    Lines are filled word by word (words end at a space, ``_``, ``-`` or ``.``; a space
    at a line's end is dropped); a word longer than a line, or the text beyond the last
    line, is cut and ends with ``…``.

    Parameters
    ----------
    label : str
        One line of text (e.g. ``"2004_Staal"``).
    width : int
        Characters per line, 2 or more.
    lines : int
        Most lines, 1 or more.

    Returns
    -------
    str
        The lines joined by ``"\\n"``; ``label`` itself when it fits on one line.
    """
    if len(label) <= width:
        return label
    rows: list[str] = []
    for word in _BREAK.split(label):
        if rows and len(rows[-1].rstrip()) + len(word.rstrip()) <= width:
            rows[-1] += word
        else:
            rows.append(word)
    rows = [row.rstrip() for row in rows if row.strip()]
    cut = len(rows) > lines
    rows = rows[:lines]
    for index, row in enumerate(rows):
        if len(row) > width:
            rows[index] = row[:width - 1] + ELLIPSIS
    if cut and not rows[-1].endswith(ELLIPSIS):
        rows[-1] = rows[-1][:width - 1] + ELLIPSIS
    return "\n".join(rows)

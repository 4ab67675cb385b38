"""Table cells with a mark, optionally bold, that each format shows its own way
(`vesselview.io.text_tables`)."""

from __future__ import annotations


class Marked(str):
    """A cell followed by a ``mark`` (a superscript in LaTeX, plain elsewhere).

    Examples
    --------
    >>> cell = Marked("0.81", mark="a")
    >>> str(cell), cell.text, cell.mark
    ('0.81a', '0.81', 'a')
    """

    text: str
    mark: str

    def __new__(cls, text: str, mark: str = "") -> Marked:
        cell = super().__new__(cls, text + mark)
        cell.text, cell.mark = text, mark
        return cell


class Bold(Marked):
    """A cell to show in bold (Markdown, LaTeX), optionally followed by a plain ``mark``.

    Examples
    --------
    >>> cell = Bold("0.81", mark="*")
    >>> str(cell), cell.text, cell.mark
    ('0.81*', '0.81', '*')
    """

"""About dialog: version, what the tool does, and the papers to cite."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from vesselview._version import __version__
from vesselview.engine.families.sources import CAL_PAPER, SS_PAPER, TOLERANCE_PAPER

#: The papers whose metrics vesselview implements.
PAPERS: tuple[tuple[str, str], ...] = (
    ("Tolerance F1 (F1_t)", TOLERANCE_PAPER),
    ("CAL", CAL_PAPER),
    ("Skeletal similarity (SS)", SS_PAPER + " (behaviour of the authors' public code)"),
)


def about_html() -> str:
    """Rich text of the About box."""
    papers = "".join(f"<li><b>{metric}</b>: {citation}</li>" for metric, citation in PAPERS)
    return (
        f"<h3>vesselview {__version__}</h3>"
        "<p>Inspect and evaluate retinal-vessel segmentations: see where a candidate "
        "disagrees with the reference and what that does to tolerance F1, CAL, skeletal "
        "similarity and the classic pixel and distance metrics.</p>"
        f"<p>If you publish numbers computed with vesselview, please cite:</p><ul>{papers}</ul>"
        "<p>BSD-3-Clause licence.</p>"
    )


def show_about(parent: QWidget) -> None:
    """Open the About box (modal)."""
    QMessageBox.about(parent, "About vesselview", about_html())

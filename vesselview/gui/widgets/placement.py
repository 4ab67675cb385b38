"""Where a secondary window goes on the screen so that the main window's image stays visible.

`place_beside` looks for a free band of the screen's available area (screen minus task
bars) first outside the main window, then right or left of its image view (over its side
docks), and sizes the secondary window to the band; when no band holds the window's
least size, the caller docks it instead. `RememberedPlacement` keeps the user's last placement of a
secondary window (floating rectangle or docked) in ``QSettings``, per screen size.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, QSettings, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def available_geometry(widget: QWidget) -> QRect:
    """The available area (global pixels) of the screen ``widget`` is on (the primary one
    before it is shown); an empty rectangle without a screen."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect()


def free_bands(available: QRect, occupied: QRect) -> list[tuple[str, QRect]]:
    """The parts of ``available`` right of, below, left of and above ``occupied``.

    Each band, named by its side, spans the whole of ``available`` along that side; bands
    with no area are left out. Order: right, bottom, left, top (the preferred sides first).
    """
    bands = {
        "right": QRect(occupied.right() + 1, available.top(),
                       available.right() - occupied.right(), available.height()),
        "bottom": QRect(available.left(), occupied.bottom() + 1,
                        available.width(), available.bottom() - occupied.bottom()),
        "left": QRect(available.left(), available.top(),
                      occupied.left() - available.left(), available.height()),
        "top": QRect(available.left(), available.top(),
                     available.width(), occupied.top() - available.top()),
    }
    return [(side, band) for side, band in bands.items()
            if band.width() > 0 and band.height() > 0]


def place_in_bands(bands: list[tuple[str, QRect]], wanted: QSize, least: QSize,
                   avoid: Sequence[QRect] = ()) -> QRect | None:
    """A rectangle of at most ``wanted`` in the first band that holds ``least`` (None when
    none does), against the occupied area: a left band's right edge, a top band's bottom
    edge, else the band's top-left corner. Rectangles in ``avoid`` (other secondary
    windows) are left free: a band keeps its larger part above or below each."""
    for side, whole in bands:
        band = _outside(whole, avoid)
        if band.width() < least.width() or band.height() < least.height():
            continue
        rect = QRect(band.topLeft(), wanted.boundedTo(band.size()))
        if side == "left":
            rect.moveRight(band.right())
        elif side == "top":
            rect.moveBottom(band.bottom())
        return rect
    return None


def _outside(band: QRect, avoid: Sequence[QRect]) -> QRect:
    """The larger part of ``band`` above or below each rectangle of ``avoid`` it meets."""
    for other in avoid:
        if band.intersects(other):
            above = QRect(band.left(), band.top(), band.width(), other.top() - band.top())
            below = QRect(band.left(), other.bottom() + 1, band.width(),
                          band.bottom() - other.bottom())
            band = max(above, below, key=lambda part: max(part.height(), 0) * part.width())
    return band


def place_beside(available: QRect, window: QRect, image: QRect, wanted: QSize,
                 least: QSize, avoid: Sequence[QRect] = ()) -> QRect | None:
    """Where a secondary window of ``wanted`` size goes without covering the image.

    Parameters
    ----------
    available : QRect
        The screen's available area (global pixels).
    window, image : QRect
        The main window's frame and its image view (global pixels).
    wanted, least : QSize
        The secondary window's preferred and least frame sizes (pixels).
    avoid : sequence of QRect
        Frames of other secondary windows not to cover (global pixels).

    Returns
    -------
    QRect or None
        A frame rectangle inside ``available``: beside the main window when there is room,
        else right or left of its image view (over the side docks); None when neither has
        room for ``least`` (dock the window instead).
    """
    beside_window = free_bands(available, window.intersected(available))
    beside_image = [(side, band) for side, band in free_bands(available, image.intersected(
        available)) if side in ("right", "left")]  # over the side docks, not the menus
    for bands in (beside_window, beside_image):
        rect = place_in_bands(bands, wanted, least, avoid)
        if rect is not None:
            return rect
    return None


class RememberedPlacement:
    """The user's last placement of one secondary window on screens of one size, kept in
    ``settings``.

    A placement made on a small screen (docked below the image) is not the one wanted on
    a large screen, so each available screen size keeps its own.

    Parameters
    ----------
    settings : QSettings
    name : str
        The secondary window's key (e.g. ``"plots"``).
    screen : QSize
        The screen's available size (pixels): ``placement/1366x728/plots`` is one key.
    """

    def __init__(self, settings: QSettings, name: str, screen: QSize) -> None:
        self.settings = settings
        self.key = f"placement/{screen.width()}x{screen.height()}/{name}"

    def save(self, docked: bool, frame: QRect) -> None:
        """Remember ``docked``, or the floating window's ``frame`` (global pixels)."""
        self.settings.setValue(f"{self.key}/docked", docked)
        if not docked:
            self.settings.setValue(f"{self.key}/frame",
                                   [frame.x(), frame.y(), frame.width(), frame.height()])

    def docked(self) -> bool | None:
        """True / False as last saved; None when nothing was saved."""
        value = self.settings.value(f"{self.key}/docked")
        return None if value is None else str(value).lower() == "true"

    def frame(self) -> QRect | None:
        """The last floating frame, or None (none saved, or not four whole numbers)."""
        value = self.settings.value(f"{self.key}/frame")
        try:
            x, y, width, height = (int(part) for part in value)
        except (TypeError, ValueError):
            return None
        return QRect(x, y, width, height)

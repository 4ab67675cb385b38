"""Who the application is to the desktop: name, version, desktop-file id and icon.

Call `apply_identity` once, right after the ``QApplication`` exists and before the first
window is shown: Wayland compositors and task bars read the desktop-file name when a
window first maps, and use it to find the ``.desktop`` entry and its icon
(``resources/io.github.vesselview.VesselView.desktop``).
"""

from __future__ import annotations

from importlib import resources

from PySide6.QtGui import QGuiApplication, QIcon, QPixmap

from vesselview._version import __version__

#: Reverse-DNS application id: the ``.desktop``/metainfo file names and the icon name.
APP_ID = "io.github.vesselview.VesselView"
#: Application and organisation name; the same pair the window's ``QSettings`` uses.
APP_NAME = "vesselview"
#: Edge lengths (pixels) of the icon PNGs shipped in ``vesselview/resources/icons``.
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def application_icon() -> QIcon:
    """The application icon with every shipped PNG size (needs a ``QGuiApplication``).

    Read through `importlib.resources`, so it works from a source tree, a wheel and a
    PyInstaller bundle alike. Built from PNGs, not the SVG, so no image-format plugin is
    needed.
    """
    folder = resources.files("vesselview") / "resources" / "icons"
    icon = QIcon()
    for size in ICON_SIZES:
        pixmap = QPixmap()
        pixmap.loadFromData((folder / f"vesselview-{size}.png").read_bytes(), "PNG")
        icon.addPixmap(pixmap)
    return icon


def apply_identity(app: QGuiApplication) -> None:
    """Set the application's name, organisation, version, desktop-file name and icon."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(application_icon())

"""Render the application icon's PNG sizes from its SVG source.

The SVG in ``resources/icons/hicolor/scalable/apps/`` is the only drawing. This script
renders it (with Qt's SVG renderer, from the PySide6 the project already depends on)
into the freedesktop ``hicolor`` layout under ``resources/icons/`` and into
``vesselview/resources/icons/``, the copy the application loads at run time.
Run it after editing the SVG, with the project installed (``pip install -e .``)::

    QT_QPA_PLATFORM=offscreen python packaging/render_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from vesselview.gui.identity import APP_ID, ICON_SIZES

ROOT = Path(__file__).resolve().parent.parent
HICOLOR = ROOT / "resources" / "icons" / "hicolor"
SVG = HICOLOR / "scalable" / "apps" / f"{APP_ID}.svg"
PACKAGE_ICONS = ROOT / "vesselview" / "resources" / "icons"


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The SVG drawn into a transparent ``size`` x ``size`` ARGB image (antialiased)."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def targets(size: int) -> tuple[Path, Path]:
    """Where the ``size`` PNG goes: the hicolor tree and the package copy."""
    return (HICOLOR / f"{size}x{size}" / "apps" / f"{APP_ID}.png",
            PACKAGE_ICONS / f"vesselview-{size}.png")


def main() -> int:
    """Render every size; returns the exit status (1 when the SVG cannot be read)."""
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # Qt painting needs one
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"render_icons: cannot read {SVG}", file=sys.stderr)
        return 1
    for size in ICON_SIZES:
        image = render(renderer, size)
        for path in targets(size):
            path.parent.mkdir(parents=True, exist_ok=True)
            if not image.save(str(path), "PNG"):
                print(f"render_icons: cannot write {path}", file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

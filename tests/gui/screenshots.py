"""Offscreen renders of the inspector's overlay region, and their reference images.

`render_overlay` draws the scene region that holds the image (fundus and visible
layers; no legend, docks or window chrome) into a fixed-size RGBA array, so the render
does not depend on the window's layout or fonts. Regenerate the reference PNGs after
an intended change of the overlays' look (then look at them)::

    PYTHONPATH=. QT_QPA_PLATFORM=offscreen python -m tests.gui.screenshots
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image
from PySide6.QtCore import QEventLoop, QRectF, QSettings, QTimer
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

REFERENCE_FOLDER = Path(__file__).parent / "reference"
DEMO_OVERLAY = REFERENCE_FOLDER / "demo_overlay.png"
#: Size of the render (width, height): a quarter of the 565x584 demo.
RENDER_SIZE = (141, 146)
#: Window size while rendering (fixed, so the view's range is too).
WINDOW_SIZE = (1200, 800)


def render_overlay(window, size: tuple[int, int] = RENDER_SIZE) -> np.ndarray:
    """The shown image with its visible layers, scaled to ``size``: uint8 (H, W, 4) RGBA."""
    height, width = window.view.shape
    source = window.view.main_box.mapViewToScene(QRectF(0, 0, width, height)).boundingRect()
    image = QImage(size[0], size[1], QImage.Format.Format_RGBA8888)
    image.fill(0)
    painter = QPainter(image)
    window.view.canvas.scene().render(painter, QRectF(0, 0, *size), source)
    painter.end()
    pixels = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    return pixels.reshape(size[1], image.bytesPerLine() // 4, 4)[:, :size[0]].copy()


def read_reference(path: Path = DEMO_OVERLAY) -> np.ndarray:
    """A reference render as uint8 (H, W, 4) RGBA."""
    return np.asarray(Image.open(path).convert("RGBA"))


def regenerate(path: Path = DEMO_OVERLAY) -> Path:
    """Render the demo window (default parameters and layers) and save it as ``path``."""
    from vesselview.gui.app import configure_qt
    from vesselview.gui.inspector.window import MainWindow

    configure_qt()
    app = QApplication.instance() or QApplication([])
    settings = QSettings(str(path.with_suffix(".ini")), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(*WINDOW_SIZE)
    loop = QEventLoop()
    window.result_applied.connect(lambda _response: QTimer.singleShot(0, loop.quit))
    window.show()
    window.model.open_demo()
    loop.exec()
    Image.fromarray(render_overlay(window), "RGBA").save(path, optimize=True)
    window.close()
    path.with_suffix(".ini").unlink(missing_ok=True)
    app.processEvents()
    return path


if __name__ == "__main__":
    print(f"wrote {regenerate()}")

"""The ``vesselview`` command: open the inspector on files or on the built-in demo.

``--screenshot PNG`` renders the window offscreen once the first evaluation is on
screen, writes the PNG and exits (docs, CI, bug reports). On the offscreen platform
the one warning it prints for every window (`OFFSCREEN_NOISE`) is dropped.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, cast

import pyqtgraph as pg
from PySide6.QtCore import (
    QEventLoop,
    QMessageLogContext,
    QTimer,
    QtMsgType,
    qFormatLogMessage,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import QApplication

from vesselview.app.files import ROLES
from vesselview.errors import with_details
from vesselview.gui.command_line import build_parser
from vesselview.gui.garbage_collection import collect_in_gui_thread
from vesselview.gui.identity import apply_identity
from vesselview.gui.inspector.window import MainWindow
from vesselview.gui.widgets.export import save_screenshot

WINDOW_SIZE = (1600, 960)
_FRAME_MARGIN = 16  # pixels kept free around the window for its frame
#: What Qt's offscreen platform says about every shown window; nothing is wrong.
OFFSCREEN_NOISE = "This plugin does not support propagateSizeHints()"


def fitted_size(app: QApplication, wanted: tuple[int, int]) -> tuple[int, int]:
    """``wanted`` (width, height) shrunk to the primary screen's free area (frame included)."""
    screen = app.primaryScreen()
    if screen is None:
        return wanted
    available = screen.availableGeometry()
    # the window frame and title bar come on top of the size given to resize()
    return (min(wanted[0], available.width() - _FRAME_MARGIN),
            min(wanted[1], available.height() - 3 * _FRAME_MARGIN))


def configure_qt() -> None:
    """Process-wide set-up, once before any window exists: images are row-major
    (``(rows, columns)``, as numpy stores them), antialiased drawing."""
    pg.setConfigOptions(imageAxisOrder="row-major", antialias=True)


class MessageFilter:
    """A Qt message handler that drops one exact message and passes the others on.

    Parameters
    ----------
    dropped : str
        The message text to drop.
    """

    def __init__(self, dropped: str) -> None:
        self.dropped = dropped
        # the handler before this one; None = Qt's default
        self.previous: Callable[[QtMsgType, QMessageLogContext, str], Any] | None = None

    def install(self) -> None:
        """Make this the Qt message handler (installing it twice changes nothing)."""
        previous = qInstallMessageHandler(self)
        if previous is not self:
            self.previous = previous

    def __call__(self, mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
        """Handle one Qt message."""
        if message == self.dropped:
            return
        if self.previous is not None:
            self.previous(mode, context, message)
        else:
            print(qFormatLogMessage(mode, context, message), file=sys.stderr)


_OFFSCREEN_FILTER = MessageFilter(OFFSCREEN_NOISE)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the inspector; returns the exit status (2 for bad files or options)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    files_given = [(role, getattr(args, role)) for role in ROLES if getattr(args, role)]
    if files_given and (args.reference is None or args.candidate is None):
        parser.error("give both --reference and --candidate (or no files, for the demo)")
    if files_given and args.demo:
        parser.error("--demo opens the built-in case; it cannot be combined with files")
    if args.screenshot and "QT_QPA_PLATFORM" not in os.environ:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    configure_qt()
    app = cast(QApplication, QApplication.instance()) or QApplication([sys.argv[0]])
    apply_identity(app)
    collect_in_gui_thread()
    if app.platformName() == "offscreen":
        _OFFSCREEN_FILTER.install()
    size = args.size or WINDOW_SIZE
    window = start_window(files_given, size if args.screenshot
                          else fitted_size(app, size))  # a real window fits the screen
    if files_given and window.model.case is None:
        error = window.model.notices.last_error()
        said = with_details(error.message, error.details) if error else "no case opened"
        print(f"vesselview: {said}", file=sys.stderr)
        if args.screenshot:
            window.scheduler.shutdown()
            return 2
    if args.screenshot:
        return _screenshot(window, args.screenshot, args.plots, args.presentation)
    window.show()
    _open_extras(window, args.plots, args.presentation)
    return app.exec()


def _open_extras(window: MainWindow, plots: bool, presentation: bool,
                 full_screen: bool = True) -> None:
    """Open the Plots window and enter presentation mode (``full_screen`` or at the
    window's size) as asked (window shown)."""
    if plots:
        window.research.plots_dock.show()
    if presentation:
        window.docks.set_presentation(True, full_screen)


def start_window(files: Sequence[tuple[str, str]], size: tuple[int, int]) -> MainWindow:
    """The inspector window on ``files`` ((role, path) pairs), or on the demo without any.

    Files that fail to load leave the window empty with the error above the image:
    never the demo, which looks like real data.
    """
    window = MainWindow()
    window.resize(*size)
    if files:
        window.model.open_files(files)
    else:
        window.model.open_demo()
    return window


def _screenshot(window: MainWindow, path: str, plots: bool = False,
                presentation: bool = False) -> int:
    """Show ``window`` offscreen, wait for the first result (and the first plot with
    ``plots``), save it as PNG, close it.

    A local event loop (not ``QApplication.exec``) keeps the application reusable,
    e.g. by tests that call `main` several times in one process.
    """
    loop = QEventLoop()
    status = {"code": 1}

    def capture(_response: object) -> None:
        window.result_applied.disconnect(capture)
        tools = window.research
        if plots and tools.plots.sweep_result is None:  # the plot's sweep is still running
            tools.plots.plotted.connect(lambda _kind: QTimer.singleShot(50, write))
            tools.plots.jobs.failed.connect(fail)
            return
        QTimer.singleShot(50, write)

    def write() -> None:
        try:
            save_screenshot(window, path)
            status["code"] = 0
        except OSError as error:
            print(f"vesselview: {error}", file=sys.stderr)
        loop.quit()

    def fail(message: str) -> None:
        print(f"vesselview: evaluation failed: {message}", file=sys.stderr)
        loop.quit()

    window.result_applied.connect(capture)
    window.model.live.failed.connect(fail)
    window.secondary.remember = False  # the user's placements are not this run's
    window.show()
    _open_extras(window, plots, presentation, full_screen=False)  # the size asked for
    loop.exec()
    window.close()
    return status["code"]

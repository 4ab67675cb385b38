"""The ``vesselview`` command's options, and its entry point.

Kept free of Qt so that ``vesselview --version`` and ``--help`` answer at once: the
window's modules (PySide6, pyqtgraph, the engine) are imported only after the options
parsed, by `main`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from vesselview._version import __version__


def build_parser() -> argparse.ArgumentParser:
    """Command-line options of ``vesselview``."""
    parser = argparse.ArgumentParser(
        prog="vesselview",
        description="Inspect a retinal-vessel segmentation against a reference, live. "
                    "With no files, opens the built-in synthetic demo case.")
    parser.add_argument("--fundus", metavar="F", help="fundus photograph (RGB)")
    parser.add_argument("--reference", metavar="R", help="reference (manual) vessel mask")
    parser.add_argument("--candidate", metavar="C",
                        help="candidate segmentation (binary mask or probability map)")
    parser.add_argument("--fov", metavar="M", help="field-of-view mask")
    parser.add_argument("--demo", action="store_true",
                        help="open the built-in synthetic demo case (the default without files)")
    parser.add_argument("--screenshot", metavar="PNG",
                        help="render the window offscreen after the first evaluation, "
                             "write it to PNG and exit")
    parser.add_argument("--size", metavar="WxH", type=window_size,
                        help="window size in pixels, e.g. 1280x720 (default: 1600x960, "
                             "fitted to the screen)")
    parser.add_argument("--plots", action="store_true",
                        help="open the Plots window (a sweep of t) at start")
    parser.add_argument("--presentation", action="store_true",
                        help="start in presentation mode (no docks, large text; F11 leaves)")
    parser.add_argument("--version", action="version", version=f"vesselview {__version__}")
    return parser


def window_size(text: str) -> tuple[int, int]:
    """``"WxH"`` as ``(W, H)`` pixels, each at least 200 (argparse type of ``--size``)."""
    width, _, height = text.lower().partition("x")
    digits = all(part.isascii() and part.isdecimal() for part in (width, height))
    if not digits or min(int(width), int(height)) < 200:
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size: write e.g. 1280x720")
    return int(width), int(height)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``vesselview``: parse the options, then open the window.

    ``--version``, ``--help`` and option errors exit here, before Qt is imported.
    """
    build_parser().parse_args(argv)
    from vesselview.gui.app import main as run_window  # Qt only past the options

    return run_window(argv)

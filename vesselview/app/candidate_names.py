"""How the windows name candidate files: the candidates window, its exports and the
grading items made from it use the same names (no Qt)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path


def candidate_names(paths: Sequence[str]) -> list[str]:
    """Display names of candidate files: their stems; where stems repeat, their folders
    (a method's output folder), file names or whole paths.

    Examples
    --------
    >>> candidate_names(["a/x.png", "b/y.png"])
    ['x', 'y']
    >>> candidate_names(["UNet/01_test.png", "SegNet/01_test.png"])
    ['UNet', 'SegNet']
    >>> candidate_names(["a/x.png", "a/x.tif"])
    ['x.png', 'x.tif']
    """
    for name in (lambda p: Path(p).stem, lambda p: Path(p).parent.name,
                 lambda p: Path(p).name, os.fspath):
        names = [name(path) for path in paths]
        if len(set(names)) == len(names):
            return names
    return [f"{i}: {path}" for i, path in enumerate(paths, start=1)]

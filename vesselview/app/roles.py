"""Which role a dropped or opened file plays, from its name, its folder and its colours.

The public datasets name their files and folders by role (DRIVE ``01_test.tif``,
``1st_manual/01_manual1.gif``, ``2nd_manual/01_manual2.gif``, ``mask/01_test_mask.gif``;
STARE ``im0001.ppm``, ``im0001.ah.ppm.gz`` / ``.vk.``; CHASE_DB1 ``Image_01L.jpg``,
``Image_01L_1stHO.png`` / ``_2ndHO``; HRF ``images/01_h.jpg``, ``manual1/01_h.tif``,
``mask/01_h_mask.tif``; FIVES ``Original/1_A.png``, ``Ground truth/1_A.png``). Names
alone mislead in two places, so two rules use more than the name:

- a second observer's tracing (``manual2``, ``_2ndHO``, ``.vk``) is the reference only
  when no first-observer tracing is chosen or dropped with it; otherwise it is the
  candidate (the second observer graded against the first, as the papers report it);
- a file named like a photograph (``01_test.tif``) that holds a grey image is a method's
  output named after the case, so it is the candidate; a colour image whose name says
  nothing is the fundus.

Nothing chosen is replaced silently: `assign_dropped` returns a note for every role
whose file changes.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from pathlib import PurePath

import numpy as np

from vesselview.app.files import CaseFiles
from vesselview.errors import InputError
from vesselview.io.readers import read_image

#: A colour image's channels differ by more than this fraction of full scale in 1 % of its
#: pixels (near-grey palettes such as DRIVE's (4,2,4)/(252,254,252) stay grey).
COLOUR_SPREAD = 0.06
#: Second-observer tracings, by file or folder name.
_SECOND_OBSERVER = re.compile(r"manual2|2nd_?manual|_2ndho|\.vk\.|\.vk$")
#: Patterns per role, tried in this order on the lower-case file name (first match wins):
#: the FOV before the photograph (DRIVE's ``01_test_mask.gif`` also says "test").
_NAME_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("fov", re.compile(r"(^|[_\-. ])mask([_\-. ]|$)|fov")),
    ("reference", re.compile(
        r"manual|_1stho|\.ah\.|ground_?truth|_gt([_\-. ]|$)|^gt_|label|annot|reference")),
    ("candidate", re.compile(r"pred|prob|candidate|segment|output|result")),
    ("fundus", re.compile(r"_test\.|_training\.|fundus|photo|^image_|^im\d{4}\.")),
)
#: Folder names of the public layouts, when the file name says nothing.
_FOLDER_ROLES = {
    "mask": "fov", "masks": "fov", "fov": "fov",
    "1st_manual": "reference", "manual1": "reference", "ground truth": "reference",
    "groundtruth": "reference", "labels": "reference", "labels-ah": "reference",
    "images": "fundus", "original": "fundus",
}


@dataclasses.dataclass(frozen=True)
class RoleGuess:
    """What a path's name says: a role (or None) and whether it is a second observer."""

    role: str | None
    second_observer: bool = False


def guess_role(path: str) -> RoleGuess:
    """The role the file's name or folder makes obvious (None when neither does).

    Examples
    --------
    >>> guess_role("DRIVE/test/mask/01_test_mask.gif").role
    'fov'
    >>> guess_role("DRIVE/test/2nd_manual/01_manual2.gif")
    RoleGuess(role='reference', second_observer=True)
    >>> guess_role("HRF/manual1/01_h.tif").role, guess_role("preds/01.png").role
    ('reference', None)
    """
    pure = PurePath(path)
    name, folder = pure.name.lower(), pure.parent.name.lower()
    second = bool(_SECOND_OBSERVER.search(name) or _SECOND_OBSERVER.search(folder))
    if second:
        return RoleGuess("reference", second_observer=True)
    for role, pattern in _NAME_RULES:
        if pattern.search(name):
            return RoleGuess(role)
    return RoleGuess(_FOLDER_ROLES.get(folder))


def assign_dropped(
    paths: Sequence[str], chosen: CaseFiles, is_colour: Callable[[str], bool | None],
    ask_role: Callable[[str], str | None],
) -> tuple[list[tuple[str, str]], list[str]]:
    """Roles for files dropped together onto a case that already has ``chosen`` files.

    Parameters
    ----------
    paths : sequence of str
        The dropped files.
    chosen : CaseFiles
        The files already in use.
    is_colour : callable (path) -> bool or None
        Whether the file is a colour image (None when it cannot be read; the loader
        reports that error later).
    ask_role : callable (path) -> str or None
        Asks the user when nothing decides (None: leave the file out).

    Returns
    -------
    assignments : list of (role, path)
    notes : list of str
        One sentence per chosen file that a dropped file replaces.
    """
    guesses = {path: guess_role(path) for path in paths}
    first_observer_dropped = any(g.role == "reference" and not g.second_observer
                                 for g in guesses.values())
    has_reference = chosen.reference is not None or first_observer_dropped
    assignments: list[tuple[str, str]] = []
    for path in paths:
        role = _decided_role(path, guesses[path], has_reference, is_colour) or ask_role(path)
        if role is not None:
            assignments.append((role, path))
    return assignments, _replacement_notes(assignments, chosen)


def _decided_role(path: str, guess: RoleGuess, has_reference: bool,
                  is_colour: Callable[[str], bool | None]) -> str | None:
    """The role of one dropped file by the rules of this module (None: undecided)."""
    if guess.second_observer:
        return "candidate" if has_reference else "reference"
    if guess.role in (None, "fundus"):
        colour = is_colour(path)
        if colour is not None:
            return "fundus" if colour else ("candidate" if guess.role == "fundus" else None)
    return guess.role


def _replacement_notes(assignments: list[tuple[str, str]], chosen: CaseFiles) -> list[str]:
    """Say which chosen files the assignments replace."""
    notes = []
    for role, path in assignments:
        old = getattr(chosen, role)
        if old is not None and PurePath(old) != PurePath(path):
            notes.append(f"The {role} {PurePath(old).name} is replaced by {PurePath(path).name}.")
    return notes


def image_is_colour(path: str) -> bool | None:
    """Whether ``path`` holds a colour image (channels differ by more than JPEG noise).

    None when the file cannot be read: the loader names that error when the case loads.
    """
    try:
        pixels = read_image(path).pixels
    except InputError:
        return None
    if pixels.ndim != 3 or pixels.shape[2] < 3:
        return False
    sample = pixels[::4, ::4, :3].astype(np.int32)
    spread = sample.max(axis=2) - sample.min(axis=2)
    full_scale = 255 if pixels.dtype == np.uint8 else max(int(sample.max()), 1)
    return bool(np.percentile(spread, 99) > COLOUR_SPREAD * full_scale)

"""Which file plays which role, loading a case from files, and the recent-files list.

Qt-free: the recent-files list keeps its entries in any `SettingsStore` (the GUI passes
a ``QSettings``; tests may pass a dict-backed store).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from vesselview.engine.case import Case
from vesselview.engine.observers import FIRST_OBSERVER
from vesselview.engine.params import DEFAULT_THRESHOLD
from vesselview.io.fundus import fundus_rgb
from vesselview.io.loader import load_case
from vesselview.io.masks import read_mask
from vesselview.io.readers import read_image

ROLES = ("reference", "candidate", "fov", "fundus")
ROLE_TITLES = {
    "reference": "Reference (manual) mask",
    "candidate": "Candidate segmentation or probability map",
    "fov": "Field-of-view mask",
    "fundus": "Fundus photograph",
}
MAX_RECENT = 10
#: Asks which role a file plays when its name does not say: (path) -> role or None.
RoleAsker = Callable[[str], "str | None"]

@dataclasses.dataclass(frozen=True)
class CaseFiles:
    """File path per role (None where not chosen)."""

    reference: str | None = None
    candidate: str | None = None
    fov: str | None = None
    fundus: str | None = None

    def with_role(self, role: str, path: str | None) -> CaseFiles:
        """A copy with ``role`` set to ``path``."""
        return dataclasses.replace(self, **{role: path})

    @property
    def complete(self) -> bool:
        """True when reference and candidate are both chosen (enough to evaluate)."""
        return self.reference is not None and self.candidate is not None

    def to_dict(self) -> dict[str, str | None]:
        """Role -> path."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, paths: Mapping[str, str | None]) -> CaseFiles:
        """Inverse of `to_dict` (unknown roles raise TypeError)."""
        return cls(**dict(paths))


def load_files(files: CaseFiles, references: Mapping[str, str] | None = None,
               observer: str = FIRST_OBSERVER) -> Case:
    """Read the chosen files into a `Case` (raises `InputError` naming the file).

    ``files`` must be complete (reference and candidate chosen). The window reads every
    case at `DEFAULT_THRESHOLD`: its threshold slider acts on probability-map candidates
    only (`vesselview.engine.param_scope`), never on how a JPEG mask is read. The
    reference is ``observer``'s tracing; ``references`` the other observers' files by
    name (a session's, `Case.references`).
    """
    if files.reference is None or files.candidate is None:
        raise ValueError("load_files needs both a reference and a candidate")
    return load_case(files.reference, files.candidate, fov=files.fov, fundus=files.fundus,
                     references=references, observer=observer)


def check_file(role: str, path: str) -> tuple[int, int]:
    """Read ``path`` as ``role`` needs it, before the case is complete; its ``(H, W)``.

    Every file must be an image; reference and candidate must also be readable as
    masks (binarised as `load_files` reads them), a fundus as a
    photograph. Sizes are compared when the case loads (and by `files_with`).

    Raises
    ------
    InputError
        With a message naming the file.
    """
    raw = read_image(path)
    if role in ("reference", "candidate"):
        read_mask(raw, threshold=DEFAULT_THRESHOLD)
    elif role == "fundus":
        fundus_rgb(raw)
    height, width = raw.pixels.shape[:2]
    return height, width


def files_with(chosen: CaseFiles, chosen_shape: tuple[int, int] | None,
               assignments: list[tuple[str, str]],
               shape: tuple[int, int]) -> tuple[CaseFiles, str | None]:
    """The chosen files with ``assignments`` (files of size ``shape``), and a note.

    Files of another size than the chosen ones cannot join them: they start a new case
    (the note says so), so a whole case can be replaced one file at a time.
    """
    files = chosen
    note = None
    if chosen_shape is not None and shape != chosen_shape and any(chosen.to_dict().values()):
        files = CaseFiles()
        names = ", ".join(os.path.basename(path) for _, path in assignments)
        starts = "they start" if len(assignments) > 1 else "it starts"
        note = (f"{names} ({shape[1]}x{shape[0]} px) is not the size of the open case "
                f"({chosen_shape[1]}x{chosen_shape[0]} px), so {starts} a new case.")
    for role, path in assignments:
        files = files.with_role(role, path)
    return files, note


class SettingsStore(Protocol):
    """Where settings persist (``QSettings`` has this interface)."""

    def value(self, key: str, default: Any = None) -> Any:
        """The stored value of ``key`` (``default`` when there is none)."""

    def setValue(self, key: str, value: Any) -> None:
        """Store ``value`` under ``key``."""


class RecentFiles:
    """Most recently opened files with their roles, newest first, kept in a `SettingsStore`."""

    def __init__(self, settings: SettingsStore) -> None:
        self._settings = settings

    def entries(self) -> list[tuple[str, str]]:
        """``(role, path)`` pairs, newest first."""
        value = self._settings.value("recent_files", [])
        stored = [value] if isinstance(value, str) else list(value or [])
        pairs = [tuple(item.split("\t", 1)) for item in stored if "\t" in item]
        return [(role, path) for role, path in pairs if role in ROLES]

    def add(self, role: str, path: str) -> None:
        """Put ``(role, path)`` at the front (once)."""
        entry = (role, os.path.abspath(path))
        entries = [entry, *(e for e in self.entries() if e != entry)][:MAX_RECENT]
        self._settings.setValue("recent_files", [f"{r}\t{p}" for r, p in entries])


@dataclasses.dataclass(frozen=True)
class ShownCase:
    """The case on screen and the files it came from (empty for synthetic cases)."""

    case: Case
    files: CaseFiles


def files_of(case: Case) -> CaseFiles:
    """The files of ``case`` when its reference and candidate are files, else none."""
    paths = {role: case.sources.get(role) for role in ROLES}
    existing = {role: path for role, path in paths.items() if path and os.path.isfile(path)}
    files = CaseFiles(**existing)
    return files if files.complete else CaseFiles()


def case_folder(case: Case | None, role: str = "candidate") -> str:
    """The folder a file dialog starts in: that of ``case``'s ``role`` file (else its
    candidate's); ``""`` (the working folder) without a case from files."""
    if case is None:
        return ""
    for path in (case.sources.get(role, ""), case.sources.get("candidate", "")):
        if path and os.path.isfile(path):
            return os.path.dirname(os.path.abspath(path))
    return ""

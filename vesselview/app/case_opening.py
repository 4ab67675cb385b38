"""Opening a case's files in the inspector: per role, dropped, reloaded, inverted (no Qt).

`CaseOpening` is the part of `vesselview.app.inspector.Inspector` that turns files the
user chose into a case: each file is read as its role needs as soon as it is chosen (a bad
one is reported at once, naming the file), a file that cannot fit the chosen ones starts
a new case (and the user is told), and the case loads once reference and candidate are
known. On any error the case on screen stays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from vesselview.app.events import Event
from vesselview.app.files import (
    CaseFiles,
    RecentFiles,
    RoleAsker,
    ShownCase,
    check_file,
    files_with,
)
from vesselview.app.polarity import load_with_polarity
from vesselview.app.roles import assign_dropped, image_is_colour
from vesselview.engine.case import Case
from vesselview.errors import InputError


class CaseOpening:
    """The file-opening actions of `vesselview.app.inspector.Inspector` (a mixin).

    It uses the inspector's state and events named below and shows each loaded case
    with the inspector's ``show_case``.
    """

    shown: ShownCase | None
    chosen_files: CaseFiles
    _chosen_shape: tuple[int, int] | None
    inverted: frozenset[str]
    recent: RecentFiles | None
    chosen_changed: Event
    error: Event
    warning: Event
    status: Event
    files_opened: Event
    show_case: Callable[[Case, CaseFiles], None]  # the inspector's: puts a case on screen

    def open_file(self, role: str, path: str) -> bool:
        """Use ``path`` for ``role``; load the case once reference and candidate are known."""
        return self.open_files([(role, path)])

    def open_files(self, assignments: Iterable[tuple[str, str]]) -> bool:
        """Set several roles at once, then load; on error the current case stays.

        Returns
        -------
        bool
            True when a new case is on screen.
        """
        assignments = list(assignments)
        shape = self._check(assignments)
        if shape is None:
            return False
        files, note = files_with(self.chosen_files, self._chosen_shape, assignments, shape)
        if not files.complete:
            self.chosen_files, self._chosen_shape = files, shape
            self.chosen_changed.emit(files)
            missing = "candidate" if files.candidate is None else "reference"
            if note is not None:  # stays on screen until dismissed (the old case is still shown)
                self.warning.emit(f"{note} Open its {missing} to see it; until then the "
                                  "old case stays on screen.")
            self.status.emit(f"Now open a {missing} to evaluate.")
            return False
        if note is not None:
            self.warning.emit(note)
        if not self._load(files):
            return False
        if self.recent is not None:
            for role, path in assignments:
                self.recent.add(role, path)
            self.files_opened.emit()
        return True

    def drop_paths(self, paths: Iterable[str], ask_role: RoleAsker) -> bool:
        """Open dropped files in the roles their names, folders and colours suggest.

        ``ask_role(path)`` decides where nothing else does (`vesselview.app.roles`); every
        chosen file a dropped one replaces is said in a status message.
        """
        assignments, notes = assign_dropped(list(paths), self.chosen_files, image_is_colour,
                                            ask_role)
        for note in notes:
            self.status.emit(note)
        return bool(assignments) and self.open_files(assignments)

    def reload(self) -> bool:
        """Read the current files again (after they changed on disk)."""
        if self.shown is None or not self.shown.files.complete:
            return False
        return self._load(self.shown.files)

    def _check(self, assignments: list[tuple[str, str]]) -> tuple[int, int] | None:
        """Read each file as its role needs, so a bad one is reported at once.

        Returns the size ``(H, W)`` of the last file (None after an error).
        """
        shape = None
        try:
            for role, path in assignments:
                shape = check_file(role, path)
        except InputError as error:
            self.error.emit(str(error))
            return None
        return shape

    def _load(self, files: CaseFiles) -> bool:
        try:
            case = load_with_polarity(files, self.inverted)
        except InputError as error:
            self.error.emit(str(error))
            return False
        self.show_case(case, files)
        return True

    def set_inverted(self, role: str, inverted: bool) -> bool:
        """Read mask ``role`` (reference / candidate) with inverted polarity, or not, and
        reload the shown files; True when the case was reloaded."""
        before = self.inverted
        self.inverted = before | {role} if inverted else before - {role}
        if self.inverted == before:
            return False
        if not self.reload():
            self.inverted = before
            return False
        return True

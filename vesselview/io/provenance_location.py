"""Where a recorded run's input files are now: as recorded, or moved with the output.

A study folder (inputs and outputs) may be moved or copied to another place or machine
after the run. The provenance keeps each input's ``path`` and the ``output`` relative to
the working folder ``cwd``, so the output's place now tells where that folder went: the
output's folder now, joined with the working folder relative to the output's folder then.
An older record (no ``output``) or an output written to stdout is taken to have been
written in the working folder.

`locate` decides once for the whole record. When the output is where it was written,
the inputs are looked for as recorded. When it has moved (or been copied), they are
looked for beside it first, so that a copy is checked against the copied inputs; then,
when any is missing there but none where they were, as recorded (an output moved on its
own).
"""

from __future__ import annotations

import dataclasses
import os
import re

from vesselview.io.provenance import InputDigest, Provenance


@dataclasses.dataclass(frozen=True)
class InputLocation:
    """Where a record's working folder (and so its inputs) is now.

    Attributes
    ----------
    cwd : str
        The folder to run the recorded command in (absolute).
    recorded_cwd : str
        The working folder the provenance records.
    moved : bool
        Whether ``cwd`` is the moved working folder (beside the output), not the recorded one.
    moved_cwd : str or None
        The working folder beside the output when the output has moved, even when it was
        not used (to name it when an input is missing in both places).
    """

    cwd: str
    recorded_cwd: str
    moved: bool = False
    moved_cwd: str | None = None

    def path(self, digest: InputDigest) -> str:
        """Where the input of ``digest`` is looked for now (absolute)."""
        if not self.moved:
            return digest.absolute
        return os.path.normpath(os.path.join(self.cwd, digest.path))

    def other_path(self, digest: InputDigest) -> str | None:
        """Where else the input could be (beside the moved output, or where it was when
        that is used); None when the output has not moved."""
        if self.moved_cwd is None:
            return None
        if self.moved:
            return digest.absolute
        return os.path.normpath(os.path.join(self.moved_cwd, digest.path))

    def text(self, value: str) -> str:
        """``value`` (a command argument, an output's text) with every absolute path in the
        recorded working folder moved to ``cwd``; unchanged when not moved."""
        if not self.moved or os.path.dirname(self.recorded_cwd) == self.recorded_cwd:
            return value  # a run in the file system's root: no prefix tells paths apart
        # the recorded folder only where a path starts (not inside a longer path)
        pattern = r"(?<![\w./\\-])" + re.escape(self.recorded_cwd + os.sep)
        return re.sub(pattern, lambda _: self.cwd + os.sep, value)

    def describe(self) -> str:
        """Which place was used, for the verdict."""
        if self.moved:
            return f"found beside the moved output in {self.cwd}, recorded in {self.recorded_cwd}"
        return f"as recorded in {self.recorded_cwd}"


def locate(output: str, recorded: Provenance) -> InputLocation:
    """Where the inputs of the output at ``output`` (its path now) are, by its ``recorded``
    provenance (the rule of the module docstring)."""
    moved_cwd = _moved_cwd(output, recorded)
    if moved_cwd is None:
        return InputLocation(recorded.cwd, recorded.cwd)
    moved = InputLocation(moved_cwd, recorded.cwd, moved=True, moved_cwd=moved_cwd)
    as_recorded = InputLocation(recorded.cwd, recorded.cwd, moved_cwd=moved_cwd)
    read = [digest for digest in recorded.inputs if digest.sha256 is not None]
    if not os.path.isdir(moved_cwd) or (
            not _all_there(moved, read) and _all_there(as_recorded, read)):
        return as_recorded
    return moved  # complete beside the output, or in neither place: the caller names a file


def _all_there(location: InputLocation, inputs: list[InputDigest]) -> bool:
    return all(os.path.isfile(location.path(digest)) for digest in inputs)


def _moved_cwd(output: str, recorded: Provenance) -> str | None:
    """The working folder beside the output now; None when the output has not moved."""
    written = os.path.join(recorded.cwd, recorded.output or os.path.basename(output))
    try:
        from_output = os.path.relpath(recorded.cwd, os.path.dirname(written))
    except ValueError:  # the output was on another drive (Windows): no relative place
        return None
    moved = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(output)),
                                          from_output))
    # the same folder by another name (a symbolic link on the way) has not moved
    return None if os.path.realpath(moved) == os.path.realpath(recorded.cwd) else moved

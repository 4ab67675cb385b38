"""Exception types of vesselview.

Every error a user can cause (a bad file, a bad parameter) is one of these, with a
message that names the file or parameter, says what is wrong and what to do. The CLI
turns them into one line on stderr and exit code 2; the GUI shows them in the status bar.
"""

from __future__ import annotations


class VesselviewError(Exception):
    """Base class of every error vesselview raises on purpose."""


class InputError(VesselviewError, ValueError):
    """A file or array given as input cannot be used (unreadable, wrong shape, 3-D, empty...).

    Attributes
    ----------
    source : str or None
        The file (or array description) the problem is about, when there is one.
    """

    def __init__(self, message: str, source: str | None = None) -> None:
        super().__init__(message)
        self.source = source


class ParamsError(VesselviewError, ValueError):
    """A parameter key, type or value is not allowed (see ``docs/metrics.md`` §7)."""


class EvaluationStopped(VesselviewError):
    """An evaluation was abandoned because its ``should_stop`` callback returned True."""

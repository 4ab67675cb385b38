"""Exception types of vesselview.

Every error a user can cause (a bad file, a bad parameter) is one of these, with a
message that names the file or parameter, says what is wrong and what to do. The CLI
turns them into one line on stderr and exit code 2; the GUI shows them as a notice that
stays until dismissed. A message starts with the file, then says in plain words what is
wrong and what to do; technical detail (a decoder's message, a checksum) follows after
`DETAILS_MARK`, so the command line prints it and the GUI puts it in a tooltip.
"""

from __future__ import annotations

#: Separates a message's plain words from its technical detail.
DETAILS_MARK = " — technical details: "


def with_details(message: str, details: str) -> str:
    """``message`` followed by ``details`` after `DETAILS_MARK` (``message`` if none)."""
    return f"{message}{DETAILS_MARK}{details}" if details else message


def split_details(message: str) -> tuple[str, str]:
    """``(plain words, technical detail)`` of a message made by `with_details`."""
    plain, _mark, details = message.partition(DETAILS_MARK)
    return plain, details


class VesselviewError(Exception):
    """Base class of every error vesselview raises on purpose."""


class InputError(VesselviewError, ValueError):
    """A file or array given as input cannot be used (unreadable, wrong shape, 3-D, empty...).

    Attributes
    ----------
    source : str or None
        The file (or array description) the problem is about, when there is one.
    details : str
        Technical detail for experts (in ``str(error)`` after `DETAILS_MARK`); may be empty.
    """

    def __init__(self, message: str, source: str | None = None, details: str = "") -> None:
        super().__init__(with_details(message, details))
        self.source = source
        self.details = details


class ParamsError(VesselviewError, ValueError):
    """A parameter key, type or value is not allowed (see ``docs/metrics.md`` §7)."""


class EvaluationStopped(VesselviewError):
    """An evaluation was abandoned because its ``should_stop`` callback returned True."""

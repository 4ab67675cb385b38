"""The inspector's reference switch: score the shown case against another observer, a
consensus of its observers or their fuzzy reference (no Qt).

The shown case holds every observer's reference (`Case.references`, e.g. a DRIVE test
case opened from the dataset); `ReferenceSwitch.choose` shows the same case scored
against another of them (`vesselview.engine.reference_choice.reference_cases`) and the
inspector re-evaluates it. The files on screen stay those opened; a session keeps them,
the other observers' files and the choice (`vesselview.app.reference_options`).
"""

from __future__ import annotations

from vesselview.app.inspector import Inspector
from vesselview.app.reference_options import reference_options, switched_case

__all__ = ["ReferenceSwitch", "reference_options", "switched_case"]


class ReferenceSwitch:
    """Which reference the inspector's shown case is scored against.

    Parameters
    ----------
    model : Inspector
        Shows the case; `choose` replaces it with the case scored against another
        reference and so re-evaluates it.
    """

    def __init__(self, model: Inspector) -> None:
        self.model = model

    @property
    def options(self) -> tuple[str, ...]:
        """The shown case's `reference_options` (none without a case)."""
        case = self.model.case
        return () if case is None else reference_options(case)

    @property
    def chosen(self) -> str | None:
        """The observer (or consensus) the shown case is scored against."""
        case = self.model.case
        return None if case is None else case.observer

    def choose(self, choice: str) -> None:
        """Score the shown case against ``choice`` and re-evaluate (nothing when it
        already is, or no case is shown).

        Raises
        ------
        ValueError
            When the shown case offers no such choice.
        """
        shown = self.model.shown
        if shown is None or choice == shown.case.observer:
            return
        self.model.show_case(switched_case(shown.case, choice), shown.files)

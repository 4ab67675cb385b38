"""Flags on a row whose numbers need a second look: an empty or nearly empty candidate.

An all-black prediction (one published DRIVE result map is) scores Se 0, undefined
precision and infinite distances; averaged with the other cases it would pass unseen.
`candidate_flags` marks such a candidate in the output's ``flags`` field (CLI rows, the
window's export), `flagged_summary` is the CLI's end-of-run warning, and the case
browser marks the row (`vesselview.app.dataset_browser`).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from vesselview.engine.case import Case

#: A candidate marking less than this fraction of the evaluated field of view (the FOV
#: without the ignore mask) is flagged nearly empty: 0.5 %, where retinal vessels cover
#: about 8-15 % of a fundus FOV (DRIVE ~12 %), so only a failed or mis-encoded
#: prediction is below it.
NEARLY_EMPTY_FRACTION = 0.005
#: The flag of a candidate marking no pixel of the evaluated field of view.
EMPTY = "empty_candidate"
#: The flag of a candidate marking less than `NEARLY_EMPTY_FRACTION` of it.
NEARLY_EMPTY = "nearly_empty_candidate"


def marked_fraction(case: Case, threshold: float | None = None) -> float:
    """The fraction of the evaluated field of view the candidate marks as vessel.

    Parameters
    ----------
    case : Case
    threshold : float, optional
        Probability threshold of a soft candidate (`Case.candidate_at`); None: the
        case's own.

    Returns
    -------
    float
        In [0, 1]: vessel pixels of the candidate inside ``fov & ~ignore``, over the
        pixels of ``fov & ~ignore`` (1 when that region is empty, so nothing is flagged).
    """
    inside = case.fov if case.ignore is None else case.fov & ~case.ignore
    pixels = np.count_nonzero(inside)
    if pixels == 0:
        return 1.0
    return np.count_nonzero(case.candidate_at(threshold) & inside) / pixels


def candidate_flags(case: Case, threshold: float | None = None) -> str | None:
    """The ``flags`` field of a row: `EMPTY`, `NEARLY_EMPTY`, or None when the candidate
    marks at least `NEARLY_EMPTY_FRACTION` of the evaluated field of view.

    Examples
    --------
    >>> from vesselview.synth import demo_case
    >>> case = demo_case()
    >>> empty = Case(case.reference, np.zeros_like(case.candidate), case.fov)
    >>> candidate_flags(case), candidate_flags(empty)
    (None, 'empty_candidate')
    """
    fraction = marked_fraction(case, threshold)
    if fraction == 0:
        return EMPTY
    return NEARLY_EMPTY if fraction < NEARLY_EMPTY_FRACTION else None


def candidate_note(case: Case, threshold: float | None = None) -> str | None:
    """The warning the window shows for an empty or nearly empty candidate (None when it
    is not flagged), naming its file.

    Examples
    --------
    >>> from vesselview.synth import demo_case
    >>> case = demo_case()
    >>> empty = Case(case.reference, np.zeros_like(case.candidate), case.fov,
    ...              sources={"candidate": "01_test.png"})
    >>> candidate_note(case) is None, candidate_note(empty)[:46]
    (True, '01_test.png: the candidate marks no pixel of t')
    """
    flag = candidate_flags(case, threshold)
    if flag is None:
        return None
    what = "no pixel" if flag == EMPTY else \
        f"less than {NEARLY_EMPTY_FRACTION * 100:g} % of the pixels"
    source = case.sources.get("candidate") or "the candidate"
    return (f"{source}: the candidate marks {what} of the field of view as vessel, so Se is "
            "near 0 and distances may be infinite; check that it is the right file (or the "
            "threshold of a probability map)")


def flagged_summary(flagged: Iterable[tuple[str, str | None]],
                    where: str = "flags column") -> str | None:
    """One warning for the flagged rows of a run, or None when there are none.

    Parameters
    ----------
    flagged : iterable of (str, str or None)
        ``(id, method)`` of each row flagged `EMPTY` or `NEARLY_EMPTY`; repeats (one
        row per parameter set) count once.
    where : str
        Where the rows are marked (the CLI's ``flags`` column, the browser's marks).

    Examples
    --------
    >>> print(flagged_summary([("01", "unet"), ("07", None), ("01", "unet")])[:74])
    2 predictions are empty or nearly empty (less than 0.5 % of the field of v
    """
    names = list(dict.fromkeys(case_id if method is None else f"{case_id} ({method})"
                               for case_id, method in flagged))
    if not names:
        return None
    what = "1 prediction is" if len(names) == 1 else f"{len(names)} predictions are"
    return (f"{what} empty or nearly empty (less than {NEARLY_EMPTY_FRACTION * 100:g} % of the "
            f"field of view marked; {where}): {', '.join(names)}; their Se is near 0 "
            "and their distances may be infinite: check these files")

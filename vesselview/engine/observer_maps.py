"""What several observers say together: the fuzzy reference and where they disagree.

The fuzzy reference is a membership map in [0, 1] per pixel: the soft reference the case
carries (`Case.reference_soft`), else the share of the case's observers marking the
pixel (`vesselview.engine.reference_choice.observer_share`), as the ``fuzzy`` reference
choice makes it. The three-valued option (``disagreement``,
``docs/metrics.md`` §9) leaves the pixels where the observers disagree out of every
metric, exactly as if they were added to the ignore mask (`without_disagreement`).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.reference_choice import observer_share

#: Why the measures needing several observers are undefined for a case.
ONE_OBSERVER = ("the case holds one observer's reference and no soft reference; give "
                "two or more observers (or a soft reference)")


def membership(case: Case) -> np.ndarray | None:
    """The fuzzy reference of ``case`` (float32 (H, W) in [0, 1]), or None.

    The case's soft reference when it carries one, else the share of its observers
    marking each pixel when it holds two or more, else None (`ONE_OBSERVER`).
    """
    if case.reference_soft is not None:
        return case.reference_soft
    if len(case.references) < 2:
        return None
    return observer_share(case)


def disagreement(case: Case) -> np.ndarray:
    """The pixels where the case's observers disagree (bool (H, W)).

    A pixel some observers mark and others do not; none for a single observer.
    """
    masks = np.stack(list(case.references.values()))
    return np.logical_and(masks.any(axis=0), ~masks.all(axis=0))


def without_disagreement(case: Case) -> Case:
    """``case`` with the pixels where its observers disagree added to its ignore mask.

    The three-valued reference of the review's "don't count" pixels: every metric then
    leaves them out (`Case.without_ignored`). The case itself when they all agree.
    """
    disputed = disagreement(case)
    if not disputed.any():
        return case
    ignore = disputed if case.ignore is None else case.ignore | disputed
    return dataclasses.replace(case, ignore=ignore)


def scored_case(case: Case, params: Params) -> Case:
    """The case every metric family evaluates under ``params``.

    Its ignored pixels removed (`Case.without_ignored`), and with ``disagreement`` =
    ``"ignore"`` those where its observers disagree too (`without_disagreement`).
    """
    if params.disagreement == "ignore":
        case = without_disagreement(case)
    return case.without_ignored()

"""Which reference a case is scored against when it holds several observers.

A `Case` holds every observer's reference (`Case.references`); a *reference choice*
says which of them the metrics use (``docs/metrics.md`` §0.1):

- ``one``: the chosen observer's (`Case.observer`), the case itself (the default);
- ``each``: every observer in turn, one case per observer, sorted by name;
- ``majority``: the pixels strictly more than half of the observers mark (with two
  observers the pixels both mark: a tie is not a majority);
- ``intersection``: the pixels every observer marks; ``union``: those any marks;
- ``fuzzy``: the fuzzy reference (`Case.reference_soft`): the soft reference the case
  carries, else the share of the observers marking each pixel; its crisp metrics use
  the pixels whose membership is above the case's threshold (0.5 by default: for
  observers' shares that is the majority).

A derived reference (``majority`` ... ``fuzzy``) is the case's `reference` and its
`Case.observer` names it; `Case.references` keeps the observers' own masks, so what
needs them (the fuzzy measures, the Williams index) reads them whatever the choice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.reference_names import CONSENSUS_RULES, REFERENCE_CHOICES
from vesselview.errors import InputError

__all__ = ["CONSENSUS_RULES", "REFERENCE_CHOICES", "consensus", "observer_share",
           "reference_cases"]


def consensus(masks: Sequence[np.ndarray], rule: str) -> np.ndarray:
    """The consensus of the observers' masks by ``rule``.

    Parameters
    ----------
    masks : sequence of ndarray of bool, shape (H, W)
        One mask per observer (at least one).
    rule : {"majority", "intersection", "union"}
        ``majority``: marked by strictly more than half of the masks (a tie is not
        marked); ``intersection``: by every mask; ``union``: by any.

    Returns
    -------
    ndarray of bool, shape (H, W)

    Examples
    --------
    >>> a, b, c = np.array([1, 1, 0, 0], bool), np.array([1, 0, 1, 0], bool), np.ones(4, bool)
    >>> consensus([a, b, c], "majority").astype(int), consensus([a, b], "majority").astype(int)
    (array([1, 1, 1, 0]), array([1, 0, 0, 0]))
    """
    counts = np.sum(np.stack(masks), axis=0, dtype=np.intp)
    if rule == "majority":
        return np.asarray(2 * counts > len(masks))
    if rule == "intersection":
        return np.asarray(counts == len(masks))
    if rule == "union":
        return np.asarray(counts > 0)
    raise ValueError(f"unknown consensus rule {rule!r}; use one of {CONSENSUS_RULES}")


def observer_share(case: Case) -> np.ndarray:
    """The share of ``case``'s observers marking each pixel, float32 (H, W) in [0, 1]."""
    masks = np.stack(list(case.references.values()))
    return np.asarray(np.mean(masks, axis=0, dtype=np.float64), dtype=np.float32)


def reference_cases(case: Case, choice: str = "one") -> list[Case]:
    """``case`` scored against the reference ``choice`` names: one case per reference.

    Parameters
    ----------
    case : Case
    choice : str
        One of `REFERENCE_CHOICES`.

    Returns
    -------
    list of Case
        ``[case]`` for ``one``; one case per observer for ``each`` (its `Case.observer`
        and ``sources["reference"]`` that observer's); else one case whose `reference`
        is the derived one, its `Case.observer` the choice and ``sources["reference"]``
        e.g. ``"majority of observer1, observer2"``. The other fields are ``case``'s.

    Raises
    ------
    InputError
        Naming the case's reference file: for a consensus of fewer than two observers,
        or ``fuzzy`` with neither two observers nor a soft reference.
    ValueError
        For an unknown ``choice``.
    """
    if choice not in REFERENCE_CHOICES:
        raise ValueError(f"unknown reference choice {choice!r}; use one of "
                         f"{', '.join(REFERENCE_CHOICES)}")
    if choice == "one":
        return [case]
    if choice == "each":
        return [case if name == case.observer else
                _scored_against(case, name, mask, case.sources.get(name, ""))
                for name, mask in case.references.items()]
    observers = ", ".join(case.references)
    soft: np.ndarray | None
    if choice == "fuzzy" and case.reference_soft is not None:
        soft = case.reference_soft
        source = f"fuzzy from {case.sources.get('reference_soft') or '<array>'}"
    else:
        _require_observers(case, choice)
        soft = observer_share(case) if choice == "fuzzy" else None
        source = f"{choice} of {observers}"
    mask = soft > case.threshold if soft is not None \
        else consensus(list(case.references.values()), choice)
    derived = _scored_against(case, choice, mask, source)
    return [derived if soft is None else dataclasses.replace(derived, reference_soft=soft)]


def _scored_against(case: Case, name: str, mask: np.ndarray, source: str) -> Case:
    """``case`` with ``mask`` (observer or derived reference ``name``) as its reference,
    ``sources`` saying so; the former reference's file stays under its observer's name."""
    sources = {key: value for key, value in case.sources.items() if key != name}
    if case.observer in case.references:
        sources[case.observer] = case.sources.get("reference", "")
    sources["reference"] = source
    return dataclasses.replace(case, reference=mask, observer=name, sources=sources)


def _require_observers(case: Case, choice: str) -> None:
    """Refuse a reference made from fewer than two observers."""
    if len(case.references) >= 2:
        return
    source = case.sources.get("reference") or "<array>"
    extra = " or a soft reference (reference_soft)" if choice == "fuzzy" else ""
    raise InputError(f"{source}: the {choice} reference needs two or more observers' "
                     f"references{extra}, but this case holds only {list(case.references)}; "
                     "give the other observers' masks (manifest columns reference_2, ...; "
                     "load_case(references=...)) or use the references choice 'one'",
                     source=source)

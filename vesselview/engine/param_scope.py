"""Which parameters act on a case: the one rule for evaluations, exports, sessions and the window.

Masks are binarised once, when they are read (``docs/metrics.md`` §0): a binary mask at
its higher value, a JPEG mask or a probability-map reference at the case's threshold
(`Case.threshold`, the load threshold). Only a probability-map candidate
(`Case.candidate_soft`) is cut again on evaluation, at `Params.threshold`; so
``threshold`` acts on a case with a probability-map candidate only, and every other
parameter acts on every case.

`applied_params` is what an evaluation of a case uses and records (so every exported
number names the parameters that produced it, never a value that did not act),
`kept_params` what a session keeps, and `applies` what the window enables.
"""

from __future__ import annotations

import dataclasses

from vesselview.engine.case import Case
from vesselview.engine.length_scope import resolved_lengths
from vesselview.engine.params import Params, canonical_key

#: The parameters that act on a case only when its candidate is a probability map.
SOFT_CANDIDATE_ONLY = frozenset({"threshold"})
_DEFAULTS = Params()


def applies(key: str, case: Case) -> bool:
    """Whether parameter ``key`` acts on the evaluations of ``case``.

    Examples
    --------
    >>> import numpy as np
    >>> mask = np.zeros((2, 2), bool)
    >>> binary = Case(mask, mask, ~mask)
    >>> applies("threshold", binary), applies("t", binary)
    (False, True)
    >>> applies("threshold", Case(mask, mask, ~mask, candidate_soft=np.zeros((2, 2))))
    True
    """
    return canonical_key(key) not in SOFT_CANDIDATE_ONLY or case.candidate_soft is not None


def applied_params(params: Params, case: Case) -> Params:
    """The parameters that produce ``case``'s numbers when it is evaluated with ``params``.

    ``threshold`` is resolved: the threshold the probability-map candidate is cut at
    (``params``'s, or the case's when None); for any other candidate the case's own
    threshold, the one its masks were read at, whatever ``params`` say (the CLI's
    records name the same). Every length in µm or % FOV is converted to pixels for
    ``case`` (`vesselview.engine.length_scope.resolved_lengths`, which raises a
    `ParamsError` naming the case when it cannot be). Every other parameter is
    ``params``'s.
    """
    if applies("threshold", case):
        return resolved_lengths(params.with_case_threshold(case.threshold), case)
    return resolved_lengths(dataclasses.replace(params, threshold=case.threshold), case)


def kept_params(params: Params, case: Case | None) -> Params:
    """``params`` with each parameter that does not act on ``case`` at its default.

    What a session saves of the window's parameters: reopening it gives the same
    numbers and no setting that did nothing to the shown case. None: no case, all kept.
    """
    if case is None:
        return params
    return dataclasses.replace(params, **{key: getattr(_DEFAULTS, key)
                                          for key in SOFT_CANDIDATE_ONLY
                                          if not applies(key, case)})

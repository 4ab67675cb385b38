"""Several candidate segmentations of one reference, loaded and evaluated (no Qt).

The candidates window runs `evaluate_candidates` in a background thread: each file is
read by `vesselview.io.load_case` against the inspector's reference (so a bad file is
reported by name before anything changes) and evaluated by its own `Evaluator`.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence

from vesselview.engine.case import Case
from vesselview.engine.families import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator, ProgressCallback, StopCallback
from vesselview.errors import EvaluationStopped
from vesselview.io.loader import load_case


@dataclasses.dataclass(frozen=True, eq=False)
class Candidate:
    """One evaluated candidate.

    Attributes
    ----------
    path : str
        The file it was read from.
    case : Case
        The inspector's reference, FOV and fundus with this candidate.
    metrics : Mapping[str, float]
        Every metric of ``METRIC_KEYS`` (``nan`` where undefined).
    params : Params
        The parameters of the evaluation.
    """

    path: str
    case: Case
    metrics: Mapping[str, float]
    params: Params


def evaluate_candidates(reference: Case, paths: Sequence[str], params: Params,
                        should_stop: StopCallback,
                        progress: ProgressCallback) -> list[Candidate]:
    """Read every candidate file against ``reference`` and evaluate it.

    Parameters
    ----------
    reference : Case
        Supplies the reference mask, FOV and fundus (its candidate is ignored).
    paths : sequence of str
        Candidate files (binary masks or probability maps).
    params : Params
        ``threshold`` binarises probability-map candidates (the files are read as the
        inspector reads them, at the default threshold); every metric uses its parameter.
    should_stop, progress : callable
        As in `Evaluator.evaluate`; ``progress`` is called after each candidate.

    Raises
    ------
    InputError
        Naming the first file that cannot be read or does not match the reference.
    EvaluationStopped
        When ``should_stop`` returned True.
    """
    candidates = []
    for done, path in enumerate(paths, start=1):
        if should_stop():
            raise EvaluationStopped("evaluating the candidates was cancelled")
        case = with_reference(reference, load_case(reference.reference, path, fov=reference.fov))
        result = Evaluator(case).evaluate(params, should_stop=should_stop)
        candidates.append(Candidate(path, case, dict(result.metrics), params))
        progress(done / len(paths), f"evaluated {os.path.basename(path)}")
    return candidates


def reevaluate(candidates: Sequence[Candidate], params: Params, should_stop: StopCallback,
               progress: ProgressCallback) -> list[Candidate]:
    """The same candidates evaluated with ``params`` (probability maps re-thresholded).

    Raises
    ------
    EvaluationStopped
        When ``should_stop`` returned True.
    """
    updated = []
    for done, candidate in enumerate(candidates, start=1):
        result = Evaluator(candidate.case).evaluate(params, should_stop=should_stop)
        updated.append(dataclasses.replace(candidate, metrics=dict(result.metrics),
                                           params=params))
        progress(done / len(candidates), f"evaluated {os.path.basename(candidate.path)}")
    return updated


def with_reference(reference: Case, loaded: Case) -> Case:
    """``loaded``'s candidate with ``reference``'s arrays and source names."""
    return dataclasses.replace(loaded, reference=reference.reference, fov=reference.fov,
                               fundus=reference.fundus,
                               sources={**reference.sources,
                                        "candidate": loaded.sources["candidate"]})


def metric_table(candidates: Sequence[Candidate]) -> dict[str, list[float]]:
    """Metric key -> one value per candidate, in order (what `rank_candidates` takes)."""
    return {key: [candidate.metrics[key] for candidate in candidates] for key in METRIC_KEYS}

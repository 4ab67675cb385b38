"""Evaluate one pair of files under every parameter set of a run, never raising for it.

`evaluate_pair` is what ``vesselview-eval`` runs for each pair on every backend (this
process, local workers, a Dask cluster) and what the GUI's agreement window runs in the
background, so their records are identical bit for bit. Its case is loaded once and one
`Evaluator` serves every parameter set, re-using the stages a change does not touch.

A pair that fails never stops the others: its outcome carries a `RowFailure` (the
reason, with the manifest line and id) and one error record per parameter set, so
the output still has a row for it.
"""

from __future__ import annotations

import dataclasses
import functools
import traceback
import warnings
from collections.abc import Callable

from vesselview.engine import pipeline
from vesselview.engine.case import Case
from vesselview.engine.observers import observer_number
from vesselview.engine.params import Params
from vesselview.engine.reference_choice import reference_cases
from vesselview.engine.reference_names import DERIVED_REFERENCES
from vesselview.errors import InputError, VesselviewError
from vesselview.io.candidate_flags import candidate_flags
from vesselview.io.loader import load_case, load_case_estimating_fov
from vesselview.io.masks import MaskWarning
from vesselview.io.pair import Pair
from vesselview.io.williams_columns import with_williams, without_williams
from vesselview.io.writers import Record, error_record, result_record

#: Reads a pair's files into a `Case`; `load_case`'s signature.
Loader = Callable[..., Case]


@dataclasses.dataclass(frozen=True)
class Job:
    """What to do with every pair.

    Attributes
    ----------
    grid : tuple of Params
        One evaluation per entry (one entry without ``--sweep``).
    threshold : float or None
        Load-time threshold of probability maps (the base parameters' ``threshold``;
        None loads at `DEFAULT_THRESHOLD`).
    invert_reference, invert_candidate : bool
        Polarity options passed to `load_case`.
    load : callable
        The function that reads a pair's files (`load_case`; tests give a stand-in
        that misbehaves, e.g. kills its worker process). Must be picklable.
    estimate_fov : bool
        Estimate the FOV from the fundus when a pair's FOV file cannot be used
        (`load_case_estimating_fov`; ``--dataset --fov estimate``).
    classes : str or None
        ``--classes``: how label maps are read (`load_case`); None: as each pair says.
    references : str
        The reference choice (`vesselview.engine.reference_choice.REFERENCE_CHOICES`,
        ``--references``): the pair is evaluated against each reference it gives.
    williams : tuple of str
        Metric keys whose Williams index each record adds beyond those every
        evaluation gives (``--williams``; `vesselview.io.williams_columns`).
    """

    grid: tuple[Params, ...]
    threshold: float | None = None
    invert_reference: bool = False
    invert_candidate: bool = False
    load: Loader = load_case
    estimate_fov: bool = False
    classes: str | None = None
    references: str = "one"
    williams: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class RowFailure:
    """Why one pair produced no metrics.

    Attributes
    ----------
    message : str
        One line: the pair's label (manifest line, id), the file and the reason.
    internal : bool
        True for a bug of vesselview (an unexpected exception), not a bad input.
    details : str
        The traceback of an internal error (shown with ``--debug``), else empty.
    """

    message: str
    internal: bool = False
    details: str = ""


@dataclasses.dataclass(frozen=True)
class PairOutcome:
    """The records of one pair (one per reference and grid entry, in that order), its
    loading warnings, its failure."""

    records: tuple[Record, ...]
    warnings: tuple[str, ...] = ()
    failure: RowFailure | None = None


def evaluate_pair(pair: Pair, job: Job) -> PairOutcome:
    """Load ``pair`` and evaluate it against each reference of ``job.references``
    (`reference_cases`) under every parameter set of ``job``.

    Never raises for a bad pair: a problem found when reading the manifest, an
    `InputError` of the loader, or an unexpected exception (an internal error) becomes
    a failed outcome with one error record per parameter set.
    """
    if pair.problem is not None:
        return failed_outcome(pair, job, RowFailure(f"{pair.label}: {pair.problem}"))
    try:
        with warnings.catch_warnings():
            # Mask warnings (polarity included) travel back in the outcome
            # (``Case.warnings``) so the main process reports each once, instead of every
            # worker printing its own.
            warnings.simplefilter("ignore", MaskWarning)
            load = functools.partial(load_case_estimating_fov, load=job.load) \
                if job.estimate_fov else job.load
            classes = job.classes or pair.classes
            extra = {} if classes is None else {"classes": classes}
            if pair.reference_junctions is not None:
                extra["reference_junctions"] = pair.reference_junctions
            case = load(pair.reference, pair.candidate, pair.fov, pair.fundus,
                        ignore=pair.ignore, invert_reference=job.invert_reference,
                        invert_candidate=job.invert_candidate, threshold=job.threshold,
                        **extra, **_observer_options(pair))
        case = case if pair.spacing is None else pair.spacing.applied(case)
        records = tuple(record for scored in reference_cases(case, job.references)
                        for record in _records(pair, job, scored))
    except VesselviewError as error:
        return failed_outcome(pair, job, RowFailure(f"{pair.label}: {_reason(error)}"))
    except Exception as error:  # a bug: this row fails, the others still run
        message = f"{pair.label}: internal error: {type(error).__name__}: {error}"
        return failed_outcome(pair, job, RowFailure(message, True, traceback.format_exc()))
    return PairOutcome(records, case.warnings)


def _observer_options(pair: Pair) -> dict[str, object]:
    """`load_case`'s observer arguments for ``pair`` (none when it names no other
    observer, so a loader standing in for `load_case` need not know them)."""
    if not pair.references and pair.reference_soft is None:
        return {}
    return {"references": dict(pair.references), "reference_soft": pair.reference_soft,
            "observer": f"observer{pair.observer or 1}"}


def _records(pair: Pair, job: Job, case: Case) -> list[Record]:
    """The records of ``case`` (``pair`` against one reference) under every grid entry."""
    evaluator = pipeline.Evaluator(case)
    observer = _record_observer(pair, case, job.references)
    diameter = case.fov_diameter_px
    return [with_williams(result_record(
        evaluator.evaluate(params), id=pair.id, sources=case.sources, method=pair.method,
        observer=observer, references=job.references,
        flags=candidate_flags(case, params.threshold), spacing_um=case.spacing_um,
        fov_diameter_px=diameter), case, job.williams, params) for params in job.grid]


def _record_observer(pair: Pair, case: Case, choice: str) -> int | None:
    """The ``observer`` of a record: None against a derived reference (``majority``...),
    the case's observer's number for ``each`` of several observers, else the pair's."""
    if case.observer in DERIVED_REFERENCES:
        return None
    if choice == "each" and len(case.references) > 1:
        return observer_number(case.observer)
    return pair.observer


def failed_outcome(pair: Pair, job: Job, failure: RowFailure) -> PairOutcome:
    """The outcome of a pair that could not be evaluated: one error record per grid entry."""
    spacing = pair.spacing
    sources = {"reference": pair.reference, "candidate": pair.candidate, "fov": pair.fov,
               "ignore": pair.ignore, "spacing": None if spacing is None else spacing.source,
               "reference_junctions": pair.reference_junctions}
    records = tuple(without_williams(error_record(
        failure.message, params, id=pair.id, sources=sources, method=pair.method,
        observer=pair.observer, spacing_um=None if spacing is None else spacing.um,
        references=job.references), job.williams) for params in job.grid)
    return PairOutcome(records, (), failure)



def _reason(error: VesselviewError) -> str:
    """The error's message, naming its file when the message does not already."""
    message = str(error)
    source = getattr(error, "source", None) if isinstance(error, InputError) else None
    return message if not source or source in message else f"{message} ({source})"

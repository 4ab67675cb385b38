"""Evaluate pairs serially, in local worker processes, or on a Dask cluster.

Every backend runs the same function, `evaluate_pair`, on the same picklable inputs,
so the records are identical bit for bit whichever backend produced them. Each pair
is one task: its case is loaded once and one `Evaluator` serves every sweep value,
re-using the stages a parameter change does not touch.

A pair that fails never stops the others: its outcome carries a `RowFailure` (the
reason, with the manifest line and id) and one error record per parameter set, so
the output still has a row for it.
"""

from __future__ import annotations

import dataclasses
import functools
import traceback
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from vesselview.cli.arguments import UsageError
from vesselview.cli.pool import ItemFailure, run_in_processes
from vesselview.engine import pipeline
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.errors import InputError, VesselviewError
from vesselview.io.loader import load_case
from vesselview.io.manifest import Pair
from vesselview.io.masks import MaskWarning
from vesselview.io.writers import Record, error_record, result_record

#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 10

Advance = Callable[[], None]
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
    """

    grid: tuple[Params, ...]
    threshold: float | None = None
    invert_reference: bool = False
    invert_candidate: bool = False
    load: Loader = load_case


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
    """The records of one pair (one per grid entry), its loading warnings, its failure."""

    records: tuple[Record, ...]
    warnings: tuple[str, ...] = ()
    failure: RowFailure | None = None


def evaluate_pair(pair: Pair, job: Job) -> PairOutcome:
    """Load ``pair`` and evaluate it under every parameter set of ``job``.

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
            case = job.load(pair.reference, pair.candidate, pair.fov, pair.fundus,
                            ignore=pair.ignore, invert_reference=job.invert_reference,
                            invert_candidate=job.invert_candidate, threshold=job.threshold)
        evaluator = pipeline.Evaluator(case)
        records = tuple(result_record(evaluator.evaluate(params), id=pair.id,
                                      sources=case.sources, method=pair.method,
                                      observer=pair.observer)
                        for params in job.grid)
    except VesselviewError as error:
        return failed_outcome(pair, job, RowFailure(f"{pair.label}: {_reason(error)}"))
    except Exception as error:  # a bug: this row fails, the others still run
        message = f"{pair.label}: internal error: {type(error).__name__}: {error}"
        return failed_outcome(pair, job, RowFailure(message, True, traceback.format_exc()))
    return PairOutcome(records, case.warnings)


def failed_outcome(pair: Pair, job: Job, failure: RowFailure) -> PairOutcome:
    """The outcome of a pair that could not be evaluated: one error record per grid entry."""
    sources = {"reference": pair.reference, "candidate": pair.candidate, "fov": pair.fov,
               "ignore": pair.ignore}
    records = tuple(error_record(failure.message, params, id=pair.id, sources=sources,
                                 method=pair.method, observer=pair.observer)
                    for params in job.grid)
    return PairOutcome(records, (), failure)


def run_pairs(pairs: Sequence[Pair], job: Job, *, workers: int = 1,
              scheduler: str | None = None, advance: Advance = lambda: None,
              finished: dict[int, PairOutcome] | None = None) -> list[PairOutcome]:
    """Evaluate every pair; outcomes in the order of ``pairs``, one per pair.

    Parameters
    ----------
    pairs : sequence of Pair
    job : Job
    workers : int
        Local worker processes; 1 (or a single pair) runs serially in this process.
    scheduler : str, optional
        Address of a Dask distributed scheduler; overrides ``workers``.
    advance : callable
        Called once per finished pair (progress reporting).
    finished : dict, optional
        Filled with ``index -> outcome`` as pairs finish, so that a run interrupted by
        Ctrl-C or SIGTERM can still write them (`interrupted_outcomes`).

    Raises
    ------
    UsageError
        When Dask is not installed or the scheduler cannot be reached.
    """
    finished = {} if finished is None else finished
    if scheduler is not None:
        return _on_dask(scheduler, pairs, job, advance, finished)
    if workers == 1 or len(pairs) == 1:
        return _serially(pairs, job, advance, finished)
    raw: dict[int, Any] = {}
    run_in_processes(functools.partial(evaluate_pair, job=job), pairs, min(workers, len(pairs)),
                     lambda: _convert(raw, pairs, job, finished, advance), raw)
    return [finished[index] for index in range(len(pairs))]


def _convert(raw: dict[int, Any], pairs: Sequence[Pair], job: Job,
             finished: dict[int, PairOutcome], advance: Advance) -> None:
    """Turn the pool's newly finished results into outcomes (a dead worker: a failed row)."""
    for index in raw.keys() - finished.keys():
        result, pair = raw[index], pairs[index]
        finished[index] = failed_outcome(pair, job, RowFailure(
            f"{pair.label}: {result.reason} while evaluating {', '.join(pair.files())}"
        )) if isinstance(result, ItemFailure) else result
    advance()


def interrupted_outcomes(pairs: Sequence[Pair], job: Job,
                         finished: dict[int, PairOutcome]) -> list[PairOutcome]:
    """The outcomes of an interrupted run: the finished pairs, and an error row for each
    pair that did not finish (saying so), in the order of ``pairs``."""
    return [finished.get(index) or failed_outcome(pair, job, RowFailure(
                f"{pair.label}: not evaluated: the run was interrupted"))
            for index, pair in enumerate(pairs)]


def _reason(error: VesselviewError) -> str:
    """The error's message, naming its file when the message does not already."""
    message = str(error)
    source = getattr(error, "source", None) if isinstance(error, InputError) else None
    return message if not source or source in message else f"{message} ({source})"


def _serially(pairs: Sequence[Pair], job: Job, advance: Advance,
              finished: dict[int, PairOutcome]) -> list[PairOutcome]:
    """One pair after the other in this process."""
    for index, pair in enumerate(pairs):
        finished[index] = evaluate_pair(pair, job)
        advance()
    return [finished[index] for index in range(len(pairs))]


def _on_dask(address: str, pairs: Sequence[Pair], job: Job, advance: Advance,
             outcomes: dict[int, PairOutcome]) -> list[PairOutcome]:
    """An existing Dask distributed cluster (optional dependency, imported here only).

    A task that fails on the cluster (e.g. Dask gave up on it after its workers died,
    ``KilledWorker``) fails only its pair.
    """
    try:
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    except ImportError:
        raise UsageError("--scheduler needs Dask: pip install 'vesselview[distributed]'"
                         ) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise UsageError(f"--scheduler {address}: cannot connect ({error})") from None
    with client, client.as_current():  # as_completed looks the client up
        futures = client.map(evaluate_pair, pairs, job=job, pure=False)
        index_of = {future.key: index for index, future in enumerate(futures)}
        for future in dask_completed(futures):
            index = index_of[future.key]
            try:
                outcomes[index] = future.result()
            except Exception as error:  # the cluster lost the task: only this pair fails
                reason = f"{pairs[index].label}: the Dask cluster could not run it " \
                         f"({type(error).__name__}: {error})"
                outcomes[index] = failed_outcome(pairs[index], job, RowFailure(reason))
            advance()
    return [outcomes[index] for index in range(len(pairs))]

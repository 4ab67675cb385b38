"""Evaluate pairs serially, in local worker processes, or on a Dask cluster.

Every backend runs the same function, `evaluate_pair`, on the same picklable inputs,
so the records are identical bit for bit whichever backend produced them. Each pair
is one task: its case is loaded once and one `Evaluator` serves every sweep value,
re-using the stages a parameter change does not touch.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from vesselview.cli.arguments import UsageError
from vesselview.engine import pipeline
from vesselview.engine.params import Params
from vesselview.io.loader import load_case
from vesselview.io.manifest import Pair
from vesselview.io.masks import MaskWarning
from vesselview.io.writers import Record, result_record

#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 10

Advance = Callable[[], None]


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
    """

    grid: tuple[Params, ...]
    threshold: float | None = None
    invert_reference: bool = False
    invert_candidate: bool = False


@dataclasses.dataclass(frozen=True)
class PairOutcome:
    """The records of one pair (one per grid entry) and its loading warnings."""

    records: tuple[Record, ...]
    warnings: tuple[str, ...]


def evaluate_pair(pair: Pair, job: Job) -> PairOutcome:
    """Load ``pair`` and evaluate it under every parameter set of ``job``.

    Raises
    ------
    InputError
        When a file of the pair cannot be used.
    """
    with warnings.catch_warnings():
        # Mask warnings (polarity included) travel back in the outcome (``Case.warnings``)
        # so the main process reports each once, instead of every worker printing its own.
        warnings.simplefilter("ignore", MaskWarning)
        case = load_case(pair.reference, pair.candidate, pair.fov, pair.fundus,
                         invert_reference=job.invert_reference,
                         invert_candidate=job.invert_candidate, threshold=job.threshold)
    evaluator = pipeline.Evaluator(case)
    records = tuple(result_record(evaluator.evaluate(params), id=pair.id, sources=case.sources)
                    for params in job.grid)
    return PairOutcome(records, case.warnings)


def run_pairs(pairs: Sequence[Pair], job: Job, *, workers: int = 1,
              scheduler: str | None = None, advance: Advance = lambda: None
              ) -> list[PairOutcome]:
    """Evaluate every pair; outcomes in the order of ``pairs``.

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

    Raises
    ------
    InputError
        The first pair that fails to load stops the run.
    UsageError
        When Dask is not installed or the scheduler cannot be reached.
    """
    if scheduler is not None:
        return _on_dask(scheduler, pairs, job, advance)
    if workers == 1 or len(pairs) == 1:
        return _serially(pairs, job, advance)
    return _in_processes(pairs, job, min(workers, len(pairs)), advance)


def _serially(pairs: Sequence[Pair], job: Job, advance: Advance) -> list[PairOutcome]:
    """One pair after the other in this process."""
    outcomes = []
    for pair in pairs:
        outcomes.append(evaluate_pair(pair, job))
        advance()
    return outcomes


def _in_processes(pairs: Sequence[Pair], job: Job, workers: int,
                  advance: Advance) -> list[PairOutcome]:
    """Local worker processes, started fresh ("spawn"): forking a parent whose OpenCV or
    numba threads already run can deadlock, and spawn behaves the same on every OS."""
    outcomes: dict[int, PairOutcome] = {}
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as executor:
        futures = {executor.submit(evaluate_pair, pair, job): index
                   for index, pair in enumerate(pairs)}
        try:
            for future in as_completed(futures):
                outcomes[futures[future]] = future.result()
                advance()
        except BaseException:
            executor.shutdown(cancel_futures=True)
            raise
    return [outcomes[index] for index in range(len(pairs))]


def _on_dask(address: str, pairs: Sequence[Pair], job: Job,
             advance: Advance) -> list[PairOutcome]:
    """An existing Dask distributed cluster (optional dependency, imported here only)."""
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
        for future in dask_completed(futures):
            future.result()  # raises the pair's error here, stopping the run
            advance()
        return client.gather(futures)

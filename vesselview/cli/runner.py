"""Evaluate pairs serially, in local worker processes, or on a Dask cluster.

Every backend runs the same function, `evaluate_pair` (`vesselview.io.pair_evaluation`),
on the same picklable inputs, so the records are identical bit for bit whichever
backend produced them. A pair that fails never stops the others.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from vesselview.cli.allocator import keep_freed_memory, restore_dynamic_thresholds
from vesselview.cli.arguments import UsageError
from vesselview.engine.kernels_warmup import load_in_background
from vesselview.io.pair import Pair
from vesselview.io.pair_evaluation import (
    Job,
    PairOutcome,
    RowFailure,
    evaluate_pair,
    failed_outcome,
)

#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 10

Advance = Callable[[], None]


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
    # here: a serial run needs neither multiprocessing nor the kernel warm-up (numba)
    from vesselview.cli.pool import run_in_processes

    raw: dict[int, Any] = {}
    run_in_processes(functools.partial(evaluate_pair, job=job), pairs, min(workers, len(pairs)),
                     lambda: _convert(raw, pairs, job, finished, advance), raw)
    return [finished[index] for index in range(len(pairs))]


def _convert(raw: dict[int, Any], pairs: Sequence[Pair], job: Job,
             finished: dict[int, PairOutcome], advance: Advance) -> None:
    """Turn the pool's newly finished results into outcomes (a dead worker: a failed row)."""
    from vesselview.cli.pool import ItemFailure  # loaded by the pool run that calls this

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


def _serially(pairs: Sequence[Pair], job: Job, advance: Advance,
              finished: dict[int, PairOutcome]) -> list[PairOutcome]:
    """One pair after the other in this process, in the memory the arrays before freed
    (`allocator.keep_freed_memory`: the process ends with the run, and even one pair
    re-uses its own temporaries); from the second pair on with the compiled kernels,
    loaded meanwhile (`kernels_warmup.load_in_background`)."""
    keep_freed_memory()
    if len(pairs) > 1:
        load_in_background()
    for index, pair in enumerate(pairs):
        finished[index] = evaluate_pair(pair, job)
        advance()
    return [finished[index] for index in range(len(pairs))]


def evaluate_on_dask_worker(pair: Pair, job: Job) -> PairOutcome:
    """`evaluate_pair` in a Dask worker, its allocator set first (`vesselview.cli.allocator`)."""
    restore_dynamic_thresholds()
    return evaluate_pair(pair, job)


def _on_dask(address: str, pairs: Sequence[Pair], job: Job, advance: Advance,
             outcomes: dict[int, PairOutcome]) -> list[PairOutcome]:
    """An existing Dask distributed cluster (optional dependency, imported here only).

    Each task first undoes the nanny's fixed malloc thresholds in its worker
    (`evaluate_on_dask_worker`). A task that fails on the cluster (e.g. Dask gave up on
    it after its workers died, ``KilledWorker``) fails only its pair.
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
        futures = client.map(evaluate_on_dask_worker, pairs, job=job, pure=False)
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

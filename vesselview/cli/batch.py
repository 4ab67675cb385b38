"""The work of one ``vesselview-eval`` run, once its command line is valid.

Separate from `vesselview.cli.main`, which imports this module only after parsing, so
that ``--help``, ``--version`` and usage errors answer without importing the engine and
its libraries (about 0.6 s of CPU).
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING

from vesselview.cli.arguments import WILLIAMS_DEFAULT, UsageError, default_workers, parameter_grid
from vesselview.cli.console import EXIT_BAD_INPUT, EXIT_INTERNAL_ERROR, EXIT_OK, report
from vesselview.cli.memory_budget import (
    available_memory,
    budget_workers,
    largest_image_pixels,
    runs_serially,
)
from vesselview.cli.progress import ProgressBar
from vesselview.cli.provenance_run import check_sidecar, run_provenance, stamped_output
from vesselview.cli.report_options import REPORT_FORMATS, report_grid
from vesselview.cli.runner import interrupted_outcomes, run_pairs
from vesselview.cli.sources import pairs_from_options
from vesselview.cli.termination import Terminated
from vesselview.engine.params import Params
from vesselview.io.av_weights_file import read_av_weights
from vesselview.io.candidate_flags import flagged_summary
from vesselview.io.class_encodings import class_encoding
from vesselview.io.loader import AUTO_FOV, load_case
from vesselview.io.output_file import check_output, interrupted_path
from vesselview.io.pair import Pair
from vesselview.io.pair_evaluation import Job, PairOutcome, RowFailure
from vesselview.io.provenance import Provenance
from vesselview.io.summary import summarise
from vesselview.io.writers import Record, write_csv, write_json

if TYPE_CHECKING:
    from vesselview.io.grades import GradeRow


def evaluate(options: argparse.Namespace) -> int:
    """Evaluate the pairs the options describe and write the output; the exit code."""
    base, grid = _parameters(options)
    if options.classes is not None:
        class_encoding(options.classes)  # a bad mapping file: one error before any work
    if options.curves:
        return _write_curves(options, base)
    source = pairs_from_options(options)
    for note in source.notes:
        report(f"warning: {note}")
    pairs = source.pairs
    provenance = run_provenance(options, base, source.inputs)
    if options.output is not None:
        check_output(options.output, [*source.inputs, options.grades], source.folders)
        check_sidecar(provenance, options.output, [*source.inputs, options.grades],
                      source.folders)
    if options.cd_diagram is not None:
        check_output(options.cd_diagram, [*source.inputs, options.grades, options.output],
                     source.folders)
    graded = _read_grades(options)
    if graded and not _grades_match(options, graded, pairs):
        return EXIT_BAD_INPUT
    if options.compare and not _known_spacings_pool(options, pairs, base):
        return EXIT_BAD_INPUT
    grades = [grade for _, grade in graded]
    _warn_if_oversubscribed(options.workers, options.scheduler)
    workers = _budgeted_workers(options.workers, options.scheduler, pairs, len(grid))
    job = Job(tuple(report_grid(options, base, grid)), base.threshold,
              options.invert_reference, options.invert_candidate,
              estimate_fov=options.estimate_fov, classes=options.classes,
              references=options.references,
              williams=tuple(key for key in options.williams if key not in WILLIAMS_DEFAULT))
    finished: dict[int, PairOutcome] = {}
    try:
        with ProgressBar(len(pairs), sys.stderr) as bar:
            outcomes = run_pairs(pairs, job, workers=workers, scheduler=options.scheduler,
                                 advance=bar.advance, finished=finished)
    except (KeyboardInterrupt, Terminated):
        _write_interrupted(options, provenance, pairs, job, finished)
        raise
    for outcome in outcomes:
        for note in outcome.warnings:
            report(f"warning: {note}")
    failures = [outcome.failure for outcome in outcomes if outcome.failure is not None]
    for failure in failures:
        _report_failure(failure, options.debug)
    records = [record for outcome in outcomes for record in outcome.records]
    if options.compare or options.grades:
        from vesselview.cli.compare import write_report  # see _read_grades
        with stamped_output(options.output, provenance) as stream:
            notes = write_report(options, grades, records, base, grid, stream, provenance)
        for note in notes:
            report(f"warning: {note}")
    else:
        _write_records(records, job, provenance, options)
    flagged = flagged_summary((record["id"], record["method"]) for record in records
                              if record["flags"] is not None)
    if flagged is not None:
        report(f"warning: {flagged}")
    if any(failure.internal for failure in failures):
        return EXIT_INTERNAL_ERROR
    return EXIT_BAD_INPUT if failures else EXIT_OK


def _parameters(options: argparse.Namespace) -> tuple[Params, list[Params]]:
    """`parameter_grid` of ``--set``/``--sweep`` with the table of ``--av-weights``; an old
    key's note is a warning line."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DeprecationWarning)
        base, grid = parameter_grid(options.set, options.sweep)
    for warning in caught:
        report(f"warning: {warning.message}")
    if options.av_weights is None:
        return base, grid
    if any(item.partition("=")[0].strip() == "av_weights" for item in options.set + options.sweep):
        raise UsageError("give the A/V weights once: --av-weights FILE or --set av_weights=...")
    weights = read_av_weights(options.av_weights)
    return base.replace(av_weights=weights), [p.replace(av_weights=weights) for p in grid]


def _write_interrupted(options: argparse.Namespace, provenance: Provenance,
                       pairs: Sequence[Pair],
                       job: Job, finished: dict[int, PairOutcome]) -> None:
    """Ctrl-C or SIGTERM during the run: keep the finished rows (the others as error rows
    saying they were not evaluated) in a file of their own beside ``--output``, so no
    finished work is lost and a complete earlier output is never replaced by part of a
    run. Reports (and a Markdown or LaTeX summary) are not written: statistics over part
    of a dataset would mislead."""
    if options.compare or options.grades or options.format in REPORT_FORMATS or not finished:
        return
    outcomes = interrupted_outcomes(pairs, job, finished)
    records = [record for outcome in outcomes for record in outcome.records]
    target = None if options.output is None else interrupted_path(options.output)
    _write_records(records, job, provenance, options, target)
    where = "" if target is None else f" to {target}"
    report(f"interrupted: the {len(finished)} of {len(pairs)} pairs that finished were "
            f"written{where}; the others are error rows")


def _read_grades(options: argparse.Namespace) -> list[GradeRow]:
    """``--grades``, read before any work, each grade with its line.

    The research reports (and the curves) are imported only when asked for: they pull in
    ``scipy.stats``, about 0.7 s of every start-up otherwise.
    """
    if not options.grades:
        return []
    from vesselview.cli.compare import read_report_grades
    return read_report_grades(options)


def _grades_match(options: argparse.Namespace, graded: list[GradeRow],
                  pairs: Sequence[Pair]) -> bool:
    """`vesselview.cli.compare.grades_match_pairs` (imported with the grades)."""
    from vesselview.cli.compare import grades_match_pairs
    return grades_match_pairs(options, graded, pairs)


def _known_spacings_pool(options: argparse.Namespace, pairs: Sequence[Pair],
                         base: Params) -> bool:
    """`vesselview.cli.compare.known_spacings_pool` (imported with ``--compare``)."""
    from vesselview.cli.compare import known_spacings_pool
    return known_spacings_pool(options, pairs, base)


def _write_records(records: list[Record], job: Job, provenance: Provenance,
                   options: argparse.Namespace, output: str | None = None) -> None:
    """The records (and summaries, one per parameter set of ``job``) as ``--format`` to
    ``output`` (default ``--output``) or stdout, with their provenance; in Markdown or
    LaTeX (``--summary``) the summaries only, as tables of the ``--metrics``."""
    summary = summarise(records, job.grid)
    with stamped_output(output or options.output, provenance) as stream:
        if options.format == "json":
            write_json(records, Params.from_mapping(provenance.params), stream,
                       summary=summary)
        elif options.format == "csv":
            write_csv(records, stream, summary=summary if options.summary else None)
        else:
            # the tables name metrics from the registry: imported only when asked for
            from vesselview.io.summary_report import write_summary_tables
            metrics = options.metrics or list(summary[0]["mean"] if summary else ())
            write_summary_tables(summary, metrics, stream, options.format)


def _report_failure(failure: RowFailure, debug: bool) -> None:
    """One line per failed pair; an internal error asks for a report (and shows its
    traceback with ``--debug``)."""
    if not failure.internal:
        report(f"error: {failure.message}")
        return
    if debug:
        print(failure.details, file=sys.stderr, end="")
    hint = "" if debug else "; run again with --debug to see the traceback"
    report(f"error: {failure.message} — please report this bug with the command you "
            f"ran{hint}")


def _write_curves(options: argparse.Namespace, params: Params) -> int:
    """``--curves``: the ROC, PR and F1_t curves of one probability-map candidate."""
    inputs = [options.reference, options.candidate, options.fov, options.fundus,
              options.ignore]
    provenance = run_provenance(options, params, [path for path in inputs if path != AUTO_FOV])
    if options.output is not None:
        check_output(options.output, inputs)
        check_sidecar(provenance, options.output, inputs, {})
    case = load_case(options.reference, options.candidate, options.fov, options.fundus,
                     ignore=options.ignore, invert_reference=options.invert_reference,
                     invert_candidate=options.invert_candidate, threshold=params.threshold,
                     classes=options.classes)
    with stamped_output(options.output, provenance) as stream:
        from vesselview.io.curve_tables import write_curves  # see _read_grades
        write_curves(case, params, stream, options.format)
    return EXIT_OK


def _warn_if_oversubscribed(workers: int | None, scheduler: str | None) -> None:
    """Warn when more local worker processes than cores compete for them."""
    cores = os.cpu_count() or 1
    if scheduler is None and workers is not None and workers > cores:
        report(f"warning: --workers {workers} exceeds the {cores} CPU cores of this "
                "machine; the workers compete for them (slower, more memory)")


def _budgeted_workers(requested: int | None, scheduler: str | None, pairs: Sequence[Pair],
                      combinations: int) -> int:
    """``--workers``, lowered (and said so) when that many would not fit in memory.

    Without ``--workers`` (``requested`` None): `default_workers`, or 1 when the run is
    too small to gain from worker processes (`runs_serially`).
    """
    workers = min(default_workers() if requested is None else requested, len(pairs))
    if scheduler is not None or workers <= 1:
        return workers
    pixels = largest_image_pixels([pair.reference for pair in pairs])
    if requested is None and runs_serially(len(pairs), combinations, pixels):
        return 1
    budget = budget_workers(workers, pixels, available_memory())
    if budget.workers < workers:
        report(budget.note)
    return budget.workers

"""``--compare`` and ``--grades``: method statistics and agreement with graders.

Both work on the evaluation records of the run (one per case, method and parameter
set; ``id`` and ``method`` name the case and the method, a record without a method is
the method ``""``). Records of failed pairs (an ``error``) count as undefined values.

* ``--compare`` (one parameter set): per method and metric the summary, per pair of
  methods and metric the paired Wilcoxon test with Holm's p, with 3 or more methods
  Friedman's test with Nemenyi's critical difference, and the methods' orders
  across metrics (`vesselview.io.report_tables`). A dataset's other observer (method
  `vesselview.io.dataset.other_observer` of the records' reference observer) is a
  human baseline there, never ranked, unless ``--rank-observer``. Metrics measured in
  pixels are not pooled over cases of different resolution (`vesselview.io.pooling`):
  the run stops with an error naming the cases before writing the report.
* ``--grades GRADES.csv`` (optionally one ``--sweep``): agreement of every metric with
  the mean human score of each (case, method) under the base parameters (which
  `vesselview.cli.report_options.report_grid` adds to the evaluated grid), the
  inter-grader agreement, and per swept value the agreement and the calibrated value
  (`vesselview.io.agreement_tables`).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TextIO

from vesselview.cli.console import report
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.metric_sets import left_out
from vesselview.engine.params import Params
from vesselview.errors import InputError
from vesselview.io.cd_diagram import write_cd_diagram
from vesselview.io.dataset import other_observer
from vesselview.io.grader_report import grader_agreement, record_metrics, record_values
from vesselview.io.grades import GradeRow, read_grade_rows, unmatched_grades
from vesselview.io.pair import Pair
from vesselview.io.pooling import known_spacings_problem, pooling_problem
from vesselview.io.provenance import Provenance
from vesselview.io.report_tables import TableOptions, write_comparison
from vesselview.io.shared_reasons import shared_reasons
from vesselview.io.writers import Record
from vesselview.research.friedman import friedman_tests
from vesselview.research.grading_agreement import GraderScore
from vesselview.research.method_orders import method_orders
from vesselview.research.posthoc import post_hoc
from vesselview.research.statistics import MethodScores, compare_methods


def read_report_grades(options: argparse.Namespace) -> list[GradeRow]:
    """The ``--grades`` file, read before any evaluation so a bad file fails fast.

    Returns
    -------
    list of (int, GraderScore)
        Each grade with its line; empty without ``--grades``.

    Raises
    ------
    InputError
        Naming the file, line and column of a problem.
    """
    return read_grade_rows(options.grades) if options.grades else []


def grades_match_pairs(options: argparse.Namespace, rows: Sequence[GradeRow],
                       pairs: Sequence[Pair]) -> bool:
    """Whether the run may go on: every graded row matches a pair (ids by the case id
    rule, ``1`` = ``01``), or ``--allow-unmatched`` lets the others be left out.

    Each row that matches no pair is reported on stderr, naming the file, line, id and
    method: as an error (the run then stops before any work, exit 2) or, with
    ``--allow-unmatched``, as a warning.
    """
    problems = unmatched_grades(options.grades, rows,
                                [(pair.id, pair.method or "") for pair in pairs])
    for problem in problems:
        report(f"warning: {problem}: left out (--allow-unmatched)" if options.allow_unmatched
               else f"error: {problem}; correct the id or method, or give --allow-unmatched "
                    "to leave such rows out")
    return options.allow_unmatched or not problems


def known_spacings_pool(options: argparse.Namespace, pairs: Sequence[Pair],
                        base: Params) -> bool:
    """Whether ``--compare`` may go on, checked before any work when every pair's spacing
    is given (``--spacing``, a manifest's ``spacing_um``): metrics measured in pixels
    under ``base`` (the ``--set`` parameters) are not pooled over cases of different
    spacing (`known_spacings_problem`; reported as an error, the run then stops, exit 2)."""
    spacings = {pair.id: None if pair.spacing is None else pair.spacing.um for pair in pairs}
    problem = known_spacings_problem(spacings, options.metrics or METRIC_KEYS, "--compare",
                                     base)
    if problem is not None:
        report(f"error: {problem}")
    return problem is None


def write_report(options: argparse.Namespace, grades: Sequence[GraderScore],
                 records: Sequence[Record], base: Params, grid: Sequence[Params],
                 stream: TextIO, provenance: Provenance | None = None) -> list[str]:
    """Write the ``--compare`` or ``--grades`` report of ``records``.

    Parameters
    ----------
    options : argparse.Namespace
    grades : sequence of GraderScore
        From `read_report_grades`.
    records : sequence of dict
        Every record of the run.
    base : Params
        The run's base parameters (``--set``).
    grid : sequence of Params
        The ``--sweep`` combinations (``[base]`` without a sweep).
    stream : text stream
    provenance : Provenance, optional
        The run's, for the ``--cd-diagram`` file's metadata.

    Returns
    -------
    list of str
        Warnings for the user (graded cases the run did not evaluate).
    """
    if options.compare:
        return write_method_comparison(records, base, stream, options.format,
                                       rank_observer=options.rank_observer,
                                       metrics=options.metrics, cd_diagram=options.cd_diagram,
                                       summary_stat=options.summary_stat,
                                       latex_fit=options.latex_fit, posthoc=options.posthoc,
                                       provenance=provenance)
    sweep_key = options.sweep[0].partition("=")[0].strip() if options.sweep else None
    return write_grader_agreement(records, grades, base, stream, options.format,
                                  sweep_key=sweep_key, grid=grid, source=options.grades,
                                  metrics=options.metrics)


def write_method_comparison(records: Sequence[Record], params: Params, stream: TextIO,
                            output_format: str, *, rank_observer: bool = False,
                            metrics: Sequence[str] | None = None,
                            cd_diagram: str | None = None, summary_stat: str = "mean",
                            latex_fit: str = "split", posthoc: str = "nemenyi",
                            provenance: Provenance | None = None) -> list[str]:
    """Compare the methods of ``records`` (one parameter set) and write the report.

    The other observer's records (`human_baselines`) are a human baseline, not a
    method, unless ``rank_observer``. ``metrics`` (checked keys, `--metrics`) are the
    report's; by default every metric of the records except those repeating another
    under ``params`` (`vesselview.engine.metric_sets.left_out`, named in the report).
    With ``cd_diagram`` (a path) the critical-difference diagram is written there too
    (`vesselview.io.cd_diagram`; PNG, SVG or PDF by its suffix). ``summary_stat`` and
    ``latex_fit``: the tables' `TableOptions` (``--summary-stat``, ``--latex-fit``);
    their captions name the records' FOV rule and reference observer (`inputs_sentence`).
    ``posthoc``: the post-hoc test after Friedman's (`vesselview.research.posthoc.POST_HOCS`,
    ``--posthoc``).
    ``provenance`` goes into the diagram's metadata (`write_cd_diagram`).

    Returns
    -------
    list of str
        A warning when ``cd_diagram`` is given but fewer than 3 methods are ranked.

    Raises
    ------
    InputError
        Before anything is written, when metrics depending on the pixel size would be
        pooled over cases of different resolution (`vesselview.io.pooling`).
    """
    baselines = () if rank_observer else human_baselines(records)
    repeats = {} if metrics else left_out(record_metrics(records), params)
    chosen = list(metrics or [key for key in record_metrics(records) if key not in repeats])
    problem = pooling_problem(records, chosen, "--compare", params)
    if problem is not None:
        raise InputError(problem)
    scores = MethodScores.from_mapping(_by_method(records), metrics=chosen,
                                       baselines=baselines)
    friedman = friedman_tests(scores)
    write_comparison(compare_methods(scores), method_orders(scores), params, stream,
                     output_format, flagged=_flagged(records), friedman=friedman,
                     left_out=repeats,
                     options=TableOptions(summary_stat, latex_fit, inputs_sentence(records)),
                     post_hoc=post_hoc(scores, friedman, posthoc),
                     reasons=shared_reasons(records))
    if cd_diagram is None:
        return []
    if not friedman:
        return [f"--cd-diagram {cd_diagram}: not written: a critical-difference diagram "
                "needs 3 or more ranked methods (two have the paired Wilcoxon test)"]
    write_cd_diagram(cd_diagram, friedman, provenance)
    return []


def write_grader_agreement(records: Sequence[Record], grades: Sequence[GraderScore],
                           base: Params, stream: TextIO, output_format: str, *,
                           sweep_key: str | None = None, grid: Sequence[Params] = (),
                           source: str = "grades",
                           metrics: Sequence[str] | None = None) -> list[str]:
    """Write the agreement of the metrics with the grades (`grader_agreement`; ``metrics``:
    those of the report, ``--metrics``, by default every metric of the records).

    Returns
    -------
    list of str
        A warning when some graded (id, method) were not evaluated (left out).

    Raises
    ------
    InputError
        When no graded (id, method) was evaluated.
    """
    report = grader_agreement(records, grades, base, sweep_key=sweep_key, grid=grid,
                              source=source, metrics=metrics)
    report.write(stream, output_format)
    return report.warnings


def inputs_sentence(records: Sequence[Record]) -> str:
    """The tables' caption sentence on the inputs: where each field of view came from
    (`vesselview.io.writers.fov_source`) and whose annotation is the reference (the
    observer, or the consensus a ``references`` choice made, e.g. "majority of
    observer1, observer2").

    Examples
    --------
    >>> inputs_sentence([{"fov_source": "file", "observer": 1},
    ...                  {"fov_source": "estimated", "observer": 1}])
    'FOV: from a mask file (1 pair), estimated from the photograph (1 pair). Reference: observer 1.'
    """
    sources = Counter(record.get("fov_source") or "none" for record in records)
    fov = ", ".join(f"{_FOV_RULES.get(source, source)} ({count} pair{'s' * (count > 1)})"
                    for source, count in sources.items())
    observers = sorted({str(record["observer"]) for record in records
                        if record.get("observer") is not None})
    consensus = sorted({str(record.get("reference")) for record in records
                        if record.get("references") not in (None, "one", "each")})
    reference = ("; ".join(consensus) if consensus else f"observer {', '.join(observers)}"
                 if observers else "the given reference masks")
    return f"FOV: {fov}. Reference: {reference}."


#: How `inputs_sentence` names each FOV source.
_FOV_RULES = {"file": "from a mask file", "estimated": "estimated from the photograph",
              "none": "the whole image"}


def human_baselines(records: Iterable[Record]) -> tuple[str, ...]:
    """The methods of ``records`` that are the other observer of their reference's
    (``observer2`` against observer 1's reference, as a dataset run names it)."""
    return tuple(dict.fromkeys(
        record["method"] for record in records
        if record.get("observer") in (1, 2) and record.get("method") == other_observer(
            record["observer"])))


def _flagged(records: Iterable[Record]) -> dict[str, dict[str, str]]:
    """``{method: {case id: flag}}`` of the records with ``flags`` (empty predictions)."""
    flagged: dict[str, dict[str, str]] = {}
    for record in records:
        if record.get("flags"):
            flagged.setdefault(record.get("method") or "", {})[record["id"]] = record["flags"]
    return flagged


def _by_method(records: Iterable[Record]) -> dict[str, dict[str, dict[str, float]]]:
    """``{method: {case id: {metric: value}}}`` of ``records``."""
    table: dict[str, dict[str, dict[str, float]]] = {}
    for record in records:
        table.setdefault(record.get("method") or "", {})[record["id"]] = record_values(record)
    return table

"""The flags of the method comparison and grader agreement reports (``cli.compare``).

Kept apart from the report code so that parsing the command line stays light.
"""

from __future__ import annotations

import argparse

from vesselview.engine.metric_sets import PRESETS, expand
from vesselview.engine.params import Params
from vesselview.errors import ParamsError

#: The post-hoc tests of ``--posthoc`` (`vesselview.research.posthoc.POST_HOCS`, kept here
#: so that parsing the command line imports no statistics); the first is the default.
POST_HOCS: tuple[str, ...] = ("nemenyi", "conover", "wilcoxon-holm")
#: Formats only the reports write.
REPORT_FORMATS: tuple[str, ...] = ("markdown", "latex")


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--compare`` (with ``--rank-observer``) and ``--grades`` to ``parser``."""
    reports = parser.add_argument_group("comparing methods and agreement with graders")
    reports.add_argument("--compare", action="store_true",
                         help="compare the methods: mean, sd, median, 95%% bootstrap CI and "
                              "n per metric, paired Wilcoxon tests with Holm-corrected p, "
                              "the methods' orders across metrics; --format json, csv, "
                              "markdown or latex; a dataset's other observer is a human "
                              "baseline column, '(human baseline)', never ranked, bold or "
                              "starred; n=k marks a value defined on k cases only")
    reports.add_argument("--rank-observer", action="store_true",
                         help="--compare on a dataset: rank its other observer (observer2, "
                              "or observer1 with --observer 2) among the methods instead of "
                              "showing it as a human baseline")
    reports.add_argument("--metrics", metavar="KEY,...", type=_metric_list,
                         help="--compare, --grades and the --summary table: the metrics of "
                              "the report, in order: "
                              "metric keys "
                              "and presets ("
                              + "; ".join(f"{name}: {', '.join(keys)}"
                                          for name, keys in PRESETS.items())
                              + "); default every metric (--compare: except those that "
                                "repeat another "
                                "exactly (tversky = dice at α = β = 0.5, rse = ss, msd = "
                                "hausdorff at contour_gamma 0, fpr = 1 − sp, perr = 1 − acc, "
                                "named in a table note)")
    reports.add_argument("--summary-stat", choices=("mean", "median"), default="mean",
                         help="--compare tables: each cell shows mean ± sd (Markdown and "
                              "CSV add the 95%% bootstrap CI), or median [interquartile "
                              "range] for skewed values such as distances; mean by default")
    reports.add_argument("--latex-fit", choices=("split", "resize"), default="split",
                         help="--format latex: a table wider than the page is split into "
                              "parts of whole columns (default), or resized to the text "
                              "width with \\resizebox (long tables are always split)")
    reports.add_argument("--cd-diagram", metavar="FILE",
                         help="--compare with 3 or more methods: also write a critical-"
                              "difference diagram (Demsar 2006; Friedman test, Nemenyi CD "
                              "at 0.05) per metric to FILE, a PNG, SVG or PDF by its suffix "
                              "(.png, .svg, .pdf)")
    reports.add_argument("--posthoc", choices=POST_HOCS, default=POST_HOCS[0],
                         help="--compare with 3 or more methods: the post-hoc test after "
                              "Friedman's: nemenyi (default; its critical difference is in "
                              "the Friedman table and the diagram), conover (Friedman-"
                              "Conover) or wilcoxon-holm (paired Wilcoxon signed-rank); "
                              "conover's and wilcoxon's p are Holm-corrected over every pair "
                              "of methods x every metric of the report, and listed per pair")
    reports.add_argument("--grades", metavar="GRADES.CSV",
                         help="agreement of every metric with graders' scores (the grading "
                              "export: id, method, grader, score, notes) and between the "
                              "graders; with one --sweep KEY=SPEC also per value. Its ids "
                              "match the cases' as numbers (1 = 01 = 001); a row that matches "
                              "no pair of the run stops it before any work (exit 2), naming "
                              "the file, line and id")
    reports.add_argument("--allow-unmatched", action="store_true",
                         help="with --grades: leave out graded rows that match no pair of "
                              "the run (a warning each) instead of stopping")


def _metric_list(text: str) -> tuple[str, ...]:
    """``--metrics``: keys and presets, checked (an unknown key is refused by name)."""
    # the metric registry comes with the engine's libraries: only once --metrics is given,
    # so that --help, --version and a plain run stay light
    from vesselview.research.sweep import checked_metrics

    try:
        return checked_metrics(expand(item.strip() for item in text.split(",") if item.strip()))
    except ParamsError as error:
        raise argparse.ArgumentTypeError(
            f"{error}; presets: {', '.join(PRESETS)}") from None


def report_usage_problem(options: argparse.Namespace) -> str | None:
    """What is wrong with the report options, or None.

    Refused: ``--compare`` with ``--grades`` or ``--sweep``, ``--grades`` with more
    than one ``--sweep``, ``--allow-unmatched`` without ``--grades``, ``--rank-observer``
    ``--cd-diagram``, ``--posthoc`` or ``--summary-stat median`` without ``--compare``,
    ``--latex-fit resize`` without ``--compare --format latex``, a ``--cd-diagram`` not
    ending in ``.png``, ``.svg`` or ``.pdf``, a Markdown / LaTeX format without either
    report, and either report with ``--references each`` (several rows per case and method).
    """
    if options.compare and options.grades:
        return "give --compare or --grades, not both (run twice)"
    if options.rank_observer and not options.compare:
        return "--rank-observer goes with --compare (it ranks the other observer there)"
    summary_table = options.summary and options.format in REPORT_FORMATS
    if options.metrics and not (options.compare or options.grades or summary_table):
        return ("--metrics chooses the metrics of --compare, --grades or the --summary table "
                "(--format markdown or latex); give one of them too")
    if options.summary_stat != "mean" and not options.compare:
        return "--summary-stat chooses what the --compare tables show; give --compare too"
    if options.latex_fit != "split" and not (options.compare and options.format == "latex"):
        return "--latex-fit is about the --compare tables in LaTeX; give --compare --format latex"
    if options.posthoc != POST_HOCS[0] and not options.compare:
        return "--posthoc chooses the post-hoc test of --compare; give --compare too"
    if options.cd_diagram is not None and not options.compare:
        return "--cd-diagram goes with --compare (it draws the compared methods' mean ranks)"
    if options.cd_diagram is not None and _figure_format(options.cd_diagram) is None:
        return (f"--cd-diagram {options.cd_diagram}: the format follows the file's suffix; "
                "give a file name ending in .png, .svg or .pdf")
    if options.references == "each" and (options.compare or options.grades):
        return ("--references each gives several rows per case and method, and --compare "
                "and --grades pair one; use one, majority, intersection, union or fuzzy")
    if options.compare and options.sweep:
        return "--compare compares methods under one parameter set; use --set, not --sweep"
    if options.grades and len(options.sweep) > 1:
        return "--grades takes at most one --sweep"
    if options.allow_unmatched and not options.grades:
        return "--allow-unmatched is about the rows of --grades; give --grades too"
    if options.format in REPORT_FORMATS and not (options.compare or options.grades
                                                 or options.summary):
        return f"--format {options.format} needs --compare, --grades or --summary"
    return None


def report_grid(options: argparse.Namespace, base: Params, grid: list[Params]) -> list[Params]:
    """The parameter sets to evaluate: graded sweeps also need the base parameters,
    whose agreement is the report's ``"agreement"``."""
    if options.grades and base not in grid:
        return [*grid, base]
    return grid


def _figure_format(path: str) -> str | None:
    """`vesselview.io.figure_file.figure_format`, imported only when a diagram is asked
    for: ``--help`` and ``--version`` import no `vesselview.io` (nor Pillow)."""
    from vesselview.io.figure_file import figure_format

    return figure_format(path)

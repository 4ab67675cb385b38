"""Command line of ``vesselview-eval``: its flags, and the checks between them.

Flag names are part of the contract (issue 2 item 6, issue 6 item 5). Usage errors
raise `UsageError` instead of printing argparse's two-line message and exiting, so
``main`` can report every problem the same way: one line, exit code 2. The flags' value
types are `vesselview.cli.argument_types`'; ``--set`` / ``--sweep`` become `Params` in
`vesselview.cli.parameter_grid`.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import NoReturn

from vesselview._version import __version__
from vesselview.cli.argument_types import (
    MAX_WORKERS,
    WILLIAMS_DEFAULT,
    prediction_folder,
    williams_keys,
    worker_count,
)
from vesselview.cli.memory_budget import SERIAL_WORK_PIXELS, budget_rule
from vesselview.cli.parameter_grid import MAX_COMBINATIONS, parameter_grid
from vesselview.cli.report_options import (
    REPORT_FORMATS,
    add_report_arguments,
    report_usage_problem,
)
from vesselview.cli.spacing_option import add_spacing_argument
from vesselview.cli.usage_error import UsageError
from vesselview.engine.lengths import GRAMMAR
from vesselview.engine.params import LENGTH_KEYS, PARAM_SPECS
from vesselview.engine.params_doc import allowed_text, default_text
from vesselview.engine.reference_names import REFERENCE_CHOICES
from vesselview.engine.sweep import MAX_SWEEP_VALUES

__all__ = ["ESTIMATE_FOV", "FORMATS", "MAX_COMBINATIONS", "MAX_WORKERS", "PROG",
           "WILLIAMS_DEFAULT", "UsageError", "build_parser", "default_workers",
           "parameter_epilog", "parameter_grid", "parse_arguments"]

PROG = "vesselview-eval"
FORMATS = ("json", "csv", *REPORT_FORMATS)
_DESCRIPTION = ("Evaluate retinal-vessel segmentations against reference masks "
                "(tolerance F1, CAL, skeletal similarity, classic metrics).")
_EXIT_CODES = ("Exit codes: 0 success, 2 bad input or usage or any pair failed (the "
               "other pairs are still written), 1 internal error, 130 interrupted, "
               "143 terminated.")
_OUTPUT = ("Output rows (JSON results, CSV rows): id, method (the --predictions name, or "
           "observer2/observer1 for a dataset's other observer), reference, candidate, "
           "fov, fov_source (file, estimated from the fundus, or none = whole image), "
           "ignore (the mask of regions left out of every metric), "
           "observer (whose annotation is the reference), references (the --references "
           "choice; observer is empty against a consensus or fuzzy), flags (empty_candidate "
           "or nearly_empty_candidate: less than 0.5 % of the field of view marked), "
           "spacing_um and spacing_source (the pixel spacing in µm per pixel and where it "
           "came from: given, manifest or fov_degrees:<dataset>; empty when unknown), "
           "fov_diameter_px (the field of view's diameter in pixels), the "
           "parameters, the metrics, "
           "vesselview_version, error (why a pair failed; its metrics are then empty).")
#: ``--fov`` values that estimate the field of view from the fundus photograph; the
#: second is `vesselview.io.loader.AUTO_FOV` (not imported: ``--help`` loads no engine).
ESTIMATE_FOV = ("estimate", "auto")


class _Parser(argparse.ArgumentParser):
    """ArgumentParser that raises `UsageError` instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def default_workers() -> int:
    """Local worker processes without ``--workers``: ``min(4, cpu count)``, or 1 for a
    small run (`vesselview.cli.memory_budget.runs_serially`)."""
    return min(4, os.cpu_count() or 1)


def parameter_epilog() -> str:
    """Every parameter of ``--set``/``--sweep``: key, default, allowed values, meaning.

    One entry per parameter (wrapped at 79 columns), from `PARAM_SPECS`.
    """
    entries = [textwrap.fill(f"{key} (default {default_text(key)}; "
                             f"{allowed_text(key)}): {spec.doc}",
                             width=79, initial_indent="  ", subsequent_indent="      ",
                             break_on_hyphens=False)
               for key, spec in PARAM_SPECS.items()]
    sweeps = textwrap.fill(
        "--sweep KEY=SPEC: SPEC is v1,v2,... or a:b (step 1) or a:b:step, both ends "
        f"included (the GUI's sweep grammar); at most {MAX_SWEEP_VALUES} values per sweep "
        f"and {MAX_COMBINATIONS} combinations over all sweeps.", width=79)
    lengths = textwrap.fill(
        f"Lengths ({', '.join(LENGTH_KEYS)}) are {GRAMMAR}: t=30um, t=0.5%fov; ranges in "
        "one unit, e.g. 20um:40um:10um. Their ranges above are in pixels. µm needs the "
        "pixel spacing of every case.", width=79, break_on_hyphens=False)
    return "\n".join(["parameters for --set KEY=VALUE and --sweep KEY=SPEC:", *entries,
                      "", lengths, "", sweeps, "", textwrap.fill(_OUTPUT, width=79), "",
                      textwrap.fill(_EXIT_CODES, width=79)])


def build_parser() -> argparse.ArgumentParser:
    """The ``vesselview-eval`` argument parser."""
    parser = _Parser(
        prog=PROG,
        description=textwrap.fill(_DESCRIPTION, width=79),
        epilog=parameter_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    pair = parser.add_argument_group("one pair")
    pair.add_argument("--reference", metavar="R", help="reference (manual) vessel mask")
    pair.add_argument("--candidate", metavar="C", help="candidate mask or probability map")
    pair.add_argument("--fov", metavar="F", help="field-of-view mask (default: whole image; "
                      "'estimate' or 'auto': estimated from --fundus); with --dataset only "
                      "'estimate': FOV masks the dataset ships but that are missing or "
                      "unreadable are estimated from the photographs (else those cases fail)")
    pair.add_argument("--fundus", metavar="I", help="fundus photograph (checked, not scored)")
    pair.add_argument("--ignore", metavar="M", help="mask of regions left out of every metric "
                      "(e.g. the optic disc)")
    pair.add_argument("--reference-junctions", metavar="J.CSV", help="annotated junctions "
                      "(CSV x,y[,kind]): the reference nodes of junction detection instead "
                      "of the reference skeleton's")
    parser.add_argument("--manifest", metavar="PAIRS.CSV",
                        help="many pairs: CSV with columns id, reference, candidate and "
                        "optionally fov, fundus, ignore, observer, spacing_um, reference_2, "
                        "reference_3... (other observers' references), reference_soft (a soft "
                        "reference), reference_junctions (a junction point file); relative paths "
                        "resolve against its folder")
    add_spacing_argument(parser)
    dataset = parser.add_argument_group(
        "a whole dataset", "DRIVE, STARE, CHASE_DB1, HRF, FIVES, IOSTAR, RITE, HRF-AV, "
        "LES-AV or sibling folders sharing case ids; one row per case and method "
        "(columns id, method). A dataset that ships no FOV masks (STARE, CHASE_DB1, FIVES, "
        "RITE) gets them estimated from the photographs (fov_source 'estimated'); in one "
        "that ships them (DRIVE, HRF, IOSTAR, HRF-AV, LES-AV) a missing or unreadable FOV "
        "file fails its case, unless --fov estimate.")
    dataset.add_argument("--dataset", metavar="ROOT", help="the dataset folder")
    dataset.add_argument("--predictions", action="append", default=[], metavar="NAME=DIR",
                         type=prediction_folder, help="a method's result maps, matched to cases "
                         "by file name (repeatable)")
    dataset.add_argument("--observer", type=int, choices=(1, 2), default=1,
                         help="whose annotation is the reference; the other observer is "
                         "scored as method observerN where shipped (default: 1)")
    parser.add_argument("--references", choices=REFERENCE_CHOICES, default="one",
                        help="the reference of a case with several observers: one (the "
                        "chosen observer's), each (one row per observer), majority "
                        "(marked by strictly more than half of them), intersection, union, "
                        "or fuzzy (the soft reference, else the share of observers marking "
                        "each pixel; crisp metrics above the threshold) (default: one)")
    parser.add_argument("--williams", metavar="KEY,...", type=williams_keys,
                        default=WILLIAMS_DEFAULT,
                        help="the metrics whose Williams index each row of a case with two "
                        "or more observers gives, as columns williams_<key> and "
                        "williams_<key>_position: any metric scoring the candidate against "
                        f"one observer (default: {','.join(WILLIAMS_DEFAULT)}, always given)")
    parser.add_argument("--invert-reference", action="store_true",
                        help="reference draws vessels dark on a light background")
    parser.add_argument("--invert-candidate", action="store_true",
                        help="candidate draws vessels dark on a light background")
    parser.add_argument("--classes", metavar="av|MAPPING.json",
                        help="read references and candidates that are label maps: 'av' "
                        "for the artery/vein datasets' colours (red artery, blue vein, green "
                        "crossing, white uncertain) or a JSON mapping of colours/values to "
                        "classes (docs/inputs.md); RITE, HRF-AV and LES-AV set 'av' "
                        "themselves")
    parser.add_argument("--av-weights", metavar="FILE",
                        help="A/V weight table (JSON or CSV, 3 x 3 over background, artery, "
                        "vein) giving av_weighted_error (docs/metrics.md section 11)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="set a parameter (repeatable; the last value of a key wins)")
    parser.add_argument("--sweep", action="append", default=[], metavar="KEY=SPEC",
                        help="one output row per value, SPEC = v1,v2,... or a:b[:step] "
                        "(repeatable: every combination)")
    parser.add_argument("--format", choices=FORMATS, default="json",
                        help="output format (markdown and latex: --compare / --grades)")
    parser.add_argument("--output", metavar="FILE", help="output file (default: stdout)")
    add_report_arguments(parser)
    parser.add_argument("--curves", action="store_true",
                        help="write ROC, precision-recall, F1_t-against-threshold and FROC "
                             "(segments, components) curves of a probability-map candidate "
                             "instead of metrics (one pair)")
    parser.add_argument("--summary", action="store_true",
                        help="CSV: add summary:mean/std/median rows (JSON always has them); "
                             "--format markdown or latex: write the summary only, as a table "
                             "of the metrics (--metrics) with their names and arrows")
    parser.add_argument("--workers", type=worker_count, metavar="N",
                        help="local worker processes; 1 = serial in-process (default: "
                        f"{default_workers()}, or 1 for a run of less than "
                        f"{SERIAL_WORK_PIXELS // 1_000_000} megapixel-evaluations, pairs x "
                        "parameter sets x pixels of the largest image, e.g. 60 DRIVE-size "
                        "pairs, where starting workers, about 1.5 s each, costs more than "
                        f"it saves; at most {MAX_WORKERS}); each needs about "
                        f"{budget_rule()}: fewer run when that many would not fit in the "
                        "memory available, with a warning")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run on an existing Dask distributed cluster "
                        "(needs vesselview[distributed])")
    parser.add_argument("--verify", metavar="OUTPUT",
                        help="check an output of vesselview-eval: read its provenance, "
                        "check its input files' digests, run its command again (in a "
                        "temporary folder: OUTPUT is never written) and say whether the "
                        "values match; exit 0 match, 1 mismatch, 2 cannot verify. A CSV "
                        "needs its sidecar OUTPUT.provenance.json")
    parser.add_argument("--debug", action="store_true",
                        help="show the traceback of an internal error")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse and cross-check the command line.

    Raises
    ------
    UsageError
        For an unknown flag, a bad value, or a missing / conflicting pair source.
    """
    options = build_parser().parse_args(argv)
    options.command = list(sys.argv[1:] if argv is None else argv)
    if options.verify is not None:
        _check_verify_alone(options)
        return options
    options.estimate_fov = _dataset_fov(options)
    one_pair = any(value is not None for value in
                   (options.reference, options.candidate, options.fov, options.fundus,
                    options.ignore, options.reference_junctions))
    given = [name for name, value in (("--manifest", options.manifest is not None),
                                      ("--dataset", options.dataset is not None),
                                      ("--reference/--candidate", one_pair)) if value]
    if one_pair and options.reference is None and options.candidate is None and len(given) > 1:
        flags = [flag for flag, value in (("--fov", options.fov), ("--fundus", options.fundus),
                                          ("--ignore", options.ignore),
                                          ("--reference-junctions", options.reference_junctions))
                 if value is not None]
        raise UsageError(f"{', '.join(flags)} go with one pair (--reference/--candidate); "
                         "for many pairs use the manifest's fov, fundus, ignore and "
                         "reference_junctions columns")
    if len(given) > 1:
        raise UsageError(f"give only one of {', '.join(given)}")
    if not given or (one_pair and (options.reference is None or options.candidate is None)):
        raise UsageError("give --reference and --candidate, or --manifest, or --dataset")
    if options.dataset is None and (options.predictions or options.observer != 1):
        raise UsageError("--predictions and --observer go with --dataset")
    if options.curves and (not one_pair or options.sweep):
        raise UsageError("--curves takes one pair (--reference/--candidate) and no --sweep")
    options.predictions = _predictions_by_name(options.predictions)
    problem = report_usage_problem(options)
    if problem is not None:
        raise UsageError(problem)
    return options


def _check_verify_alone(options: argparse.Namespace) -> None:
    """``--verify OUTPUT`` takes no other option but ``--debug``: the command is the
    output's own."""
    others = [item for item in options.command
              if item not in ("--verify", options.verify, "--debug")
              and not item.startswith("--verify=")]
    if others:
        raise UsageError(f"--verify OUTPUT takes no other options ({' '.join(others)}): the "
                         "command, its inputs and parameters are read from OUTPUT's "
                         "provenance")


def _dataset_fov(options: argparse.Namespace) -> bool:
    """Whether ``--fov`` asks to estimate a dataset's FOVs (then it is taken off the
    options of one pair); ``--fov estimate`` of one pair becomes ``auto``.

    Raises
    ------
    UsageError
        For ``--dataset`` with ``--fov`` other than ``estimate``.
    """
    estimate = options.fov in ESTIMATE_FOV
    if options.dataset is None or options.fov is None:
        if estimate:
            options.fov = ESTIMATE_FOV[1]
        return False
    if not estimate:
        raise UsageError(f"--fov {options.fov} with --dataset: a dataset's FOV masks are its "
                         "own files; --fov takes only 'estimate' there (estimate the missing "
                         "or unreadable ones from the photographs)")
    options.fov = None
    return True


def _predictions_by_name(items: Sequence[tuple[str, str]]) -> dict[str, str]:
    """``--predictions`` as method name -> folder, in the order given."""
    by_name: dict[str, str] = {}
    for name, folder in items:
        if name in by_name:
            raise UsageError(f"--predictions {name}=... is given twice; one folder per method")
        by_name[name] = folder
    return by_name

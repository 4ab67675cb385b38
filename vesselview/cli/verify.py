"""``vesselview-eval --verify OUTPUT``: does an output still follow from its provenance?

Reads OUTPUT's `Provenance` (`vesselview.io.provenance_formats`), then:

1. every input file must still be there (else: cannot verify, exit 2, naming the file)
   with its recorded SHA-256 (else: mismatch, exit 1, naming each changed file): where
   it was, or, when the output has been moved or copied with its inputs, beside the
   output (`vesselview.io.provenance_location`; the verdict says which);
2. the recorded command runs again in that working folder, writing into a
   temporary folder (OUTPUT is never written; a ``--scheduler`` run runs locally: every
   backend gives the same records), and its parameters must be the recorded ones (a
   default changed since, or an edited record: mismatch, naming the parameter);
3. its output must have the recorded values (`vesselview.io.output_diff`: floats to a
   relative 1e-12, all else exactly; else mismatch, the first differences with their
   row id and key). For a ``--cd-diagram`` file (PNG, SVG or PDF) these are the plotted
   values it carries (`vesselview.io.cd_diagram.diagram_values`: methods, mean ranks,
   CD, cliques), not its pixels.

The verdict goes to stdout: ``verified: ...`` (exit 0), ``mismatch: ...`` (exit 1) or
``cannot verify ...`` (exit 2); the run's own warnings and progress go to stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
from collections.abc import Sequence

from vesselview._version import __version__
from vesselview.cli.arguments import UsageError, parse_arguments
from vesselview.cli.batch import evaluate
from vesselview.errors import VesselviewError
from vesselview.io.cd_diagram import read_diagram_values
from vesselview.io.output_diff import diagram_differences, output_differences
from vesselview.io.provenance import WINDOW_CALL, InputDigest, Provenance, file_digest
from vesselview.io.provenance_formats import read_provenance
from vesselview.io.provenance_location import InputLocation, locate

EXIT_MATCH, EXIT_MISMATCH, EXIT_CANNOT_VERIFY = 0, 1, 2
#: Most differences listed one by one (the rest are counted).
SHOWN_DIFFERENCES = 10


class CannotVerify(Exception):
    """The output cannot be checked (no provenance, an input gone, the command fails)."""


def verify(path: str) -> int:
    """Check the output at ``path`` against a new run of its command; the exit code."""
    try:
        recorded = read_provenance(path)
        if recorded.api_call is not None and recorded.api_call.startswith(WINDOW_CALL):
            raise CannotVerify(f"it was saved by the window ({recorded.api_call}); a "
                               "window export cannot be re-run: open the case and save again")
        if recorded.api_call is not None:
            raise CannotVerify(f"it was written from Python ({recorded.api_call}), not by "
                               "vesselview-eval; run that call again to check it")
        location = locate(path, recorded)
        changed = _changed_inputs(recorded.inputs, location)
        differences = changed or _run_differences(path, recorded, location)
    except (CannotVerify, VesselviewError, UsageError) as error:
        print(f"cannot verify {path}: {error}")
        return EXIT_CANNOT_VERIFY
    if recorded.vesselview != __version__:
        print(f"note: {path} was written by vesselview {recorded.vesselview}; this is "
              f"{__version__}")
    if differences:
        _print_mismatch(path, differences, location)
        return EXIT_MISMATCH
    print(f"verified: {path} matches its command run again ({len(recorded.inputs)} input "
          f"files unchanged, {location.describe()}): vesselview-eval "
          f"{' '.join(recorded.command)}")
    return EXIT_MATCH


def _changed_inputs(inputs: Sequence[InputDigest], location: InputLocation) -> list[str]:
    """Each input whose content differs from its recorded digest, where it is now.

    Raises
    ------
    CannotVerify
        When a file that was read is missing now.
    """
    changed = []
    for recorded in inputs:
        path = location.path(recorded)
        now = file_digest(path, location.cwd)
        if recorded.sha256 is not None and now.sha256 is None:
            raise CannotVerify(_missing(recorded, location))
        if now.sha256 != recorded.sha256:
            was = "unreadable" if recorded.sha256 is None else f"sha256 {recorded.sha256[:12]}…"
            changed.append(f"input file changed: {path} ({was} when the output "
                           f"was written, sha256 {now.sha256[:12] if now.sha256 else '-'}… "
                           "now)")
    return changed


def _missing(recorded: InputDigest, location: InputLocation) -> str:
    """Why a read input cannot be checked, naming where it was looked for and the fix."""
    other = location.other_path(recorded)
    if other is None:
        return (f"the input file {recorded.absolute} is missing or cannot be read now; "
                "restore it to verify")
    was, beside = (other, location.path(recorded)) if location.moved else (
        location.path(recorded), other)
    if os.path.isfile(other):
        return (f"the input files are split between where they were ({location.recorded_cwd})"
                f" and beside the moved output ({location.moved_cwd}): {recorded.path} is "
                f"only at {other}; keep the inputs together, where they were relative to "
                "the output, to verify")
    return (f"the input file {recorded.path} is missing or cannot be read now, both where "
            f"it was ({was}) and beside the moved output ({beside}); restore it, keeping "
            "the inputs where they were relative to the output, to verify")


def _run_differences(path: str, recorded: Provenance, location: InputLocation) -> list[str]:
    """Run the recorded command again; how its parameters, inputs and values differ."""
    diagram = read_diagram_values(path)
    with tempfile.TemporaryDirectory(prefix="vesselview-verify-") as folder:
        options = _run_again(recorded, location, os.path.join(folder, "remade"))
        remade = read_provenance(options.output)
        values = (output_differences(path, options.output, recorded.format, location.text)
                  if diagram is None
                  else diagram_differences(diagram, _remade_diagram(options.cd_diagram)))
        return [*_parameter_differences(recorded, remade),
                *_input_list_differences(recorded, remade, location), *values]


def _run_again(recorded: Provenance, location: InputLocation, stem: str
               ) -> argparse.Namespace:
    """Run ``recorded.command`` in the working folder ``location`` gives, with the outputs
    at ``stem``; its options (where the outputs went).

    Raises
    ------
    CannotVerify
        When the folder is gone or the run writes no output.
    """
    if not os.path.isdir(location.cwd):
        raise CannotVerify(f"the folder the command ran in, {location.cwd}, is gone; restore "
                           "it, or keep the output where it was relative to that folder")
    with contextlib.chdir(location.cwd):
        options = parse_arguments([location.text(argument) for argument in recorded.command])
        _redirect_outputs(options, stem)
        evaluate(options)
    if not os.path.isfile(options.output):
        raise CannotVerify("the recorded command wrote no output now (see the errors above)")
    return options


def _remade_diagram(path: str | None) -> object:
    """The plotted values of the diagram the run wrote again; None when it wrote none."""
    return None if path is None or not os.path.isfile(path) else read_diagram_values(path)


def _redirect_outputs(options: argparse.Namespace, stem: str) -> None:
    """Every file the run writes into the temporary folder; a cluster run runs locally."""
    options.output = f"{stem}.{options.format}"
    if options.cd_diagram is not None:
        options.cd_diagram = f"{stem}-diagram{os.path.splitext(options.cd_diagram)[1]}"
    options.scheduler = None


def _parameter_differences(recorded: Provenance, remade: Provenance) -> list[str]:
    keys = dict.fromkeys([*recorded.params, *remade.params])
    return [f"parameter {key}: the output records {recorded.params.get(key)!r}, the "
            f"command gives {remade.params.get(key)!r} now" for key in keys
            if recorded.params.get(key) != remade.params.get(key)]


def _input_list_differences(recorded: Provenance, remade: Provenance,
                            location: InputLocation) -> list[str]:
    """Files read now that were not (e.g. a new prediction in a folder), and the reverse."""
    before = {location.path(digest) for digest in recorded.inputs}
    now = {digest.absolute for digest in remade.inputs}
    return [*(f"input file new: {path} is read now, not when the output was written"
              for path in sorted(now - before)),
            *(f"input file gone from the run: {path}" for path in sorted(before - now))]


def _print_mismatch(path: str, differences: Sequence[str], location: InputLocation) -> None:
    print(f"mismatch: {path} does not follow from its provenance ({len(differences)} "
          f"difference{'s' * (len(differences) > 1)}; inputs {location.describe()}):")
    for line in differences[:SHOWN_DIFFERENCES]:
        print(f"  {line}")
    if len(differences) > SHOWN_DIFFERENCES:
        print(f"  ... and {len(differences) - SHOWN_DIFFERENCES} more")

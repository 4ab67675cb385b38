"""The provenance of a ``vesselview-eval`` run, and its outputs written with it.

`run_provenance` builds the run's one `Provenance` record from the parsed command line
and the files the run reads (their SHA-256 digests, before any work); `stamped_output`
writes an output with it in the output's format (`vesselview.io.provenance_formats`):
a CSV output's provenance goes to its sidecar file, written once the output is.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

from vesselview._version import __version__
from vesselview.engine.length_scope import given_lengths
from vesselview.engine.params import Params
from vesselview.io.output_file import OUTPUT_ERRORS, atomic_output, check_output
from vesselview.io.provenance import Provenance, input_digests, relative_path
from vesselview.io.provenance_formats import sidecar_path, stamped_text, write_sidecar


def run_provenance(options: argparse.Namespace, base: Params,
                   inputs: Iterable[str | None]) -> Provenance:
    """The provenance of the run ``options`` describe.

    Parameters
    ----------
    options : argparse.Namespace
        From `vesselview.cli.arguments.parse_arguments` (``options.command`` is the
        command line as given).
    base : Params
        The run's base parameters (``--set``).
    inputs : iterable of str or None
        Every file the pairs read (`vesselview.io.dataset_pairs.PairSource.inputs`);
        the ``--grades``, ``--av-weights`` and ``--classes`` mapping files are added here.
    """
    cwd = os.getcwd()
    classes_file = options.classes if options.classes and os.path.isfile(options.classes) \
        else None
    values = base.to_dict()
    return Provenance(
        vesselview=__version__, command=tuple(options.command), cwd=cwd,
        output=None if options.output is None else relative_path(
            os.path.abspath(options.output), cwd),
        format=options.format, params=values, set=tuple(options.set),
        sweep=tuple(options.sweep),
        units={"lengths": given_lengths(values), "spacing_um": options.spacing},
        reference={"observer": options.observer, "references": options.references,
                   "classes": options.classes},
        bootstrap=_bootstrap(options),
        inputs=input_digests([*inputs, options.grades, classes_file, options.av_weights], cwd))


def check_sidecar(provenance: Provenance, output: str | None,
                  inputs: Iterable[str | None], folders: dict[str, str]) -> None:
    """`check_output` of a CSV output's sidecar file, before any work."""
    if _has_sidecar(provenance, output):
        check_output(sidecar_path(str(output)), inputs, folders)


@contextlib.contextmanager
def stamped_output(output: str | None, provenance: Provenance) -> Iterator[TextIO]:
    """A stream for an output of ``provenance.format``, written with its provenance.

    The output goes to the file ``output`` (replaced whole when the block completes,
    `atomic_output`) or to stdout; a CSV's sidecar (only for a file) is written after
    it (not beside a device or pipe such as ``/dev/null``). File names that are not
    UTF-8 are written as their bytes (`OUTPUT_ERRORS`).
    """
    with _destination(output) as stream:
        if provenance.format == "csv":
            yield stream
        else:
            body = io.StringIO()
            yield body
            stream.write(stamped_text(body.getvalue(), provenance.format, provenance))
    if _has_sidecar(provenance, output):
        write_sidecar(str(output), provenance)


def _has_sidecar(provenance: Provenance, output: str | None) -> bool:
    """Whether the output is a CSV file (not stdout, a device or a pipe): then its
    provenance goes beside it."""
    return provenance.format == "csv" and output is not None and (
        os.path.isfile(output) or not os.path.exists(output))


@contextlib.contextmanager
def _destination(output: str | None) -> Iterator[TextIO]:
    """The output file (replaced whole when the block completes), or stdout."""
    if output is None:
        if isinstance(sys.stdout, io.TextIOWrapper):
            sys.stdout.reconfigure(errors=OUTPUT_ERRORS)
        yield sys.stdout
        sys.stdout.flush()
        return
    with atomic_output(output) as stream:
        yield stream


def _bootstrap(options: argparse.Namespace) -> dict[str, int] | None:
    """The bootstrap seed and resamples of ``--compare``'s confidence intervals; None
    for outputs without a bootstrap."""
    if not options.compare:
        return None
    from vesselview.research.summaries import N_RESAMPLES, SEED  # --compare loads it anyway

    return {"seed": SEED, "resamples": N_RESAMPLES}

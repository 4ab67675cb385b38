"""``--spacing UM``: the pixel spacing of a run's cases (`vesselview.io.spacing`).

For one pair, every case of a dataset (instead of the spacing derived from the layout's
field angle) and every manifest row without a ``spacing_um`` cell; recorded with source
``"given"``. The spacing module is imported only when the flag is given, so ``--help``
stays light.
"""

from __future__ import annotations

import argparse

SPACING_HELP = ("pixel spacing in µm per pixel (a finite number > 0), source 'given': for "
                "one pair, every case of a --dataset (instead of the spacing derived from "
                "the layout's camera field angle: DRIVE 45°, STARE 35°, CHASE_DB1 30°) and "
                "every --manifest row without a spacing_um cell; default: unknown, lengths "
                "in pixels; rows record spacing_um and spacing_source")


def add_spacing_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--spacing UM`` to ``parser``."""
    parser.add_argument("--spacing", metavar="UM", type=_spacing, help=SPACING_HELP)


def _spacing(text: str) -> float:
    """argparse type of ``--spacing``: `vesselview.io.spacing.parse_spacing`."""
    from vesselview.io.spacing import parse_spacing  # only when given: numpy, the engine

    try:
        return parse_spacing(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None

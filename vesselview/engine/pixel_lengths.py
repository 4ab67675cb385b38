"""Which metrics hang on the size of a pixel: their value is a length or an area in
pixels (``MetricInfo.kind``), or their score stage reads a length parameter (``t``,
``cal_alpha``, ``ss_R``, ``nsd_tau``... declared ``unit="length"``).

Such values mean different things on cases of different resolution, so they are not
pooled across them (`vesselview.io.pooling`); the others (Dice, Se, clDice...) are.
"""

from __future__ import annotations

from collections.abc import Iterable

from vesselview.engine.families import METRICS, family_of
from vesselview.engine.params import PARAM_SPECS

#: The length parameters, in pixels.
LENGTH_PARAMS: frozenset[str] = frozenset(
    key for key, spec in PARAM_SPECS.items() if spec.unit == "length")


def pixel_length_metrics(keys: Iterable[str]) -> tuple[str, ...]:
    """The metrics among ``keys`` (in their order) whose value depends on the pixel size.

    >>> pixel_length_metrics(["dice", "f1_t", "hd95", "cldice"])
    ('f1_t', 'hd95')
    """
    return tuple(key for key in keys
                 if METRICS[key].kind in ("length", "area")
                 or family_of(key).score_stage(key).dependencies & LENGTH_PARAMS)

"""Which metrics hang on the size of a pixel: their value is a length or an area in
pixels (``MetricInfo.kind``), or their score stage reads a length parameter (``t``,
``cal_alpha``, ``ss_R``, ``nsd_tau``...: `LENGTH_KEYS`) given in pixels.

Such values mean different things on cases of different resolution, so they are not
pooled across them (`vesselview.io.pooling`); the others are: Dice, Se, clDice..., and
F1_t, CAL, SS... when every length they read is in µm or % FOV (`Length`), which is
converted to pixels per case and so means the same on every case. The detection
clean-up lengths (`OFF_AT_ZERO`: ``spur_length``, ``junction_merge``) at 0, their
default, switch the clean-up off and so are 0 in every unit.
"""

from __future__ import annotations

from collections.abc import Iterable

from vesselview.engine.families import METRICS, family_of
from vesselview.engine.graph_cleanup import OFF_AT_ZERO
from vesselview.engine.lengths import Length
from vesselview.engine.params import LENGTH_KEYS, Params


def pixel_lengths(params: Params | None) -> frozenset[str]:
    """The length parameters ``params`` gives in pixels (every one for None).

    >>> sorted(pixel_lengths(Params(t="30um", nsd_tau="1%fov")))[:3]
    ['baddeley_c', 'cal_alpha', 'cal_beta']
    >>> {"t", "nsd_tau"} & pixel_lengths(Params(t="30um", nsd_tau="1%fov"))
    set()
    """
    if params is None:
        return frozenset(key for key in LENGTH_KEYS if key not in OFF_AT_ZERO)
    return frozenset(key for key in LENGTH_KEYS
                     if (not isinstance(value := getattr(params, key), Length)
                         or value.unit == "px") and not _switched_off(key, value))


def _switched_off(key: str, value: float | Length) -> bool:
    """A clean-up length at 0 (`OFF_AT_ZERO`): no clean-up, whatever the unit."""
    return key in OFF_AT_ZERO and float(value.value if isinstance(value, Length) else value) == 0


def pixel_length_metrics(keys: Iterable[str], params: Params | None = None) -> tuple[str, ...]:
    """The metrics among ``keys`` (in their order) whose value depends on the pixel size
    under ``params`` (None: every length in pixels, the default parameters' case).

    >>> pixel_length_metrics(["dice", "f1_t", "hd95", "cldice"])
    ('f1_t', 'hd95')
    >>> pixel_length_metrics(["dice", "f1_t", "hd95"], Params(t="30um"))
    ('hd95',)
    """
    in_pixels = pixel_lengths(params)
    return tuple(key for key in keys
                 if METRICS[key].kind in ("length", "area")
                 or family_of(key).score_stage(key).dependencies & in_pixels)

"""Named sets of metrics for reports, and the metrics that repeat another one exactly.

A report's metrics are chosen by ``--metrics KEY,...`` (or the API's ``metrics``): each
item is a metric key of `vesselview.engine.keys.METRIC_KEYS` or the name of a preset
of `PRESETS`, expanded in place, duplicates kept once in first-seen order.

`DUPLICATES` declares the metrics whose value another metric already gives, exactly,
under some parameters: a paper table leaves them out by default (`left_out`) and says
which (``docs/metrics.md`` states why each holds).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from vesselview.engine.params import Params

#: Preset name -> metric keys, in table order.
PRESETS: dict[str, tuple[str, ...]] = {
    "classic": ("se", "sp", "acc", "precision", "dice", "jaccard", "mcc", "hausdorff", "hd95",
                "asd"),
    "retinal": ("se", "sp", "acc", "dice", "f1_t", "cal", "cal_c", "cal_a", "cal_l", "ss",
                "cldice"),
    "topology": ("cldice", "betti0_error", "betti1_error", "cal_c", "j_g", "d_g", "rnc"),
}


@dataclasses.dataclass(frozen=True)
class Duplicate:
    """A metric that repeats ``of``: equal to it, or to ``1 - of`` when ``complement``,
    whenever ``holds(params)``."""

    of: str
    complement: bool = False
    holds: Callable[[Params], bool] = lambda params: True

    def says(self, key: str) -> str:
        """The table note's text, e.g. ``fpr = 1 − sp``."""
        return f"{key} = {'1 − ' if self.complement else ''}{self.of}"


#: Metric key -> the metric it repeats, and when.
DUPLICATES: dict[str, Duplicate] = {
    "tversky": Duplicate("dice", holds=lambda p: p.tversky_alpha == p.tversky_beta == 0.5),
    "rse": Duplicate("ss"),
    # msd's distances are Euclidean, hausdorff's are under distance = euclidean
    "msd": Duplicate("hausdorff", holds=lambda p: p.contour_gamma == 0
                     and p.distance == "euclidean"),
    "fpr": Duplicate("sp", complement=True),
    "perr": Duplicate("acc", complement=True),
}


def expand(items: Iterable[str]) -> list[str]:
    """Metric keys of ``items``: each preset name replaced by its keys, repeats dropped
    (first one kept). Unknown keys are kept for the caller's check."""
    keys: list[str] = []
    for item in items:
        keys += [key for key in PRESETS.get(item, (item,)) if key not in keys]
    return keys


def left_out(keys: Iterable[str], params: Params) -> dict[str, str]:
    """The keys among ``keys`` that repeat another of them under ``params``, with why
    (``{"fpr": "fpr = 1 − sp"}``)."""
    chosen = set(keys)
    return {key: DUPLICATES[key].says(key) for key in chosen & DUPLICATES.keys()
            if DUPLICATES[key].of in chosen and DUPLICATES[key].holds(params)}

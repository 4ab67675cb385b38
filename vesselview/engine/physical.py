"""Distance metrics in µm, beside their pixel keys (``docs/metrics.md``, "Lengths and units").

Every metric measured in pixels (registry kind ``"length"``: ``hausdorff``, ``hd95``...)
is also reported as ``KEY_um``, its value times the spacing; one measured in squared
pixels (kind ``"area"``: ``mse``) as ``KEY_um2``, times the spacing squared. The pixel
keys keep their meaning; the µm keys are ``nan`` when the spacing is unknown.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from vesselview.engine.families import METRICS

#: Reason of a µm value that cannot be given.
NO_SPACING_REASON = "pixel spacing unknown: give the spacing to have distances in µm"
#: Metric key -> (its key in µm, the power of the spacing that converts it), in
#: output order (derived from the registry's kinds, never listed).
PHYSICAL_KEYS: dict[str, tuple[str, int]] = {
    key: (f"{key}_um", 1) if info.kind == "length" else (f"{key}_um2", 2)
    for key, info in METRICS.items() if info.kind in ("length", "area")}


def physical_values(metrics: Mapping[str, float], spacing_um: float | None
                    ) -> dict[str, float]:
    """The µm keys of the pixel distances in ``metrics`` (those it holds), in output order.

    Parameters
    ----------
    metrics : Mapping[str, float]
        Metric values by key, in pixels (`Result.metrics`).
    spacing_um : float or None
        µm per pixel; None gives ``nan`` for every key (`NO_SPACING_REASON`).

    Examples
    --------
    >>> physical_values({"hausdorff": 3.0, "mse": 2.0, "dice": 0.5}, 10.0)
    {'mse_um2': 200.0, 'hausdorff_um': 30.0}
    """
    scale = math.nan if spacing_um is None else spacing_um
    return {name: metrics[key] * scale**power
            for key, (name, power) in PHYSICAL_KEYS.items() if key in metrics}


def physical_reasons(values: Mapping[str, float], spacing_um: float | None,
                     reasons: Mapping[str, str]) -> dict[str, str]:
    """Why each ``nan`` of `physical_values` is undefined: no spacing, or the pixel
    value's reason (``reasons`` by pixel key)."""
    pixel_key = {name: key for key, (name, _) in PHYSICAL_KEYS.items()}
    return {name: NO_SPACING_REASON if spacing_um is None
            else reasons.get(pixel_key[name], "") for name, value in values.items()
            if math.isnan(value)}

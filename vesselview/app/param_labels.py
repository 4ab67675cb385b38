"""How parameters are named to the user: label, slider range and step (no Qt).

One table for the parameters panel (`vesselview.gui.inspector.params_dock`), the plot
dock's sweep controls (`vesselview.gui.research.sweep_controls`) and the captions of
exported images (`vesselview.app.captions`), so a parameter is named the same way
everywhere; also how the panel shows a default and which parameters differ from it.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from vesselview.engine.params import DEFAULT_THRESHOLD, PARAM_SPECS, Params


@dataclasses.dataclass(frozen=True)
class SliderSpec:
    """One slider: parameter key, label, range (defaults to ``PARAM_SPECS``), step."""

    key: str
    label: str
    low: float | None = None
    high: float | None = None
    step: float = 1

    @property
    def decimals(self) -> int:
        """Decimal places of one step (edits are rounded to them)."""
        return max(0, -math.floor(math.log10(self.step) + 1e-9))


_DEFAULTS = Params()

#: Group title -> sliders, in display order. Ranges are narrowed where the spec's
#: range is far wider than anyone drags (the value box still shows the exact value).
GROUPS: dict[str, tuple[SliderSpec, ...]] = {
    "Tolerance F1": (SliderSpec("t", "t (tolerance, px)", 0, 20),),
    "CAL": (SliderSpec("cal_alpha", "α (area tolerance, px)", 0, 20),
            SliderSpec("cal_beta", "β (length tolerance, px)", 0, 20)),
    "Skeletal similarity": (
        SliderSpec("ss_alpha", "SS weight α (thickness)", step=0.01),
        SliderSpec("ss_R", "R (max search radius, px)"),
        SliderSpec("ss_min_length", "min segment length (px)", 1, 100),
        SliderSpec("ss_max_length", "max segment length (px)", 2, 200),
    ),
    "Tversky": (SliderSpec("tversky_alpha", "α (candidate-only weight)", 0.0, 2.0, 0.05),
                SliderSpec("tversky_beta", "β (reference-only weight)", 0.0, 2.0, 0.05)),
    "Soft candidate": (SliderSpec("threshold", "probability threshold", step=0.01),),
}
#: Sliders of the collapsed "Advanced" section.
ADVANCED_SLIDERS: tuple[SliderSpec, ...] = (
    SliderSpec("contour_gamma", "g (contour tolerance, px)", 0, 20),
    SliderSpec("fom_k", "Pratt FOM k", 0.0, 1.0, 0.001),
    SliderSpec("baddeley_p", "Baddeley Δ exponent p", 1.0, 10.0, 0.5),
    SliderSpec("baddeley_c", "Baddeley Δ cut-off c (px)", 0.0, 50.0, 0.5),
    SliderSpec("nsd_tau", "NSD tolerance τ (px)", 0.0, 20.0, 0.5),
    SliderSpec("thin_width", "thin-vessel width limit (px)", 0.0, 20.0, 0.5),
)
#: Check boxes of the "Advanced" section: boolean parameter key -> label.
ADVANCED_SWITCHES: dict[str, str] = {
    "distance_fov": "distance metrics inside the FOV only",
    "cal_fov": "CAL inside the FOV only",
}
#: Labels of the parameters that have neither a slider nor a check box.
OTHER_LABELS: dict[str, str] = {
    "distance": "distance transform",
    "ss_mode": "SS behaviour",
}


def param_label(key: str) -> str:
    """The label parameter ``key`` has in the parameters panel (else its help text)."""
    labels = {spec.key: spec.label
              for spec in (*(s for specs in GROUPS.values() for s in specs), *ADVANCED_SLIDERS)}
    return labels.get(key) or ADVANCED_SWITCHES.get(key) or OTHER_LABELS.get(
        key, PARAM_SPECS[key].help)


def default_text(key: str) -> str:
    """The default of parameter ``key`` as the window shows it (``"2"``, ``"no"``...).

    Examples
    --------
    >>> default_text("ss_alpha"), default_text("cal_fov"), default_text("threshold")
    ('0.2', 'no', "the case's threshold (0.5)")
    """
    default = getattr(_DEFAULTS, key)
    if default is None:
        return f"the case's threshold ({DEFAULT_THRESHOLD:g})"
    if isinstance(default, bool):
        return "yes" if default else "no"
    return f"{default:g}" if isinstance(default, float) else str(default)


def changed_from_default(params: Params) -> frozenset[str]:
    """The keys of ``params`` whose value differs from the default (the window marks them).

    A ``threshold`` of `DEFAULT_THRESHOLD` equals its default ("the case's threshold"):
    the window reads every case at that threshold.
    """
    def shown(key: str, value: Any) -> Any:
        return DEFAULT_THRESHOLD if key == "threshold" and value is None else value

    return frozenset(key for key, value in params.to_dict().items()
                     if shown(key, value) != shown(key, getattr(_DEFAULTS, key)))

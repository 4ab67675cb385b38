"""Evaluation parameters (``docs/metrics.md`` §7; SS parameters in §5), declared here only.

Each field of `Params` declares one parameter with everything about it (`param`:
default, range, unit, label, slider, doc text). The CLI help, the window's parameters
panel, sweeps and captions, and the tables of ``docs/metrics.md`` and the README
(``python -m vesselview.engine.params_doc``) are all made from `PARAM_SPECS`. A
renamed key keeps its old name in `ALIASES` (`vesselview.engine.param_keys`, which also
reads one value by key: `parse_value`, `check_value`): sessions, ``--set``/``--sweep`` and
the API still accept it, with a `DeprecationWarning`.

`Params` is a frozen, validated record of every user-settable parameter. It is
hashable, so the pipeline can cache stages by the parameter values they depend on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from vesselview.engine.av_weights import canonical_weights
from vesselview.engine.lengths import Length
from vesselview.engine.param_keys import (
    ALIASES,
    accepting_aliases,
    canonical_key,
    canonical_mapping,
    check_aliases,
    check_value,
    parse_value,
    renamed_note,
)
from vesselview.engine.param_spec import ParamSpec, checked_value, param, specs_of
from vesselview.errors import ParamsError

__all__ = ["ALIASES", "DEFAULT_THRESHOLD", "LENGTH_KEYS", "PARAM_SPECS", "Params",
           "canonical_key", "canonical_mapping", "check_aliases", "check_value",
           "parse_value", "renamed_note"]

#: The probability threshold of a case loaded without one (fraction of full scale).
DEFAULT_THRESHOLD = 0.5

_SS = "Skeletal similarity"
_ADVANCED = "Advanced"
_DETECTION = "Detection"
_AV = "Artery / vein"


@dataclasses.dataclass(frozen=True)
class Params:
    """All evaluation parameters, validated on construction.

    Keys, defaults, ranges and meanings are the fields' (`PARAM_SPECS`; the table of
    ``docs/metrics.md`` §7 is made from them). Integers may be given as integral floats
    (``2.0``); booleans and strings must be of their own type. An old key of `ALIASES`
    is accepted with a DeprecationWarning.

    ``threshold`` is None by default, meaning "the case's threshold" (the value the
    case was loaded at, `Case.threshold`); an explicit value overrides it for a
    probability-map candidate, the only input cut again on evaluation. The evaluator
    resolves it (`vesselview.engine.param_scope.applied_params`), so every `Result`
    records the threshold actually used.

    Raises
    ------
    ParamsError
        For an unknown key, a wrong type or an out-of-range value.

    Examples
    --------
    >>> Params(t=3).t
    3
    >>> Params().replace(ss_R=3).ss_R
    3
    """

    t: int | float | Length = param(2, low=0, high=50, unit="length", panel="Tolerance F1",
                                    label="t (tolerance, px)", slider=(0, 20),
                                    doc="tolerance F1: chessboard tolerance radius t (pixels)")
    cal_alpha: int | float | Length = param(2, low=0, high=50, unit="length", panel="CAL",
                                            label="α (area tolerance, px)", slider=(0, 20),
                                            doc="CAL area tolerance: disc radius alpha (pixels)")
    cal_beta: int | float | Length = param(2, low=0, high=50, unit="length", panel="CAL",
                                           label="β (length tolerance, px)", slider=(0, 20),
                                           doc="CAL length tolerance: disc radius beta (pixels)")
    ss_alpha: float = param(0.2, low=0.0, high=1.0, unit="ratio", panel=_SS,
                            label="SS weight α (thickness)", step=0.01,
                            doc="SS weight alpha of thickness vs curve similarity")
    ss_R: int | Length = param(2, low=1, high=20, unit="length", panel=_SS, whole=True,
                               label="R (max search radius, px)",
                               doc="SS maximum search radius R (pixels)")
    ss_min_length: int | Length = param(4, low=1, high=1000, unit="length", panel=_SS,
                                        whole=True,
                                        label="min segment length (px)", slider=(1, 100),
                                        doc="SS minimum segment length (pixels)")
    ss_max_length: int | Length = param(15, low=2, high=10000, unit="length", panel=_SS,
                                        whole=True,
                                        label="max segment length (px)", slider=(2, 200),
                                        doc="SS maximum segment length (pixels)")
    ss_mode: str = param("reference", choices=("reference",), unit="choice",
                         label="SS behaviour", doc="SS behaviour: 'reference' = authors' code")
    tversky_alpha: float = param(0.5, low=0.0, high=1000.0, unit="ratio", panel="Tversky",
                                 label="α (candidate-only weight)", slider=(0.0, 2.0),
                                 step=0.05, doc="Tversky weight of candidate-only pixels")
    tversky_beta: float = param(0.5, low=0.0, high=1000.0, unit="ratio", panel="Tversky",
                                label="β (reference-only weight)", slider=(0.0, 2.0),
                                step=0.05, doc="Tversky weight of reference-only pixels")
    fom_k: float = param(1.0 / 9.0, low=0.0, high=1000.0, unit="ratio", panel=_ADVANCED,
                         label="Pratt FOM k", slider=(0.0, 1.0), step=0.001,
                         doc="Pratt FOM scaling constant k")
    baddeley_p: float = param(2.0, low=1.0, high=100.0, unit="ratio", panel=_ADVANCED,
                              label="Baddeley Δ exponent p", slider=(1.0, 10.0), step=0.5,
                              doc="Baddeley delta exponent p (the metric's key is delta_p)")
    baddeley_c: float | Length = param(5.0, low=0.0, high=1e6, unit="length", panel=_ADVANCED,
                                       label="Baddeley Δ cut-off c (px)", slider=(0.0, 50.0),
                                       step=0.5,
                                       doc="Baddeley delta cut-off c (pixels)")
    contour_gamma: int | float | Length = param(0, low=0, high=50, unit="length", panel=_ADVANCED,
                                                label="g (contour tolerance, px)", slider=(0, 20),
                                                doc="contour-distance tolerance radius g (pixels)")
    nsd_tau: float | Length = param(2.0, low=0.0, high=1000.0, unit="length", panel=_ADVANCED,
                                    label="NSD tolerance τ (px)", slider=(0.0, 20.0), step=0.5,
                                    doc="normalised surface distance tolerance tau (pixels)")
    thin_width: float | Length = param(3.0, low=0.0, high=1000.0, unit="length", panel=_ADVANCED,
                                       label="thin-vessel width limit (px)", slider=(0.0, 20.0),
                                       step=0.5, doc="vessel width (SS thickness, pixels) up to "
                                       "which a vessel is thin (se_thin, se_thick)")
    junction_r: float | Length = param(3.0, low=0.0, high=1000.0, unit="length",
                                       panel=_DETECTION, label="junction radius (px)",
                                       slider=(0.0, 20.0), step=0.5,
                                       doc="largest distance of a matched junction pair "
                                           "(pixels)")
    segment_tol: float | Length = param(2.0, low=0.0, high=1000.0, unit="length",
                                        panel=_DETECTION, label="segment tolerance (px)",
                                        slider=(0.0, 20.0), step=0.5,
                                        doc="distance (pixels) within which a segment pixel "
                                            "is near the other skeleton")
    segment_share: float = param(0.5, low=0.0, high=1.0, unit="ratio", panel=_DETECTION,
                                 label="segment share detected", step=0.05,
                                 doc="share of a segment's pixels that must be near the "
                                     "other skeleton for it to count as detected")
    component_overlap: float = param(0.5, low=0.0, high=1.0, unit="ratio", panel=_DETECTION,
                                     label="component overlap found", step=0.05,
                                     doc="share of a component's pixels that must lie in the "
                                         "other mask for it to count as found")
    distance: str = param("euclidean", choices=("euclidean", "cityblock", "chessboard"),
                          unit="choice", panel="Distance metrics", label="distance transform",
                          doc="distance transform for distance metrics")
    threshold: float | None = param(None, low=0.0, high=1.0, unit="ratio",
                                    panel="Soft candidate", label="probability threshold",
                                    step=0.01,
                                    none_means=f"the case's threshold, {DEFAULT_THRESHOLD:g} "
                                    "when it has none",
                                    doc="probability threshold, fraction of full scale")
    distance_fov: bool = param(False, unit="flag", panel=_ADVANCED,
                               label="distance metrics inside the FOV only",
                               doc="restrict distance metrics to the FOV")
    cal_fov: bool = param(False, unit="flag", panel=_ADVANCED, label="CAL inside the FOV only",
                          doc="restrict CAL to the FOV")
    disagreement: str = param("count", choices=("count", "ignore"), unit="choice",
                              panel="Observers", label="pixels observers disagree on",
                              doc="pixels where the case's observers disagree: 'count' them "
                                  "as the chosen reference says, or 'ignore' them in every "
                                  "metric (three-valued reference)")
    av_crossing: str = param("both", choices=("both", "ignore", "artery", "vein"),
                             unit="choice", panel=_AV, label="artery/vein crossings",
                             doc="A/V crossing pixels: in 'both' classes' masks, 'ignore'd "
                                 "(left out where the reference has them), or counted as "
                                 "'artery' or 'vein' (docs/metrics.md section 11)")
    av_uncertain: str = param("ignore", choices=("ignore", "both"), unit="choice", panel=_AV,
                              label="uncertain A/V pixels",
                              doc="A/V uncertain pixels: 'ignore'd (left out where the "
                                  "reference has them) or in 'both' classes' masks as a "
                                  "vessel of either class (docs/metrics.md section 11)")
    av_weights: str | None = param(None, unit="table", canonical=canonical_weights,
                                   label="A/V weight table",
                                   none_means="none: av_weighted_error undefined",
                                   doc="costs of the A/V confusion matrix's cells, rows "
                                       "(reference) and columns (candidate) background, "
                                       "artery, vein: '0,1,1;1,0,2;1,2,0' (CLI: "
                                       "--av-weights FILE; docs/metrics.md section 11)")
    distance_convention: str = param("vesselview",
                                     choices=("vesselview", "medpy", "monai", "deepmind",
                                              "seg-metrics"),
                                     unit="choice", panel="Distance metrics",
                                     label="peer library convention",
                                     doc="contour distances (msd at g = 0, asd, hd95_contour, "
                                         "nsd) as this library defines them (docs/metrics.md "
                                         "section 2)")
    # Added later: after the others, so the CSV columns before them keep their places.
    cal_l_count: str = param("union", choices=("union", "sum"), unit="choice", panel="CAL",
                             label="L counts skeleton pixels",
                             doc="CAL length factor: 'union' counts a pixel both skeletons "
                                 "share once (the paper's); 'sum' counts each skeleton's "
                                 "pixels on their own, which scales with the resolution "
                                 "(docs/metrics.md section 4)")
    spur_length: float | Length = param(0.0, low=0.0, high=1000.0, unit="length",
                                        panel=_DETECTION, label="prune spurs shorter than (px)",
                                        slider=(0.0, 20.0), step=0.5,
                                        doc="skeleton side branches (one end, one junction) "
                                            "shorter than this (pixels) are removed before "
                                            "junctions and segments are found; 0: none "
                                            "(docs/metrics.md section 10)")
    junction_merge: float | Length = param(0.0, low=0.0, high=1000.0, unit="length",
                                           panel=_DETECTION, label="merge junctions within (px)",
                                           slider=(0.0, 20.0), step=0.5,
                                           doc="junctions closer than this (pixels) become one "
                                               "node, the link between them part of it; 0: "
                                               "none (docs/metrics.md section 10)")
    fom_length: float | Length = param(1.0, low=0.1, high=1000.0, unit="length",
                                       panel=_ADVANCED, label="Pratt FOM unit length u (px)",
                                       slider=(0.5, 20.0), step=0.5,
                                       doc="Pratt FOM: the length (pixels) that counts as "
                                           "one in k·(d / u)², 1 px as in the paper; a "
                                           "physical value keeps FOM's meaning across "
                                           "resolutions")
    norm_length: float | Length = param(1.0, low=0.1, high=1000.0, unit="length",
                                        panel=_ADVANCED, label="N(·) unit length u (px)",
                                        slider=(0.5, 20.0), step=0.5,
                                        doc="normalised contour distances n_asd, n_rmsd, "
                                            "n_msd = 1 / (1 + M / u): the length u "
                                            "(pixels; 1 px as in the CAL paper)")
    distance_to: str = param("centres", choices=("centres", "squares"), unit="choice",
                             panel="Distance metrics", label="distances measured to",
                             doc="mse, hd95, fom and delta_p measure from each pixel's "
                                 "centre to the other mask's pixel 'centres' or to its "
                                 "pixel 'squares' (scale-consistent; docs/metrics.md "
                                 "section 2)")

    def __post_init__(self) -> None:
        for key, spec in PARAM_SPECS.items():
            object.__setattr__(self, key, checked_value(key, getattr(self, key), spec))
        shortest, longest = self.ss_min_length, self.ss_max_length
        # lengths in other units are compared once converted (length_scope)
        if isinstance(shortest, int) and isinstance(longest, int) and longest < shortest:
            raise ParamsError(
                f"ss_max_length ({self.ss_max_length}) must be >= ss_min_length "
                f"({self.ss_min_length})"
            )

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Params:
        """Build from a mapping, rejecting unknown keys with the list of known ones."""
        unknown = sorted(key for key in values if key not in PARAM_SPECS and key not in ALIASES)
        if unknown:
            raise ParamsError(
                f"unknown parameter {', '.join(unknown)}; known: {', '.join(PARAM_SPECS)}"
            )
        return cls(**canonical_mapping(values))

    def replace(self, **changes: Any) -> Params:
        """Return a copy with ``changes`` applied (validated)."""
        return Params.from_mapping({**self.to_dict(), **canonical_mapping(changes)})

    def with_case_threshold(self, case_threshold: float) -> Params:
        """These parameters with ``threshold`` resolved: ``case_threshold`` when it is None.

        Examples
        --------
        >>> Params().with_case_threshold(0.3).threshold
        0.3
        >>> Params(threshold=0.7).with_case_threshold(0.3).threshold
        0.7
        """
        if self.threshold is not None:
            return self
        return dataclasses.replace(self, threshold=case_threshold)

    def to_dict(self) -> dict[str, Any]:
        """Parameter values by key, in the spec's order; a `Length` as its text (``"30um"``,
        which `from_mapping` reads back)."""
        return {name: _plain(getattr(self, name)) for name in PARAM_SPECS}


def _plain(value: Any) -> Any:
    """A parameter value as JSON can hold it: a `Length` as its text, others as they are."""
    return str(value) if isinstance(value, Length) else value


#: Every parameter's spec by key, in the order of the fields (and of output columns).
PARAM_SPECS: dict[str, ParamSpec] = specs_of(Params)
#: Every length parameter, in the spec's order (derived from the unit, never listed):
#: a number of pixels or a `Length` in µm or % FOV.
LENGTH_KEYS: tuple[str, ...] = tuple(key for key, spec in PARAM_SPECS.items()
                                     if spec.unit == "length")


check_aliases(ALIASES)
Params.__init__ = accepting_aliases(Params.__init__)  # type: ignore[method-assign]

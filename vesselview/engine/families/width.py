"""Vessel-width family: sensitivity on thin and on thick reference vessels (``docs/metrics.md`` §1).

The local width of a reference vessel pixel is the skeletal-similarity thickness
(`vesselview.engine.skeletal.skeleton_thickness`: distance from a skeleton pixel to the
nearest background pixel, a radius) of the reference skeleton pixel nearest to it
(Euclidean; on ties, the one with the smallest column, then row, as scipy's exact
distance transform picks; `vesselview.engine.nearest_feature`). ``se_thin`` and
``se_thick`` are the sensitivity over the reference pixels inside ``F`` whose width is
<= and > ``thin_width``:

    se_thin = #(S & G & F & W) / #(G & F & W),   W = {width <= thin_width}
    se_thick likewise with W = {width > thin_width}.

Because the thickness is a radius, a vessel ``w`` pixels wide has thickness about
``(w + 1) / 2``: the default ``thin_width`` = 3 counts vessels up to about 5 pixels
wide as thin.

A family of its own (not the pixel family) because it needs the reference skeleton and
its thickness: the plain pixel metrics stay the cheapest results, computed first.

Ignore regions: ignored pixels count as outside F; the family sees the case with them
removed from the masks and the FOV (`Case.without_ignored`), so widths are those of the
cleaned reference.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.families.base import UNIT_RANGE, MetricInfo, StageContext, stage
from vesselview.engine.families.family import Family
from vesselview.engine.families.shared import candidate_mask
from vesselview.engine.families.skeletal import reference_thickness
from vesselview.engine.lengths import in_pixels, pixels_text
from vesselview.engine.nearest_feature import nearest_values
from vesselview.engine.scores import Scores
from vesselview.engine.skeletal import SkeletonValues


def reference_widths(reference: np.ndarray, thickness: SkeletonValues) -> np.ndarray:
    """Width at every reference pixel: the thickness of its nearest skeleton pixel.

    Parameters
    ----------
    reference : ndarray of bool, shape (H, W)
        ``G``.
    thickness : SkeletonValues
        The SS thickness at the pixels of ``thin(G)`` (pixels; `skeleton_thickness`), a
        skeleton that is non-empty wherever ``G`` is (thinning keeps every component).

    Returns
    -------
    ndarray of float64, shape (#G,), read-only
        The width (pixels) of each reference pixel, in row-major order (the order of
        ``image[reference]``): only G's pixels are stored, not a full image.
    """
    if thickness.rows.size == 0:
        widths = np.zeros(np.count_nonzero(reference), np.float64)
    else:
        # exact nearest pixel (OpenCV's nearest-pixel labels use an approximate distance),
        # with scipy's tie rule, and no full-image index arrays
        widths = nearest_values(reference, thickness.rows, thickness.cols, thickness.values)
    widths.setflags(write=False)
    return widths


def width_sensitivity(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray,
                      widths: np.ndarray, thin_width: float) -> Scores:
    """``se_thin`` and ``se_thick`` inside the FOV.

    Parameters
    ----------
    candidate, reference, fov : ndarray of bool, shape (H, W)
        ``S``, ``G`` and ``F``.
    widths : ndarray of float64, shape (#G,)
        `reference_widths` of ``G`` (pixels, one per reference pixel in row-major order).
    thin_width : float
        Largest width (pixels) of a thin vessel.
    """
    out = Scores()
    inside = fov[reference]  # per reference pixel, like ``widths``
    found = candidate[reference]
    thin = widths <= thin_width
    for key, part, what in (("se_thin", inside & thin, "thin"),
                            ("se_thick", inside & ~thin, "thick")):
        out.ratio(key, int(np.count_nonzero(part & found)), int(np.count_nonzero(part)),
                  f"no {what} reference vessel inside the FOV (width "
                  f"{'<=' if what == 'thin' else '>'} thin_width = {pixels_text(thin_width)})")
    return out


_SOURCE = ("vessel-width breakdown of the sensitivity, widths from the skeletal-similarity "
           "thickness (Yan et al. 2018, doi:10.1109/TMI.2017.2778748); docs/metrics.md §1")

METRICS = (
    MetricInfo("se_thin", "Sensitivity on thin vessels", "", "Se over reference pixels inside "
               "F of width <= thin_width (SS thickness of the nearest reference skeleton "
               "pixel)", _SOURCE, short="Se thin", kind="ratio", value_range=UNIT_RANGE),
    MetricInfo("se_thick", "Sensitivity on thick vessels", "", "Se over reference pixels "
               "inside F of width > thin_width", _SOURCE, short="Se thick",
               kind="ratio", value_range=UNIT_RANGE),
)


@stage("reference_widths", needs=(reference_thickness,))
def widths(ctx: StageContext) -> np.ndarray:
    """Local vessel width (SS thickness of the nearest skeleton pixel) per reference pixel."""
    return reference_widths(ctx.case.reference, ctx.get(reference_thickness))


@stage("width_sensitivity", params=("thin_width",), needs=(candidate_mask, widths))
def width_metrics(ctx: StageContext) -> Scores:
    """``se_thin se_thick`` inside the FOV."""
    return width_sensitivity(ctx.get(candidate_mask), ctx.case.reference, ctx.case.fov,
                             ctx.get(widths), in_pixels(ctx.params.thin_width))


FAMILY = Family(name="width", title="Vessel-width sensitivity", metrics=METRICS,
                scores=(width_metrics,))

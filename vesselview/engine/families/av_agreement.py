"""The artery/vein classes of a case on one scale (the family's first stage), and the
overlay that shows where reference and candidate agree on them (``docs/metrics.md`` §11).

The overlay's classes, inside the region the A/V metrics count (the FOV without the
reference's uncertain pixels): correct artery, correct vein, artery called vein, vein
called artery, missed (a reference vessel pixel the candidate leaves background) and
false (a candidate vessel pixel on the reference's background). A pixel that both call
vessel with a crossing or an uncertain class on either side belongs to none of them, as
it belongs to neither side of the A/V classification. The default colours are
Okabe-Ito hues (colour-blind safe), each named in the legend; `RED_BLUE` is the
red-artery/blue-vein alternative, as layer colour overrides.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.av_classes import ARTERY, BACKGROUND, VEIN, AVLabels, av_labels
from vesselview.engine.families.base import StageContext, layer, stage
from vesselview.engine.layers import RGBA, Layer, classes_layer

#: The layer's name (`Result.layers` key) and title.
AV_LAYER = "av_agreement"
AV_TITLE = "Artery/vein agreement"
#: Class names and default colours (Okabe-Ito keys), by class value 1..6.
#: Correct artery is not orange: on a brown fundus it looked like missed (vermillion).
AV_CLASSES = (("correct artery", "reddish_purple"), ("correct vein", "sky_blue"),
              ("artery called vein", "bluish_green"), ("vein called artery", "white"),
              ("missed", "vermillion"), ("false", "blue"))
#: The red/blue alternative (class value -> RGBA), for those used to red arteries and
#: blue veins: red and blue for the correct classes, light tints of the reference's
#: class for the swaps, green for missed and violet for false (none a reserved colour).
RED_BLUE: dict[int, RGBA] = {1: (220, 20, 20, 255), 2: (30, 60, 230, 255),
                             3: (255, 150, 150, 255), 4: (150, 170, 255, 255),
                             5: (0, 200, 0, 255), 6: (150, 0, 200, 255)}


@stage("av_labels", params=("av_crossing", "av_uncertain"))
def av_class_labels(ctx: StageContext) -> AVLabels:
    """Reference and candidate classes as codes under the crossing and uncertain rules,
    and the counted region."""
    return av_labels(ctx.case.labels, ctx.case.candidate_labels, ctx.case.fov,
                     ctx.params.av_crossing, ctx.params.av_uncertain)


def av_agreement_planes(labels: AVLabels) -> list[np.ndarray]:
    """The six classes' masks (bool (H, W), disjoint, `AV_CLASSES` order); all empty
    when ``labels`` has a problem (a side without artery/vein classes)."""
    if labels.problem:
        return []
    assert labels.reference is not None and labels.candidate is not None
    assert labels.region is not None
    ref, cand, region = labels.reference, labels.candidate, labels.region
    ref_vessel, cand_vessel = ref != BACKGROUND, cand != BACKGROUND
    return [region & (ref == r) & (cand == c) for r, c in
            ((ARTERY, ARTERY), (VEIN, VEIN), (ARTERY, VEIN), (VEIN, ARTERY))] + [
        region & ref_vessel & ~cand_vessel, region & cand_vessel & ~ref_vessel]


@layer(AV_LAYER, kind="thin", stacking="strict", needs=(av_class_labels,))
def av_agreement_layer(ctx: StageContext) -> Layer:
    """The six A/V agreement classes; empty, its title saying so, unless both sides carry
    artery/vein classes (the metrics panel gives the reason)."""
    labels = ctx.get(av_class_labels)
    planes = av_agreement_planes(labels)
    title = AV_TITLE
    if not planes:
        planes = [np.zeros(ctx.case.fov.shape, bool)] * len(AV_CLASSES)
        title = f"{AV_TITLE} (no A/V labels)"  # short: one legend line; the panel says why
    return classes_layer(AV_LAYER, title, [(mask, name, colour) for mask, (name, colour)
                                           in zip(planes, AV_CLASSES, strict=True)])

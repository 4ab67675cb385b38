"""The observers as overlay layers: where they disagree, and the fuzzy reference.

``observer_disagreement`` paints, inside the FOV, the pixels some but not all of the
case's observers mark, one class per number of observers marking them ("observers: k
of n mark it", k = 1 .. n - 1; `observer_maps.disagreement`), so that the legend counts
each. ``fuzzy_reference`` paints the membership map (`observer_maps.membership`) as a
ramp from a faint to a solid orange, the reference's hue (0 is left transparent). Both
are empty, with a note in their title, when the case has too few observers.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.families.base import StageContext, layer
from vesselview.engine.layers import OKABE_ITO, TOLERATED_ALPHA, Layer, LegendEntry, tolerated
from vesselview.engine.observer_maps import membership

DISAGREEMENT_TITLE = "Observers disagree"
FUZZY_TITLE = "Fuzzy reference (membership)"
#: The note a layer's title carries when the case has too few observers to draw it.
NEEDS_OBSERVERS = " (none: needs two or more observers)"
NEEDS_MEMBERSHIP = " (none: needs two or more observers or a soft reference)"
#: Reddish purple, the colour of pixels left out of the metrics: the three-valued option
#: ignores exactly these. Every class is solid (a faint tint means "tolerated",
#: `vesselview.engine.layers`); the legend and the readout tell them apart.
_DISPUTED = OKABE_ITO["reddish_purple"]


@layer("observer_disagreement", kind="area", stacking="region")
def disagreement_layer(ctx: StageContext) -> Layer:
    """Class k: FOV pixels marked by exactly k of the case's n observers, 0 < k < n."""
    case = ctx.case
    observers = len(case.references)
    if observers < 2:
        return Layer(name="observer_disagreement", title=DISAGREEMENT_TITLE + NEEDS_OBSERVERS,
                     kind="classes", data=np.zeros(case.fov.shape, np.uint8))
    marking = np.zeros(case.fov.shape, np.uint8)
    for mask in case.references.values():
        marking += mask
    data = np.where(case.fov & (marking < observers), marking, np.uint8(0)).astype(np.uint8)
    legend = tuple(LegendEntry(k, f"observers: {k} of {observers} mark it",
                               _DISPUTED) for k in range(1, observers))
    return Layer(name="observer_disagreement", title=DISAGREEMENT_TITLE, kind="classes",
                 data=data, legend=legend)


#: The ramp's stops: a faint orange at membership 0+, solid orange at 1.
_RAMP = (LegendEntry(1, "membership 0: no observer marks it", tolerated("orange")),
         LegendEntry(128, "membership 0.5: half the observers mark it",
                     (*OKABE_ITO["orange"][:3], (TOLERATED_ALPHA + 255) // 2)),
         LegendEntry(255, "membership 1: every observer marks it", OKABE_ITO["orange"]))


@layer("fuzzy_reference", kind="area", stacking="region")
def fuzzy_reference_layer(ctx: StageContext) -> Layer:
    """The membership in (0, 1] inside the FOV as 1..255 over [0, 1]; 0 where it is 0."""
    case = ctx.case
    share = membership(case)
    if share is None:
        return Layer(name="fuzzy_reference", title=FUZZY_TITLE + NEEDS_MEMBERSHIP,
                     kind="scalar", data=np.zeros(case.fov.shape, np.uint8), legend=_RAMP)
    scaled = 1 + np.rint(np.clip(share, 0.0, 1.0) * 254).astype(np.uint8)
    data = np.where(case.fov & (share > 0), scaled, np.uint8(0)).astype(np.uint8)
    return Layer(name="fuzzy_reference", title=FUZZY_TITLE, kind="scalar", data=data,
                 legend=_RAMP, value_range=(0.0, 1.0))

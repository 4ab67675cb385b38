"""Stages several families share: the candidate at the threshold and both skeletons.

The candidate stage is the only one reading ``threshold`` (for a hard candidate the
pipeline leaves it out of every cache key); every stage that fetches it depends on it.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.families.base import StageContext, stage
from vesselview.engine.thinning import thin


@stage("candidate_mask", params=("threshold",))
def candidate_mask(ctx: StageContext) -> np.ndarray:
    """The candidate mask ``S`` at ``threshold`` (bool, shape (H, W))."""
    return ctx.case.candidate_at(ctx.params.threshold)


@stage("reference_skeleton")
def reference_skeleton(ctx: StageContext) -> np.ndarray:
    """``thin(G)`` over the whole image (bool, shape (H, W))."""
    return thin(ctx.case.reference)


@stage("candidate_skeleton", needs=(candidate_mask,))
def candidate_skeleton(ctx: StageContext) -> np.ndarray:
    """``thin(S)`` over the whole image (bool, shape (H, W))."""
    return thin(ctx.get(candidate_mask))

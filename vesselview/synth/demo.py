"""The built-in demo case: a synthetic DRIVE-like image with a realistic candidate."""

from __future__ import annotations

from vesselview.engine.case import Case
from vesselview.engine.flags import checked_flag
from vesselview.synth.candidate import probability_map
from vesselview.synth.fundus import fundus_image
from vesselview.synth.render import fov_mask, render_mask
from vesselview.synth.tree import vessel_tree


def demo_case(shape: tuple[int, int] = (584, 565), seed: int = 0, soft: bool = False) -> Case:
    """A complete synthetic case: fundus, reference, realistic candidate and FOV.

    Parameters
    ----------
    shape : tuple of int
        ``(H, W)``; 584x565 is DRIVE's size, geometry scales with it.
    seed : int
        One seed for the tree, the photograph and the candidate's errors.
    soft : bool
        If True the candidate is a probability map in ``candidate_soft`` and
        ``candidate = candidate_soft > 0.5``; else ``candidate_soft`` is None.
        The binary candidate is the same either way.

    Returns
    -------
    Case
        Reference and candidate are False outside the FOV.
    """
    soft = checked_flag("soft", soft)
    tree = vessel_tree(shape, seed)
    fov = fov_mask(shape)
    soft_map = probability_map(tree, shape, seed)
    name = f"synthetic:demo(seed={seed})"
    return Case(
        reference=render_mask(tree, shape) & fov,
        candidate=soft_map > 0.5,
        fov=fov,
        candidate_soft=soft_map if soft else None,
        fundus=fundus_image(tree, shape, seed),
        sources={
            "reference": name,
            "candidate": f"synthetic:demo-{'soft' if soft else 'candidate'}(seed={seed})",
            "fov": f"synthetic:fov{shape[0]}x{shape[1]}",
            "fundus": f"synthetic:fundus(seed={seed})",
        },
    )

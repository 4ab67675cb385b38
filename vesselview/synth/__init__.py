"""Procedural, seeded synthetic fundus cases: demo, teaching deformations, test data.

Nothing is downloaded or shipped: every array comes from a ``numpy.random.Generator``
seeded by the caller, bit-for-bit reproducible. No Qt.

>>> from vesselview.synth import demo_case
>>> case = demo_case(seed=0)
>>> case.reference.shape, case.fundus.dtype
((584, 565), dtype('uint8'))
"""

from vesselview.synth.candidate import probability_map, realistic_candidate
from vesselview.synth.demo import demo_case
from vesselview.synth.equal_change import EXPECTED_RANKING, equal_change_set, expected_rank
from vesselview.synth.fundus import fundus_image
from vesselview.synth.render import fov_mask, render_mask
from vesselview.synth.teaching import TEACHING_CASES, TeachingCase, teaching_case
from vesselview.synth.tree import Branch, VesselTree, vessel_tree

__all__ = [
    "EXPECTED_RANKING",
    "TEACHING_CASES",
    "Branch",
    "TeachingCase",
    "VesselTree",
    "demo_case",
    "equal_change_set",
    "expected_rank",
    "fov_mask",
    "fundus_image",
    "probability_map",
    "realistic_candidate",
    "render_mask",
    "teaching_case",
    "vessel_tree",
]

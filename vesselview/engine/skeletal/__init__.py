"""Skeletal similarity (SS), as ``docs/metrics.md`` §5 specifies.

The metric is from Z. Yan, X. Yang, K.-T. Cheng, "A Skeletal Similarity Metric for Quality
Evaluation of Retinal Vessel Segmentation", IEEE Trans. Med. Imaging 37(4):1045-1057, 2018,
doi:10.1109/TMI.2017.2778748.

Mode ``reference`` reproduces the authors' MATLAB code (its quirks documented in each
module) without its crashes. The computation is split into cacheable stages:

1. `skeleton_thickness` (masks only), for reference and candidate: values at the
   skeleton pixels only (`SkeletonValues`);
2. `search_radii` (FOV, R) -> `SearchRange`;
3. `reference_segments` (FOV, min/max length) -> `Segments`;
4. `match_segments` (everything above) -> `SegmentMatches`, and `revised_counts`;
5. `skeletal_scores` (alpha) -> `SkeletalScores`.

`skeletal_similarity` runs them all; `SkeletalProducts` holds the intermediate products.
"""

from vesselview.engine.skeletal._pixels import SkeletonValues
from vesselview.engine.skeletal.assign import Assignment, assign_candidates
from vesselview.engine.skeletal.matching import MATCH_DTYPE, SegmentMatches, match_segments
from vesselview.engine.skeletal.radii import SearchRange, search_radii
from vesselview.engine.skeletal.score import (
    RevisedCounts,
    SkeletalScores,
    revised_counts,
    skeletal_scores,
)
from vesselview.engine.skeletal.segments import Segments, reference_segments
from vesselview.engine.skeletal.similarity import (
    SEGMENT_DTYPE,
    SkeletalProducts,
    skeletal_similarity,
)
from vesselview.engine.skeletal.thickness import skeleton_thickness

__all__ = [
    "MATCH_DTYPE",
    "SEGMENT_DTYPE",
    "Assignment",
    "RevisedCounts",
    "SearchRange",
    "SegmentMatches",
    "Segments",
    "SkeletalProducts",
    "SkeletalScores",
    "SkeletonValues",
    "assign_candidates",
    "match_segments",
    "reference_segments",
    "revised_counts",
    "search_radii",
    "skeletal_scores",
    "skeletal_similarity",
    "skeleton_thickness",
]

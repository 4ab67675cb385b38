"""One-shot skeletal similarity and its intermediate products (``docs/metrics.md`` §5).

The pipeline caches the stages separately (thickness -> search radii -> segments ->
matches -> scores); `skeletal_similarity` composes them for scripts and tests, and
`SkeletalProducts.from_stages` collects what the viewer needs from either route.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.lengths import whole_pixels
from vesselview.engine.params import Params
from vesselview.engine.skeletal._pixels import SkeletonValues, readonly
from vesselview.engine.skeletal.matching import MATCH_DTYPE, SegmentMatches, match_segments
from vesselview.engine.skeletal.radii import SearchRange, search_radii
from vesselview.engine.skeletal.score import SkeletalScores, revised_counts, skeletal_scores
from vesselview.engine.skeletal.segments import Segments, reference_segments
from vesselview.engine.skeletal.thickness import skeleton_thickness
from vesselview.engine.thinning import thin
from vesselview.errors import InputError

#: Per-segment table of `SkeletalProducts`: `MATCH_DTYPE` plus ``score`` (ss_k).
SEGMENT_DTYPE = np.dtype([*MATCH_DTYPE.descr[:-1], ("score", np.float64), ("valid", np.bool_)])


@dataclasses.dataclass(frozen=True, eq=False)
class SkeletalProducts:
    """Every intermediate product of SS, for the viewer and for debugging.

    All arrays are read-only, shape (H, W) unless stated.

    Attributes
    ----------
    ref_skeleton, cand_skeleton : ndarray of bool
        ``thin(G)`` and ``thin(S)``.
    ref_thickness, cand_thickness : SkeletonValues
        Thickness (radius, pixels) at each skeleton's pixels (``.image()``: 0 elsewhere).
    junctions : ndarray of bool
        Junction set J of the reference skeleton.
    labels : ndarray of int32
        Segment label image (0 = none).
    radius : ndarray of uint8
        Search radius per reference skeleton pixel (0 elsewhere).
    search_mask : ndarray of bool
        Search range of the whole reference skeleton, within F.
    pruned : ndarray of bool
        Candidate skeleton inside the search mask.
    assignment_rows, assignment_cols : ndarray of int64, shape (m,)
    assignment_labels : ndarray of int32, shape (m,)
        Every (candidate pixel, segment) pair, sorted by label then scan order; the
        candidate pixels of segment k are those with ``assignment_labels == k``.
    table : ndarray of `SEGMENT_DTYPE`, shape (G,)
        One row per segment with a pixel inside F, by increasing label: label,
        length (n_R), n_s, tg, ts_mean, w, cs, ts, score, valid.
    """

    ref_skeleton: np.ndarray
    cand_skeleton: np.ndarray
    ref_thickness: SkeletonValues
    cand_thickness: SkeletonValues
    junctions: np.ndarray
    labels: np.ndarray
    radius: np.ndarray
    search_mask: np.ndarray
    pruned: np.ndarray
    assignment_rows: np.ndarray
    assignment_cols: np.ndarray
    assignment_labels: np.ndarray
    table: np.ndarray

    @classmethod
    def from_stages(cls, ref_skeleton: np.ndarray, cand_skeleton: np.ndarray,
                    ref_thickness: SkeletonValues, cand_thickness: SkeletonValues,
                    search: SearchRange, segments: Segments, matches: SegmentMatches,
                    scores: SkeletalScores) -> SkeletalProducts:
        """Collect the products of the staged computation."""
        table = np.zeros(matches.table.size, SEGMENT_DTYPE)
        for name in MATCH_DTYPE.names or ():
            table[name] = matches.table[name]
        table["score"] = scores.score
        assignment = matches.assignment
        return cls(ref_skeleton=readonly(ref_skeleton), cand_skeleton=readonly(cand_skeleton),
                   ref_thickness=ref_thickness, cand_thickness=cand_thickness,
                   junctions=segments.junctions, labels=segments.labels, radius=search.radius,
                   search_mask=search.search_mask, pruned=assignment.pruned,
                   assignment_rows=assignment.rows,
                   assignment_cols=assignment.cols, assignment_labels=assignment.labels,
                   table=readonly(table))

    def assigned_at(self, row: int, col: int) -> int:
        """The segment candidate pixel ``(row, col)`` was assigned to (0 = none).

        A pixel tied between segments gives one of them (unspecified which). Looked up
        in the assignment pairs: no (H, W) label image is kept for it.
        """
        pick = np.flatnonzero((self.assignment_rows == row) & (self.assignment_cols == col))
        return int(self.assignment_labels[pick[-1]]) if pick.size else 0


def _binary(name: str, array: np.ndarray, shape: tuple[int, ...] | None) -> np.ndarray:
    """Step 1: ``array > 0`` as a C-contiguous bool image, checked to be 2-D of ``shape``."""
    array = np.asarray(array)
    if array.ndim != 2:
        raise InputError(f"{name} must be a 2-D image, got shape {array.shape}", "<array>")
    if shape is not None and array.shape != shape:
        raise InputError(f"{name} has shape {array.shape} but the reference has shape {shape}",
                         "<array>")
    return np.ascontiguousarray(array > 0)


def skeletal_similarity(reference: np.ndarray, candidate: np.ndarray,
                        fov: np.ndarray | None = None, params: Params | None = None,
                        ref_skeleton: np.ndarray | None = None,
                        cand_skeleton: np.ndarray | None = None
                        ) -> tuple[dict[str, float], dict[str, str], SkeletalProducts]:
    """Skeletal similarity of ``candidate`` S against ``reference`` G, ``ss_mode="reference"``.

    Parameters
    ----------
    reference, candidate : array_like, shape (H, W)
        Vessel masks; non-zero is vessel.
    fov : array_like, shape (H, W), optional
        Field of view F (non-zero inside); the whole image when None.
    params : Params, optional
        Uses ``ss_alpha``, ``ss_R``, ``ss_min_length``, ``ss_max_length``.
    ref_skeleton, cand_skeleton : ndarray of bool, shape (H, W), optional
        ``thin(G)`` and ``thin(S)`` when already computed.

    Returns
    -------
    metrics : dict of str to float
        ``ss ss_cs ss_ts rse rsp racc ss_confidence rnc``; nan where undefined.
    undefined : dict of str to str
        Reason for every nan.
    products : SkeletalProducts

    Raises
    ------
    InputError
        When an input is not 2-D or its shape differs from the reference's.
    """
    params = params or Params()
    reference = _binary("reference", reference, None)
    candidate = _binary("candidate", candidate, reference.shape)
    fov = (np.ones(reference.shape, bool) if fov is None
           else _binary("fov", fov, reference.shape))
    ref_skel = thin(reference) if ref_skeleton is None else _binary(
        "ref_skeleton", ref_skeleton, reference.shape)
    cand_skel = thin(candidate) if cand_skeleton is None else _binary(
        "cand_skeleton", cand_skeleton, reference.shape)
    ref_thickness = skeleton_thickness(reference, ref_skel)
    cand_thickness = skeleton_thickness(candidate, cand_skel)
    search = search_radii(ref_skel, ref_thickness, fov, whole_pixels(params.ss_R))
    segments = reference_segments(ref_skel, fov, whole_pixels(params.ss_min_length),
                                  whole_pixels(params.ss_max_length))
    matches = match_segments(ref_skel, ref_thickness, cand_skel, cand_thickness, search,
                             segments)
    counts = revised_counts(reference, candidate, fov, ref_skel, cand_skel, search.search_mask)
    scores = skeletal_scores(matches.table, counts, segments.confidence, params.ss_alpha)
    products = SkeletalProducts.from_stages(ref_skel, cand_skel, ref_thickness, cand_thickness,
                                            search, segments, matches, scores)
    return dict(scores.metrics), dict(scores.undefined), products

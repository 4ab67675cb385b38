"""Per-segment comparison, independent of alpha (``docs/metrics.md`` §5 step 9).

For every segment k with at least one pixel inside F: the assigned candidate set P_k,
n_S, the mean thicknesses Tg and Ts, the mean search radius W, the orientation, the
cubic fits, cs, ts and the validity flag. A segment with no pixel inside F is skipped.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.skeletal._pixels import (
    SkeletonValues,
    group_starts,
    readonly,
)
from vesselview.engine.skeletal.assign import Assignment, assign_candidates
from vesselview.engine.skeletal.fits import break_ties, curve_similarity, fit_cubics
from vesselview.engine.skeletal.radii import SearchRange
from vesselview.engine.skeletal.segments import Segments
from vesselview.engine.sorted_values import distinct, distinct_of_sorted

#: Step 9g: valid only if n_S > COVERAGE * n_R and n_S > MIN_CANDIDATES.
COVERAGE = 0.6
MIN_CANDIDATES = 3

#: Columns of the per-segment table before scoring (`SEGMENT_DTYPE` adds ``score``).
MATCH_DTYPE = np.dtype([
    ("label", np.int32),      # segment label
    ("length", np.int64),     # n_R: segment pixels inside F
    ("n_s", np.int64),        # n_S: assigned candidate pixels
    ("tg", np.float64),       # mean reference thickness over the segment (pixels)
    ("ts_mean", np.float64),  # mean candidate thickness over P_k (nan when P_k is empty)
    ("w", np.float64),        # mean search radius over the segment (pixels)
    ("cs", np.float64),       # curve similarity (nan when P_k is empty)
    ("ts", np.float64),       # thickness similarity (nan when P_k is empty)
    ("valid", np.bool_),      # n_S > 0.6 n_R and n_S > 3
])


@dataclasses.dataclass(frozen=True, eq=False)
class SegmentMatches:
    """Output of step 9a-9i for all segments.

    Attributes
    ----------
    assignment : Assignment
        Pruned candidate skeleton and the (pixel, segment) pairs.
    table : ndarray of `MATCH_DTYPE`, shape (G,)
        One row per segment with a pixel inside F, by increasing label. cs and ts are
        given for every segment with candidates (invalid ones score 0 all the same).
    """

    assignment: Assignment
    table: np.ndarray


@dataclasses.dataclass(frozen=True)
class _PointSets:
    """Pixels grouped by segment (index 0..G-1), scan order within a group."""

    rows: np.ndarray
    cols: np.ndarray
    group: np.ndarray
    starts: np.ndarray


def _segment_pixels(ref_thickness: SkeletonValues, labels: np.ndarray
                    ) -> tuple[np.ndarray, _PointSets, np.ndarray]:
    """Labels present inside F (sorted), each segment's pixels in scan order, and their
    thickness (the thickness lists every skeleton pixel in scan order)."""
    rows, cols = ref_thickness.rows, ref_thickness.cols
    label = labels[rows, cols]
    inside = np.flatnonzero(label > 0)
    order = inside[np.argsort(label[inside], kind="stable")]
    present, group = distinct_of_sorted(label[order])
    sets = _PointSets(rows[order], cols[order], group, group_starts(group, present.size))
    return present, sets, ref_thickness.values[order]


def _candidate_pixels(assignment: Assignment, present: np.ndarray) -> _PointSets:
    """The pairs of ``assignment`` as point sets indexed like ``present``."""
    group = np.searchsorted(present, assignment.labels)
    return _PointSets(assignment.rows, assignment.cols, group,
                      group_starts(group, present.size))


def _distinct_per_group(values: np.ndarray, group: np.ndarray, n_groups: int) -> np.ndarray:
    """Number of distinct ``values`` (non-negative ints) in each group."""
    span = int(values.max(initial=0)) + 1
    keys = distinct(group.astype(np.int64) * span + values)
    return np.bincount(keys // span, minlength=n_groups)


def _oriented(sets: _PointSets, row_is_x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Step 9d-9e: 1-based (x, y) per point, x tie-broken within each group."""
    flip = row_is_x[sets.group]
    x = np.where(flip, sets.rows, sets.cols).astype(np.float64) + 1.0
    y = np.where(flip, sets.cols, sets.rows).astype(np.float64) + 1.0
    return break_ties(x, sets.starts), y


def _curve_similarities(ref: _PointSets, cand: _PointSets, n_s: np.ndarray) -> np.ndarray:
    """cs per segment (nan where P_k is empty); both fits share P_k's orientation."""
    cs = np.full(n_s.size, np.nan)
    has = n_s > 0
    if not has.any():
        return cs
    row_is_x = (_distinct_per_group(cand.rows, cand.group, n_s.size)
                > _distinct_per_group(cand.cols, cand.group, n_s.size))
    f_ref, zero_ref = fit_cubics(*_oriented(ref, row_is_x), ref.starts)
    x, y = _oriented(cand, row_is_x)
    f_cand, zero_cand = fit_cubics(x, y, np.concatenate(([0], np.cumsum(n_s[has]))))
    cs[has] = curve_similarity(f_ref[has], f_cand, zero_ref[has], zero_cand)
    return cs


def _group_mean(values: np.ndarray, group: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Mean of ``values`` per group (nan for empty groups)."""
    totals = np.bincount(group, weights=values, minlength=counts.size)
    with np.errstate(invalid="ignore", divide="ignore"):
        return totals / counts


def match_segments(ref_skeleton: np.ndarray, ref_thickness: SkeletonValues,
                   cand_skeleton: np.ndarray, cand_thickness: SkeletonValues,
                   search: SearchRange, segments: Segments) -> SegmentMatches:
    """Assign candidate pixels to segments and compare each segment (step 9 without alpha).

    Parameters
    ----------
    ref_skeleton, cand_skeleton : ndarray of bool, shape (H, W)
        ``thin(G)`` and ``thin(S)``.
    ref_thickness, cand_thickness : SkeletonValues
        `skeleton_thickness` of G and S on their skeletons.
    search : SearchRange
    segments : Segments

    Returns
    -------
    SegmentMatches
    """
    assignment = assign_candidates(cand_skeleton, ref_skeleton, segments.labels, search)
    present, ref, thickness = _segment_pixels(ref_thickness, segments.labels)
    cand = _candidate_pixels(assignment, present)
    n_r = np.diff(ref.starts)
    n_s = np.diff(cand.starts)
    tg = _group_mean(thickness, ref.group, n_r)
    w = _group_mean(search.radius[ref.rows, ref.cols].astype(np.float64), ref.group, n_r)
    ts_mean = _group_mean(cand_thickness.at(cand.rows, cand.cols), cand.group, n_s)
    table = np.zeros(present.size, MATCH_DTYPE)
    table["label"], table["length"], table["n_s"] = present, n_r, n_s
    table["tg"], table["ts_mean"], table["w"] = tg, ts_mean, w
    table["cs"] = _curve_similarities(ref, cand, n_s)
    table["ts"] = np.maximum(0.0, 1.0 - np.abs(tg - ts_mean) / w)
    table["valid"] = (n_s > COVERAGE * n_r) & (n_s > MIN_CANDIDATES)
    return SegmentMatches(assignment=assignment, table=readonly(table))

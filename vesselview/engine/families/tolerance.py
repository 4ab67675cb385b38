"""Tolerance F1 family, F1_t (``docs/metrics.md`` §3).

Source: the paper proposing a modified F1 for retinal vessel evaluation (`TOLERANCE_PAPER`).
Both masks are intersected with the FOV; a candidate pixel counts as found when the
reference lies within chessboard distance ``t`` and vice versa:
S_G = S & dil(G, square(t)), G_S = G & dil(S, square(t)), M = min(#S_G, #G_S),
precision = M / #S, recall = M / #G, F1_t = their harmonic mean = 2M / (#S + #G).
t = 0 gives the ordinary Dice; F1_t is symmetric in S and G; both masks empty gives 1.

Ignore regions: the family sees the case with the ignored pixels removed from both masks
and from the FOV (`Case.without_ignored`).
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from vesselview.engine.families.base import (
    UNIT_RANGE,
    MetricInfo,
    StageContext,
    layer,
    stage,
)
from vesselview.engine.families.family import Family
from vesselview.engine.families.shared import candidate_mask
from vesselview.engine.families.sources import TOLERANCE_PAPER
from vesselview.engine.layers import Layer, classes_layer, rule_layer, tolerated
from vesselview.engine.lengths import in_pixels, pixels_text
from vesselview.engine.morphology import dilate_square
from vesselview.engine.row_blocks import row_blocks
from vesselview.engine.scores import Scores

#: Bits of `ToleranceMatch.flags`, one per pixel set.
CANDIDATE, REFERENCE, CANDIDATE_MATCHED, REFERENCE_MATCHED, REFERENCE_BAND = 1, 2, 4, 8, 16
BITS = (CANDIDATE, REFERENCE, CANDIDATE_MATCHED, REFERENCE_MATCHED, REFERENCE_BAND)


@dataclasses.dataclass(frozen=True, eq=False)
class ToleranceMatch:
    """The tolerance-matched pixel sets at one ``t``, one byte per pixel for all five.

    Attributes
    ----------
    flags : ndarray of uint8, shape (H, W), read-only
        Per pixel, the bits of the sets it belongs to (`CANDIDATE`...): five bool images
        would take five bytes per pixel in the stage cache.
    counts : tuple of int
        ``(#(S & F), #(G & F), #S_G, #G_S)``: the pixels of the first four sets, counted
        while the flags were made (the scores need no pass over the image).

    The sets, each a new bool (H, W) array:

    candidate, reference
        ``S & F`` and ``G & F``.
    candidate_matched
        ``S_G``: candidate pixels within chessboard distance t of the reference.
    reference_matched
        ``G_S``: reference pixels within chessboard distance t of the candidate.
    reference_band
        ``dil(G, square(t)) & ~G``: the tolerance band around the reference.
    """

    flags: np.ndarray
    counts: tuple[int, int, int, int]

    def _set(self, bit: int) -> np.ndarray:
        return (self.flags & np.uint8(bit)) != 0

    @property
    def candidate(self) -> np.ndarray:
        return self._set(CANDIDATE)

    @property
    def reference(self) -> np.ndarray:
        return self._set(REFERENCE)

    @property
    def candidate_matched(self) -> np.ndarray:
        return self._set(CANDIDATE_MATCHED)

    @property
    def reference_matched(self) -> np.ndarray:
        return self._set(REFERENCE_MATCHED)

    @property
    def reference_band(self) -> np.ndarray:
        return self._set(REFERENCE_BAND)


def tolerance_match(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray,
                    t: float) -> ToleranceMatch:
    """Match candidate and reference pixels within chessboard distance ``t`` inside the FOV.

    Parameters
    ----------
    candidate, reference, fov : ndarray of bool, shape (H, W)
    t : float
        Tolerance in pixels (chessboard distance, ``square(t)``: a fraction of a pixel
        adds nothing, chessboard distances being whole).

    Notes
    -----
    Made in blocks of rows with a halo of floor(t) rows (`row_blocks`, exact): the
    whole-image temporaries of each step made the time per pixel grow with the image.
    """
    height, width = reference.shape
    flags = np.empty((height, width), np.uint8)
    counts = np.zeros(4, np.int64)
    for block in row_blocks(height, width, max(math.floor(t), 0)):
        read = slice(block.lo, block.hi)
        s, g = candidate[read] & fov[read], reference[read] & fov[read]
        grown_s, grown_g = dilate_square(s, t)[block.own], dilate_square(g, t)[block.own]
        s, g = s[block.own], g[block.own]
        sets = (s, g, s & grown_g, g & grown_s, grown_g & ~g)
        out = flags[block.start:block.stop]
        out.fill(0)
        for bit, pixels in zip(BITS, sets, strict=True):
            out |= pixels.view(np.uint8) * np.uint8(bit)
        counts += [np.count_nonzero(pixels) for pixels in sets[:4]]
    flags.setflags(write=False)
    n_s, n_g, n_sm, n_gm = (int(count) for count in counts)
    return ToleranceMatch(flags, (n_s, n_g, n_sm, n_gm))


def tolerance_scores(match: ToleranceMatch) -> Scores:
    """``f1_t f1_t_precision f1_t_recall`` from a `ToleranceMatch`."""
    out = Scores()
    n_s, n_g, n_sm, n_gm = match.counts
    m = min(n_sm, n_gm)
    out.ratio("f1_t_precision", m, n_s, "candidate is empty inside the FOV")
    out.ratio("f1_t_recall", m, n_g, "reference is empty inside the FOV")
    out.set("f1_t", 1.0 if n_s + n_g == 0 else 2.0 * m / (n_s + n_g))
    return out


_SOURCE = f"{TOLERANCE_PAPER}; docs/metrics.md §3"

METRICS = (
    MetricInfo("f1_t", "Tolerance F1", "", "harmonic mean of the tolerant precision and "
               "recall: pixels within chessboard distance t of the other mask count as matched",
               _SOURCE, short="F1_t", kind="ratio", value_range=UNIT_RANGE),
    MetricInfo("f1_t_precision", "Tolerant precision", "",
               "min(#S within t of G, #G within t of S) / #S", _SOURCE, short="P_t",
               kind="ratio", value_range=UNIT_RANGE),
    MetricInfo("f1_t_recall", "Tolerant recall", "",
               "min(#S within t of G, #G within t of S) / #G", _SOURCE, short="R_t",
               kind="ratio", value_range=UNIT_RANGE),
)


@stage("tolerance_match", params=("t",), needs=(candidate_mask,))
def matched_pixels(ctx: StageContext) -> ToleranceMatch:
    """The pixels matched within chessboard distance ``t`` inside the FOV."""
    return tolerance_match(ctx.get(candidate_mask), ctx.case.reference, ctx.case.fov,
                           in_pixels(ctx.params.t))


@stage("tolerance", needs=(matched_pixels,))
def tolerance_metrics(ctx: StageContext) -> Scores:
    """``f1_t f1_t_precision f1_t_recall``."""
    return tolerance_scores(ctx.get(matched_pixels))


@layer("tolerant", kind="thin", stacking="tolerated", same_pixels="agreement",
        params=("t",), needs=(matched_pixels,))
def tolerant_layer(ctx: StageContext) -> Layer:
    """Matched and unmatched pixels at tolerance ``t``."""
    m = ctx.get(matched_pixels)
    # s, g: S & F, G & F; sm, gm: the matched ones (within t of the other mask)
    return rule_layer("tolerant", f"Tolerance F1 agreement (t = {pixels_text(ctx.params.t)})", [
        m.candidate, m.reference, m.candidate_matched, m.reference_matched], [
        (lambda s, g, sm, gm: s and g, "TP: both", "white"),
        (lambda s, g, sm, gm: sm and not (s and g), "FP within t (tolerated)",
         tolerated("sky_blue")),
        (lambda s, g, sm, gm: gm and not (s and g), "FN within t (tolerated)",
         tolerated("orange")),
        (lambda s, g, sm, gm: s and not sm, "FP beyond t", "blue"),
        (lambda s, g, sm, gm: g and not gm, "FN beyond t", "vermillion"),
    ])


@layer("band_t", kind="band", stacking="band", band_param="t",
        params=("t",), needs=(matched_pixels,))
def band_t_layer(ctx: StageContext) -> Layer:
    """The chessboard band of width ``t`` around the reference (inside the FOV)."""
    return classes_layer("band_t", f"Tolerance band t = {pixels_text(ctx.params.t)} (chessboard)", [
        (ctx.get(matched_pixels).reference_band, "within t of the reference (outside it)",
         "bluish_green")])


FAMILY = Family(name="tolerance", title="Tolerance F1", metrics=METRICS,
                scores=(tolerance_metrics,), layers=(tolerant_layer, band_t_layer))

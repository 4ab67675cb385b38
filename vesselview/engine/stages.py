"""The evaluation stages, what each depends on, and the products they leave for the viewer.

`vesselview.engine.dependencies` is the table the cache keys are built from; `Products`
runs every stage once per evaluation (each fetched from the cache when its parameters
have not changed) and keeps their outputs, so that layers and pixel explanations can be
built later, on any thread, without touching the cache.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from vesselview.engine import cal, contour, distance, pixel, tolerance, topology
from vesselview.engine.overlap import tolerant_overlap
from vesselview.engine.scores import Scores
from vesselview.engine.ss_stages import skeletal_stages
from vesselview.engine.thinning import thin

if TYPE_CHECKING:
    from vesselview.engine.pipeline import _Run

class Products:
    """Outputs of every stage for one evaluation (arrays are read-only).

    Parameters
    ----------
    run : _Run
        The evaluation whose ``stage`` method fetches or computes each stage.
    """

    def __init__(self, run: "_Run") -> None:
        case, p = run.case, run.params
        self.case = case
        self.params = p
        ref, fov = case.reference, case.fov
        self.candidate = run.stage("candidate_mask", lambda: case.candidate_at(p.threshold))
        cand = self.candidate
        self.reference_skeleton = run.stage("reference_skeleton", lambda: thin(ref))
        self.candidate_skeleton = run.stage("candidate_skeleton", lambda: thin(cand))
        self.confusion = run.stage("confusion", lambda: pixel.confusion(cand, ref, fov))
        self.pixel_scores = run.stage("pixel", lambda: pixel.pixel_scores(
            self.confusion, p.tversky_alpha, p.tversky_beta))
        to_reference = run.stage("reference_distances", lambda: distance.distances_to(
            distance.restricted(ref, fov, p.distance_fov), p.distance))
        self.distance_maps = run.stage("distance_maps", lambda: distance.distance_maps(
            cand, ref, fov, p.distance, p.distance_fov, to_reference))
        self.distance_scores = run.stage("distance", lambda: distance.distance_scores(
            self.distance_maps, p.fom_k, p.baddeley_p, p.baddeley_c))
        self._contours(run)
        self.tolerance, self.tolerance_scores = run.stage("tolerance", lambda: _scored(
            tolerance.tolerance_match(cand, ref, fov, p.t), tolerance.tolerance_scores))
        self._cal(run)
        self.topology_scores = run.stage("topology", lambda: topology.topology_scores(
            cand, ref, self.candidate_skeleton, self.reference_skeleton))
        self.skeletal, self.skeletal_scores = skeletal_stages(run, self)

    def _contours(self, run: "_Run") -> None:
        """Contour distances (masks only) and their tolerant scores."""
        maps = self.distance_maps
        distances = run.stage("contour_distances", lambda: contour.contour_distances(
            maps.candidate, maps.reference))
        self.contour_scores = run.stage("contour", lambda: contour.contour_scores(
            distances, maps.candidate, maps.reference, self.params.contour_gamma))

    def _cal(self, run: "_Run") -> None:
        """CAL's masks (whole image or FOV), skeletons and its three factors."""
        p = self.params
        cand, ref = self.candidate, self.case.reference
        if p.cal_fov:
            cand, ref = cand & self.case.fov, ref & self.case.fov
        skeletons = run.stage("cal_skeletons", lambda: (
            (thin(cand), thin(ref)) if p.cal_fov
            else (self.candidate_skeleton, self.reference_skeleton)))
        connectivity = run.stage("cal_connectivity", lambda: cal.connectivity_score(cand, ref))
        self.cal_area = run.stage("cal_area", lambda: tolerant_overlap(cand, ref, p.cal_alpha))
        self.cal_length = run.stage("cal_length", lambda: cal.length_match(
            cand, ref, skeletons[0], skeletons[1], p.cal_beta))
        self.cal_scores = cal.cal_scores(connectivity, self.cal_area, self.cal_length)

    @property
    def shape(self) -> tuple[int, int]:
        """Image shape ``(H, W)``."""
        return self.case.shape


M = TypeVar("M")


def _scored(match: M, score: Callable[[M], Scores]) -> tuple[M, Scores]:
    """A stage's matched sets together with the scores counted from them."""
    return match, score(match)


def score_families(products: Products) -> list[Scores]:
    """The metric values of every family, in the spec's order."""
    return [
        products.pixel_scores,
        products.distance_scores,
        products.contour_scores,
        products.tolerance_scores,
        products.cal_scores,
        products.skeletal_scores,
        products.topology_scores,
    ]

"""What the stage cache keeps per image pixel (issue 15: memory of a full evaluation).

Values defined at skeleton or vessel pixels only are stored at those pixels, not as
full-image float64 maps; these tests walk every stage's value (as the evaluator caches
it) and check the dtype and shape of the full-image arrays it holds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from tests.engine.cases import small_case
from vesselview.engine.case import Case
from vesselview.engine.families import all_stages
from vesselview.engine.params import Params
from vesselview.engine.pipeline.cache import StageCache
from vesselview.engine.pipeline.run import Run


def arrays_in(value: Any) -> Iterator[np.ndarray]:
    """Every array reachable from a stage value (dataclasses, tuples, lists, dicts)."""
    if isinstance(value, np.ndarray):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from arrays_in(item)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from arrays_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from arrays_in(getattr(value, field.name))


@pytest.fixture(scope="module")
def stage_values() -> tuple[Case, dict[str, Any]]:
    case = small_case(soft=True).without_ignored()
    run = Run(case, Params().with_case_threshold(case.threshold), StageCache())
    return case, {stage.name: run.get(stage) for stage in all_stages()}


def full_image_dtypes(value: Any, shape: tuple[int, int]) -> set[np.dtype]:
    return {array.dtype for array in arrays_in(value) if array.shape[:2] == shape}


def test_no_stage_keeps_a_full_image_float64_array(stage_values) -> None:
    # Thickness and widths are kept at their pixels; distance maps as uint32 (d² or d).
    case, values = stage_values
    kept = {name: full_image_dtypes(value, case.reference.shape)
            for name, value in values.items()}
    assert {name for name, dtypes in kept.items() if np.dtype(np.float64) in dtypes} == set()
    for name in ("reference_distances", "distance_maps", "reference_euclidean"):
        assert np.dtype(np.uint32) in kept[name], name


def test_thickness_lists_the_skeleton_pixels_and_widths_the_reference_pixels(
        stage_values) -> None:
    case, values = stage_values
    skeleton = values["reference_skeleton"]
    thickness = values["ss_reference_thickness"]
    assert thickness.values.shape == (np.count_nonzero(skeleton),)
    assert thickness.image().shape == case.reference.shape
    widths = values["reference_widths"]
    assert widths.shape == (np.count_nonzero(case.reference),)
    assert widths.dtype == np.float64


def test_the_tolerance_match_keeps_one_byte_per_pixel(stage_values) -> None:
    case, values = stage_values
    kept = [array for array in arrays_in(values["tolerance_match"])
            if array.shape[:2] == case.reference.shape]
    assert [array.dtype for array in kept] == [np.dtype(np.uint8)]


def test_bytes_per_pixel_kept_by_all_stages_and_layers(stage_values) -> None:
    # Distinct full-image buffers over every stage value (layers included), per pixel:
    # 88 before issue 15's changes (float64 thickness, widths and distance maps, five
    # tolerance masks, an int32 copy of the labels, layers copying their masks...), 36 after;
    # 40 with the detection family (issue 24), 43 with three one-byte class/ramp layers
    # (observer disagreement, fuzzy reference, A/V agreement: issues 23 and 27), which
    # keep a map even when empty (sharing one zero buffer is left to issue 28).
    case, values = stage_values
    buffers: dict[int, int] = {}
    for value in values.values():
        for array in arrays_in(value):
            if array.shape[:2] == case.reference.shape:
                base = array
                while isinstance(base.base, np.ndarray):
                    base = base.base
                buffers[id(base)] = base.nbytes
    assert sum(buffers.values()) / case.reference.size <= 43

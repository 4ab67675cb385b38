"""The no-compile path equals the compiled kernels (``vesselview.engine.kernels_choice``).

Each kernel has an independent implementation used while the kernels compile; here both
run on the same inputs (random noise and vessel-like masks) and must agree exactly. Each
property also feeds both paths the same values stored non-canonically (`layouts`: bool
bytes of 255 or 2, views, strides, negative strides, Fortran order, read-only), directly,
not through a `Case`: the answer must not change, and the caller's arrays must not either.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from skimage.morphology import thin as skimage_thin

import vesselview as vv
from vesselview.engine import edt, kernels_choice
from vesselview.engine.baddeley import _clipped_gap
from vesselview.engine.distance_map import distance_map, distance_map_to_squares
from vesselview.engine.edt import euclidean_distance_to, squared_euclidean_distance_to
from vesselview.engine.skeletal import (
    assign_candidates,
    reference_segments,
    search_radii,
    skeleton_thickness,
)
from vesselview.engine.skeletal._segment_kernels import label_components
from vesselview.engine.skeletal._segment_no_compile import label_components as label_vectorised
from vesselview.engine.skeletal.fits import break_ties
from vesselview.engine.square_edt import squared_half_distances
from vesselview.engine.thinning import thin
from vesselview.synth import demo_case

from .layouts import FORMS, assert_same_array, snapshot, stored_forms
from .masks import noise_masks, vessel_masks, vessel_pairs

BOTH = (kernels_choice.COMPILED, kernels_choice.NO_COMPILE)
#: The first example compiles a kernel (or loads it from the cache).
PROPERTY = settings(max_examples=60, deadline=None)


def both_ways(function, *args):
    """``function(*args)`` with the compiled kernels, then with the no-compile path."""
    results = []
    for mode in BOTH:
        with kernels_choice.forced(mode):
            results.append(function(*args))
    return results


def stored_both_ways(data: st.DataObject, function, *args):
    """`both_ways` on ``args`` with every array drawn in a non-canonical stored form.

    Also checks that neither path changed the given arrays (bytes or flags).
    """
    stored = [data.draw(stored_forms(arg), label=f"argument {k}")
              if isinstance(arg, np.ndarray) else arg for k, arg in enumerate(args)]
    before = [snapshot(arg) for arg in stored if isinstance(arg, np.ndarray)]
    results = both_ways(function, *stored)
    assert [snapshot(arg) for arg in stored if isinstance(arg, np.ndarray)] == before
    return results


def one_answer(data: st.DataObject, function, *args):
    """The compiled result on ``args``, after checking that the no-compile path and both
    paths on non-canonically stored ``args`` give the same arrays (byte for byte)."""
    compiled, *others = (*both_ways(function, *args), *stored_both_ways(data, function, *args))
    for other in others:
        assert_same_array(other, compiled)
    return compiled


def masks() -> st.SearchStrategy[np.ndarray]:
    return st.one_of(noise_masks(), vessel_masks())


@PROPERTY
@given(masks(), st.data())
def test_distance_transform(mask: np.ndarray, data: st.DataObject) -> None:
    assert one_answer(data, euclidean_distance_to, mask).dtype == np.float64


@PROPERTY
@given(masks(), st.data())
def test_squared_distance_transform(mask: np.ndarray, data: st.DataObject) -> None:
    mask.flat[0] |= not mask.any()  # the squared transform wants a feature
    assert one_answer(data, squared_euclidean_distance_to, mask).dtype == np.uint32


@PROPERTY
@given(masks(), st.data())
def test_squared_distances_to_pixel_squares(mask: np.ndarray, data: st.DataObject) -> None:
    # the compiled passes at the pixel-centre rows against scipy on the whole lattice
    mask.flat[0] |= not mask.any()
    assert one_answer(data, squared_half_distances, mask).dtype == np.uint32


@PROPERTY
@given(vessel_pairs(with_fov=False), st.sampled_from(["euclidean", "cityblock"]),
       st.floats(0.5, 9.0), st.booleans(), st.data())
def test_baddeley_clipped_gap(pair, kind: str, c: float, to_squares: bool,
                              data: st.DataObject) -> None:
    candidate, reference = pair[:2]
    height, width = reference.shape
    transform = distance_map_to_squares if to_squares else distance_map
    gaps = []
    for given_masks in ((reference, candidate),
                        [data.draw(stored_forms(mask)) for mask in (reference, candidate)]):
        maps = [transform(mask, kind) if mask.any() else None for mask in given_masks]
        gaps += both_ways(_clipped_gap, *maps, c, slice(1, height), width)
    for gap in gaps:
        assert gap.dtype == np.float64
        np.testing.assert_array_equal(gap.view(np.uint64), gaps[0].view(np.uint64))


def test_squared_distances_across_a_long_image_are_exact() -> None:
    # The case OpenCV's float32 transform gets wrong: long-range squared distances.
    mask = np.zeros((2, 1000), bool)
    mask[0, 0] = True
    compiled, vectorised = both_ways(squared_euclidean_distance_to, mask)
    np.testing.assert_array_equal(compiled, vectorised)
    assert vectorised[1, 885] == 885 ** 2 + 1


def test_squared_distances_beyond_32_bits_are_exact() -> None:
    # A squared diagonal above 2**32 - 1: both paths give int64 d².
    mask = np.zeros((2, 70_000), bool)
    mask[1, 3] = mask[0, 40_000] = True
    compiled, vectorised = both_ways(squared_euclidean_distance_to, mask)
    assert_same_array(vectorised, compiled)
    assert vectorised.dtype == np.int64
    assert vectorised[0, 69_999] == 29_999 ** 2
    assert vectorised[0, 0] == 3 ** 2 + 1


@pytest.mark.parametrize("fill", [False, True])
def test_distance_transform_of_empty_and_full_masks(fill: bool) -> None:
    compiled, vectorised = both_ways(euclidean_distance_to, np.full((5, 7), fill))
    np.testing.assert_array_equal(compiled, vectorised)
    assert np.all(vectorised == (0.0 if fill else np.inf))


@pytest.mark.parametrize("mode", BOTH)
def test_squared_distances_to_an_empty_mask_are_refused(mode: str) -> None:
    # The compiled row pass would read a parabola that does not exist (a crash once).
    with kernels_choice.forced(mode), pytest.raises(ValueError, match="no True pixel"):
        squared_euclidean_distance_to(np.zeros((300, 9), bool))


@pytest.mark.parametrize("height", [5, 300])  # one row block, and rows on threads
def test_the_compiled_row_pass_leaves_a_featureless_image_at_none(height: int) -> None:
    # The half-pixel lattice transform calls the row pass without the guard above.
    none = np.iinfo(np.uint32).max
    squared = edt._compiled_transform(np.zeros((height, 9), bool), np.uint32)
    assert squared.dtype == np.uint32 and np.all(squared == none)


@PROPERTY
@given(masks(), st.data())
def test_thinning(mask: np.ndarray, data: st.DataObject) -> None:
    one_answer(data, thin, mask)


@pytest.mark.parametrize("form", sorted(FORMS))
def test_thinning_a_one_bit_png_mask(form: str) -> None:
    # The case: Pillow's mode-'1' masks hold True as byte 255.
    mask = np.zeros((9, 12), bool)
    mask[2:7, 1:11] = True
    compiled, vectorised = both_ways(thin, FORMS[form](mask))
    assert_same_array(compiled, vectorised)
    assert_same_array(vectorised, skimage_thin(mask))


@PROPERTY
@given(st.one_of(masks(), st.builds(np.ones, st.tuples(st.integers(1, 30), st.integers(1, 30)),
                                    st.just(bool))), st.data())
def test_thickness(mask: np.ndarray, data: st.DataObject) -> None:
    results = both_ways(skeleton_thickness, mask, thin(mask))
    results += stored_both_ways(data, skeleton_thickness, mask, thin(mask))
    for result in results:
        assert_same_array(result.values, results[0].values)
        assert_same_array(result.rows, results[0].rows)


def test_thickness_beyond_ten_pixels_searches_the_window_corners() -> None:
    # One background pixel: nothing within distance 10 of the skeleton pixels, but it
    # lies in the 21x21 window (a corner) of some of them and outside that of others.
    mask = np.ones((40, 40), bool)
    mask[30, 30] = False
    skeleton = np.zeros_like(mask)
    skeleton[18:23, 18:23] = True
    compiled, vectorised = both_ways(skeleton_thickness, mask, skeleton)
    np.testing.assert_array_equal(compiled.values, vectorised.values)
    image = vectorised.image()
    assert image[20, 20] == np.sqrt(200.0)
    assert image[20, 21] == np.sqrt(181.0)
    assert image[18, 18] == 100.0


@PROPERTY
@given(masks(), st.integers(1, 6), st.integers(6, 20), st.booleans(), st.data())
def test_reference_segments(mask: np.ndarray, min_length: int, max_length: int,
                            whole_fov: bool, data: st.DataObject) -> None:
    skeleton = thin(mask)
    fov = np.ones_like(mask) if whole_fov else np.triu(np.ones_like(mask))
    args = skeleton, fov, min_length, max_length
    compiled, *others = (*both_ways(reference_segments, *args),
                         *stored_both_ways(data, reference_segments, *args))
    for other in others:
        assert_same_array(other.junctions, compiled.junctions)
        assert_same_array(other.labels, compiled.labels)
        assert other.confidence == compiled.confidence or np.isnan(compiled.confidence)


@PROPERTY
@given(hnp.arrays(np.bool_, st.tuples(st.integers(1, 20), st.integers(1, 20))),
       st.data())
def test_component_labels_in_scan_order(image: np.ndarray, data: st.DataObject) -> None:
    rows, cols = np.nonzero(image.T)[::-1]  # column-major scan order
    rows, cols = rows.astype(np.int64), cols.astype(np.int64)
    index = np.zeros(image.shape, np.int32)
    index[rows, cols] = np.arange(1, rows.size + 1)
    keep = np.array(data.draw(st.lists(st.booleans(), min_size=rows.size, max_size=rows.size)),
                    dtype=np.bool_)
    expected = label_components(index, keep, rows, cols)
    np.testing.assert_array_equal(expected, label_vectorised(index, keep, rows, cols))
    # A private kernel takes its caller's C-contiguous arrays; bool bytes may be any.
    odd = FORMS[data.draw(st.sampled_from(["bytes_255_writable", "bytes_2"]))](keep)
    np.testing.assert_array_equal(label_components(index, odd, rows, cols), expected)
    np.testing.assert_array_equal(label_vectorised(index, odd, rows, cols), expected)


@PROPERTY
@given(vessel_pairs(), st.integers(1, 6), st.data())
def test_candidate_assignment(pair: tuple[np.ndarray, ...], max_radius: int,
                              data: st.DataObject) -> None:
    candidate, reference, fov = pair
    ref_skeleton = thin(reference)
    search = search_radii(ref_skeleton, skeleton_thickness(reference, ref_skeleton), fov,
                          max_radius)
    labels = reference_segments(ref_skeleton, fov, 4, 15).labels
    args = thin(candidate), ref_skeleton, labels, search
    compiled, *others = (*both_ways(assign_candidates, *args),
                         *stored_both_ways(data, assign_candidates, *args))
    for other in others:
        for name in ("pruned", "rows", "cols", "labels"):
            assert_same_array(getattr(other, name), getattr(compiled, name))


@PROPERTY
@given(st.lists(st.lists(st.integers(1, 6), max_size=40), min_size=1, max_size=6), st.data())
def test_tie_breaks(groups: list[list[int]], data: st.DataObject) -> None:
    x = np.array([value for group in groups for value in group], np.float64)
    starts = np.cumsum([0] + [len(group) for group in groups]).astype(np.int64)
    one_answer(data, break_ties, x, starts)


@pytest.mark.parametrize("soft", [False, True])
def test_a_whole_evaluation_is_identical(soft: bool) -> None:
    case = demo_case(shape=(160, 150), soft=soft)
    compiled, vectorised = both_ways(lambda: vv.Evaluator(case).evaluate(vv.Params()))
    assert compiled.metrics.keys() == vectorised.metrics.keys()
    for key, value in compiled.metrics.items():
        assert value == vectorised.metrics[key] or (np.isnan(value)
                                                   and np.isnan(vectorised.metrics[key])), key
    for name in compiled.layers:
        np.testing.assert_array_equal(compiled.layers[name].data, vectorised.layers[name].data)


def test_an_unknown_mode_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kernels_choice.MODE_ENV, "fast")
    with pytest.raises(ValueError, match="VESSELVIEW_KERNELS='fast'"):
        kernels_choice.use_compiled(100)
    with pytest.raises(ValueError, match="unknown kernel mode"), kernels_choice.forced("fast"):
        pass


def test_the_rule_never_waits_for_a_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    waits = []
    monkeypatch.delenv(kernels_choice.MODE_ENV, raising=False)
    monkeypatch.setattr(kernels_choice.kernels_warmup, "wait_for_kernels",
                        lambda: waits.append(True))
    monkeypatch.setattr(kernels_choice.kernels_warmup, "loaded", lambda: True)
    monkeypatch.setattr(kernels_choice.kernels_warmup, "compiling", lambda: True)
    for pixels in (1, kernels_choice.SMALL_PIXELS, kernels_choice.SMALL_PIXELS + 1, 10**9):
        assert not kernels_choice.use_compiled(pixels)
    assert not waits
    with kernels_choice.forced(kernels_choice.COMPILED):  # forced: waits for them
        assert kernels_choice.use_compiled(1)
    assert waits == [True]
    with kernels_choice.forced(kernels_choice.NO_COMPILE):
        assert not kernels_choice.use_compiled(10**9)


@pytest.mark.parametrize("loaded", [False, True])
def test_the_rule_by_size_once_compiled(monkeypatch: pytest.MonkeyPatch, loaded: bool) -> None:
    """A small image runs the compiled kernels only once this process has loaded them (a
    single small evaluation never imports numba); a larger one runs them always."""
    monkeypatch.delenv(kernels_choice.MODE_ENV, raising=False)
    monkeypatch.setattr(kernels_choice.kernels_warmup, "compiling", lambda: False)
    monkeypatch.setattr(kernels_choice.kernels_warmup, "loaded", lambda: loaded)
    assert kernels_choice.use_compiled(1) is loaded
    assert kernels_choice.use_compiled(kernels_choice.SMALL_PIXELS) is loaded
    assert kernels_choice.use_compiled(kernels_choice.SMALL_PIXELS + 1)
    with kernels_choice.forced(kernels_choice.NO_COMPILE):
        assert not kernels_choice.use_compiled(kernels_choice.SMALL_PIXELS + 1)
    with kernels_choice.forced(kernels_choice.COMPILED):
        assert kernels_choice.use_compiled(1)

"""A `Case` holds canonical copies of its arrays, whatever the caller handed over.

Canonical: bool masks whose bytes are exactly 0 and 1, every array C-contiguous, owned
and read-only, the probability map float32. The caller's arrays keep their bytes and
flags. `canonical_mask` itself is checked against numpy's own reading of the values.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from skimage.morphology import skeletonize

import vesselview as vv
from vesselview.engine.canonical import canonical_mask

from .layouts import FORMS, assert_same_array, snapshot, stored_forms
from .masks import noise_masks

PROPERTY = settings(max_examples=80, deadline=None)
ROLES = ("reference", "candidate", "fov", "ignore")


def _is_canonical(array: np.ndarray) -> bool:
    return bool(array.flags.c_contiguous and array.flags.owndata and not array.flags.writeable
                and (array.dtype != np.bool_ or array.view(np.uint8).max(initial=0) <= 1))


@PROPERTY
@given(hnp.arrays(np.uint8, hnp.array_shapes(min_dims=2, max_dims=2, max_side=12)))
def test_canonical_mask_reads_every_non_zero_byte_as_true(data: np.ndarray) -> None:
    stored = np.frombuffer(data.tobytes(), np.bool_).reshape(data.shape)
    mask = canonical_mask(stored)
    assert_same_array(mask, data != 0)
    assert mask.flags.c_contiguous and mask.flags.owndata and mask.flags.writeable
    assert_same_array(canonical_mask(data), data != 0)  # numbers: non-zero is True


@PROPERTY
@given(st.data(), noise_masks(2, 16))
def test_case_masks_are_canonical_copies_of_any_stored_form(data: st.DataObject,
                                                            mask: np.ndarray) -> None:
    given_arrays = {role: data.draw(stored_forms(values), label=role)
                    for role, values in zip(ROLES, (mask, ~mask, np.ones_like(mask), mask),
                                            strict=True)}
    before = {role: snapshot(array) for role, array in given_arrays.items()}
    case = vv.Case(**given_arrays)
    for role, values in zip(ROLES, (mask, ~mask, np.ones_like(mask), mask), strict=True):
        held = getattr(case, role)
        assert _is_canonical(held), role
        assert_same_array(held, values)
        assert not np.shares_memory(held, given_arrays[role])
        assert snapshot(given_arrays[role]) == before[role], f"{role} was modified"


@pytest.mark.parametrize("form", sorted(FORMS))
def test_probability_map_and_fundus_are_owned_float32_and_uint8(form: str) -> None:
    rng = np.random.default_rng(3)
    soft64 = rng.uniform(0.0, 1.0, (7, 9))
    fundus = rng.integers(0, 256, (7, 9, 3), dtype=np.uint8)
    soft_given, fundus_given = FORMS[form](soft64), FORMS[form](fundus)
    before = snapshot(soft_given), snapshot(fundus_given)
    case = vv.Case(soft64 > 0.5, soft64 > 0.5, np.ones((7, 9), bool),
                   candidate_soft=soft_given, fundus=fundus_given)
    assert case.candidate_soft is not None and case.fundus is not None
    assert _is_canonical(case.candidate_soft) and _is_canonical(case.fundus)
    assert_same_array(case.candidate_soft, soft64.astype(np.float32))
    assert_same_array(case.fundus, fundus)
    assert (snapshot(soft_given), snapshot(fundus_given)) == before


def test_a_case_shares_the_arrays_of_another_case_and_copies_every_other() -> None:
    mask = np.eye(6, 7, dtype=bool)
    first = vv.Case(mask, mask, np.ones_like(mask), fundus=np.zeros((6, 7, 3), np.uint8))
    second = vv.Case(first.reference, ~mask, first.fov, fundus=first.fundus)
    assert second.reference is first.reference and second.fov is first.fov
    assert second.fundus is first.fundus
    assert second.candidate is not first.candidate
    look_alike = np.ascontiguousarray(first.reference.copy())  # canonical, but the caller's
    look_alike.setflags(write=False)
    assert vv.Case(look_alike, mask, mask).reference is not look_alike


def test_a_float64_map_gives_the_numbers_of_its_float32_file() -> None:
    # load_case reads every probability map as float32; a float64 array given to Case
    # directly is rounded the same way, so both give one answer.
    soft = np.full((3, 4), 0.5 + 2.0**-30)  # above 0.5 in float64, exactly 0.5 in float32
    soft[0, 0] = 0.9
    reference = np.eye(3, 4, dtype=bool)
    case = vv.Case(reference, soft > 0.5, np.ones((3, 4), bool), candidate_soft=soft)
    loaded = vv.load_case(reference, soft)
    assert_same_array(case.candidate_at(None), loaded.candidate_at(None))
    assert int(case.candidate_at(None).sum()) == 1


def test_load_case_leaves_the_callers_arrays_writeable_and_usable() -> None:
    reference = np.zeros((20, 20), bool)
    reference[5:15, 8:12] = True
    candidate = reference.copy()
    vv.load_case(reference=reference, candidate=candidate)
    assert reference.flags.writeable and candidate.flags.writeable
    reference[0, 0] = True  # the caller may still change its own array...
    reference[0, 0] = False
    assert skeletonize(reference).any()  # ...and scikit-image may still read it


def test_a_one_bit_png_candidate_is_held_as_zero_one_bytes(tmp_path) -> None:
    from PIL import Image

    mask = np.zeros((12, 10), bool)
    mask[2:10, 3:6] = True
    Image.fromarray(mask).convert("1").save(tmp_path / "candidate.png")
    assert np.asarray(Image.open(tmp_path / "candidate.png")).view(np.uint8).max() == 255
    case = vv.load_case(mask, tmp_path / "candidate.png")
    assert_same_array(case.candidate, mask)


@PROPERTY
@given(st.data(), noise_masks(2, 16))
def test_observer_masks_and_label_maps_are_canonical_copies(data: st.DataObject,
                                                            mask: np.ndarray) -> None:
    labels = np.where(mask, np.uint8(1), np.uint8(2)).astype(np.uint8)
    observers = {"observer2": ~mask, "observer3": mask}
    given_masks = {name: data.draw(stored_forms(values), label=name)
                   for name, values in observers.items()}
    given_labels = data.draw(stored_forms(labels), label="labels")
    before = [snapshot(array) for array in (*given_masks.values(), given_labels)]
    label_map = vv.LabelMap(given_labels, {1: "artery", 2: "vein"})
    case = vv.Case(mask, mask, np.ones_like(mask), references=given_masks, labels=label_map)
    assert list(case.references) == ["observer1", "observer2", "observer3"]
    assert case.references["observer1"] is case.reference
    for name, values in observers.items():
        held = case.references[name]
        assert _is_canonical(held), name
        assert_same_array(held, values)
        assert not np.shares_memory(held, given_masks[name])
    assert case.labels is label_map and _is_canonical(label_map.image)
    assert_same_array(label_map.image, labels)
    assert not np.shares_memory(label_map.image, given_labels)
    assert [snapshot(array) for array in (*given_masks.values(), given_labels)] == before


def test_a_replaced_case_shares_its_observers_and_labels() -> None:
    mask = np.eye(6, 7, dtype=bool)
    labels = vv.LabelMap(mask.astype(np.uint8), {1: "artery"})
    first = vv.Case(mask, mask, np.ones_like(mask), references={"observer2": ~mask},
                    labels=labels)
    second = dataclasses.replace(first, candidate=~mask)
    assert second.references["observer2"] is first.references["observer2"]
    assert second.reference is first.reference and second.labels is first.labels
    again = vv.LabelMap(labels.image, labels.classes)
    assert again.image is labels.image  # made by a LabelMap: shared, not copied

"""``load_case(reference_soft=...)``: a soft (fuzzy) reference file read as memberships."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from tests.mask_files import save_mask, vessel_mask
from vesselview import InputError, load_case, reference_cases


@pytest.fixture
def masks(tmp_path):
    return (str(save_mask(tmp_path / "ref.png", vessel_mask(0))),
            str(save_mask(tmp_path / "pred.png", vessel_mask(1))))


def test_a_grey_soft_reference_is_its_fraction_of_full_scale(tmp_path, masks) -> None:
    grey = (np.arange(16 * 20).reshape(16, 20) % 256).astype(np.uint8)
    Image.fromarray(grey).save(tmp_path / "soft.png")
    case = load_case(*masks, reference_soft=tmp_path / "soft.png")
    assert case.reference_soft is not None
    np.testing.assert_allclose(case.reference_soft, grey / 255, atol=1e-7)
    assert case.sources["reference_soft"] == str(tmp_path / "soft.png")
    (fuzzy,) = reference_cases(case, "fuzzy")
    np.testing.assert_array_equal(fuzzy.reference, grey / 255 > 0.5)


def test_a_binary_soft_reference_is_a_crisp_membership(tmp_path, masks) -> None:
    save_mask(tmp_path / "soft.png", vessel_mask(2))
    case = load_case(*masks, reference_soft=tmp_path / "soft.png")
    np.testing.assert_array_equal(case.reference_soft, vessel_mask(2).astype(np.float32))


def test_a_soft_reference_of_another_size_names_both_files(tmp_path, masks) -> None:
    Image.fromarray(np.zeros((5, 5), np.uint8)).save(tmp_path / "small.png")
    with pytest.raises(InputError, match=r"small\.png: The soft reference is 5x5.*ref\.png"):
        load_case(*masks, reference_soft=tmp_path / "small.png")


def test_without_a_soft_reference_the_case_has_none(masks) -> None:
    assert load_case(*masks).reference_soft is None

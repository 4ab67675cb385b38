"""`Case` validates in its constructor: no public path can hold arrays the engine misreads."""

from __future__ import annotations

import numpy as np
import pytest

from vesselview import Case, InputError

MASK = np.zeros((4, 5), bool)


def _case(**changes) -> Case:
    arrays = {"reference": MASK, "candidate": MASK, "fov": ~MASK, **changes}
    return Case(**arrays)


def test_a_valid_case_is_read_only() -> None:
    case = _case(candidate_soft=np.full((4, 5), 0.25, np.float32),
                 fundus=np.zeros((4, 5, 3), np.uint8))
    assert case.shape == (4, 5)
    with pytest.raises(ValueError, match="read-only"):
        case.reference[0, 0] = True


def test_mismatched_shapes_name_the_role_and_both_shapes() -> None:
    with pytest.raises(InputError, match=r"candidate .* shape \(5, 5\) but reference has "
                                         r"shape \(4, 5\)"):
        _case(candidate=np.zeros((5, 5), bool))
    with pytest.raises(InputError, match=r"fov .*\(4, 6\).*\(4, 5\)"):
        _case(fov=np.ones((4, 6), bool))


def test_a_uint8_mask_is_refused_with_the_fix() -> None:
    with pytest.raises(InputError, match=r"reference .* bool mask, got dtype uint8 .*mask > 0"):
        _case(reference=MASK.astype(np.uint8) * 255)


@pytest.mark.parametrize("array", [np.zeros((4, 5, 3), bool), np.zeros(5, bool),
                                   np.zeros((0, 5), bool)])
def test_a_mask_must_be_a_non_empty_2d_image(array) -> None:
    with pytest.raises(InputError, match=r"reference .* non-empty 2-D"):
        _case(reference=array)


def test_a_list_is_not_an_array() -> None:
    with pytest.raises(InputError, match=r"fov .* numpy array, got list"):
        _case(fov=[[True]])


@pytest.mark.parametrize("soft", [np.full((4, 5), 1.5), np.full((4, 5), np.nan),
                                  np.zeros((4, 5), np.uint8), np.zeros((3, 5))])
def test_a_bad_probability_map_is_refused(soft) -> None:
    with pytest.raises(InputError, match="candidate_soft"):
        _case(candidate_soft=soft)


@pytest.mark.parametrize("fundus", [np.zeros((4, 5), np.uint8), np.zeros((4, 5, 3)),
                                    np.zeros((5, 5, 3), np.uint8)])
def test_a_bad_fundus_is_refused(fundus) -> None:
    with pytest.raises(InputError, match=r"fundus .* uint8 RGB of shape \(4, 5, 3\)"):
        _case(fundus=fundus)


def test_the_error_names_the_source_file() -> None:
    with pytest.raises(InputError, match=r"candidate \(01_pred.png\)") as raised:
        Case(reference=MASK, candidate=np.zeros((2, 2), bool), fov=~MASK,
             sources={"candidate": "01_pred.png"})
    assert raised.value.source == "01_pred.png"


def test_threshold_outside_unit_interval_is_refused() -> None:
    with pytest.raises(InputError, match="threshold"):
        _case(threshold=1.5)

"""`load_case` with the field's data: other observers' references, spacing, a label map."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from PIL import Image

import vesselview as vv
from vesselview.errors import InputError
from vesselview.io import MaskWarning, PolarityWarning


def _save(path, mask: np.ndarray, true_value: int = 255) -> str:
    Image.fromarray(mask.astype(np.uint8) * np.uint8(true_value)).save(path)
    return str(path)


def test_one_reference_loads_as_before(vessel) -> None:
    case = vv.load_case(vessel, vessel)
    assert list(case.references) == ["observer1"] and case.observer == "observer1"
    assert case.spacing_um is None and case.labels is None
    assert set(case.sources) == {"reference", "candidate", "fov", "fundus", "ignore"}


def test_other_observers_are_read_like_the_reference_with_their_files(tmp_path, vessel) -> None:
    second = np.roll(vessel, 1, axis=1)
    first_file = _save(tmp_path / "01_manual1.png", vessel)
    second_file = _save(tmp_path / "01_manual2.png", second, true_value=1)  # 0/1 bytes
    case = vv.load_case(first_file, vessel, references={"observer2": second_file})
    np.testing.assert_array_equal(case.reference, vessel)
    np.testing.assert_array_equal(case.references["observer2"], second)
    assert case.references["observer1"] is case.reference
    assert case.sources["reference"] == first_file and case.sources["observer2"] == second_file
    arrays = vv.load_case(vessel, vessel, references={"observer2": second, "observer3": vessel})
    assert list(arrays.references) == ["observer1", "observer2", "observer3"]
    assert arrays.sources["observer3"] == "<array>"


def test_the_reference_may_be_another_observers(vessel) -> None:
    second = np.roll(vessel, 1, axis=0)
    case = vv.load_case(second, vessel, observer="observer2", references={"observer1": vessel})
    assert case.observer == "observer2" and case.references["observer2"] is case.reference
    np.testing.assert_array_equal(case.references["observer1"], vessel)


def test_invert_reference_and_the_threshold_apply_to_every_observer(vessel) -> None:
    soft = np.where(vessel, 0.2, 0.9)  # an inverted probability map
    case = vv.load_case(~vessel, vessel, references={"observer2": soft},
                        invert_reference=True, threshold=0.5)
    np.testing.assert_array_equal(case.references["observer2"], vessel)


def test_an_observer_file_of_another_size_names_both_files(tmp_path, vessel) -> None:
    small = _save(tmp_path / "01_manual2.png", vessel[:4])
    reference = _save(tmp_path / "01_manual1.png", vessel)
    with pytest.raises(InputError, match=r"01_manual2.png: The reference of observer2 is "
                                         r"4x8 pixels .* but the reference .*01_manual1.png "
                                         r"is 6x8") as raised:
        vv.load_case(reference, vessel, references={"observer2": small})
    assert raised.value.source == small


def test_an_unreadable_observer_file_is_named(tmp_path, vessel) -> None:
    broken = tmp_path / "01_manual2.gif"
    broken.write_bytes(b"GIF89a broken")
    with pytest.raises(InputError, match=r"01_manual2\.gif"):
        vv.load_case(vessel, vessel, references={"observer2": broken})


def test_the_chosen_observer_is_given_once(vessel) -> None:
    with pytest.raises(InputError, match="references names 'observer1', the observer whose "
                                         "mask is the reference"):
        vv.load_case(vessel, vessel, references={"observer1": vessel})
    with pytest.raises(InputError, match="references must map observer names"):
        vv.load_case(vessel, vessel, references=[vessel])


def test_an_observer_drawn_mostly_vessel_is_named_in_a_polarity_warning(vessel) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        case = vv.load_case(vessel, vessel, references={"observer2": np.ones_like(vessel)})
    polarity = [str(w.message) for w in caught if issubclass(w.category, PolarityWarning)]
    assert len(polarity) == 1 and "observer2 reference array" in polarity[0]
    assert "invert_reference=True" in polarity[0] and polarity[0] in case.warnings
    assert all(issubclass(w.category, MaskWarning) for w in caught)


def test_a_given_spacing_is_recorded_with_its_source(vessel) -> None:
    case = vv.load_case(vessel, vessel, spacing_um=6.9)
    assert case.spacing_um == 6.9 and case.sources["spacing"] == "given"
    with pytest.raises(InputError, match=r"spacing_um \(given\) must be a finite number"):
        vv.load_case(vessel, vessel, spacing_um=-6.9)


def test_a_label_map_is_held_and_checked_against_the_masks(vessel) -> None:
    labels = vv.LabelMap(vessel.astype(np.uint8), {1: "artery"}, "av.png")
    assert vv.load_case(vessel, vessel, labels=labels).labels is labels
    with pytest.raises(InputError, match=r"labels \(av.png\) has shape"):
        vv.load_case(vessel, vessel, labels=vv.LabelMap(np.zeros((2, 2), np.uint8), {},
                                                        "av.png"))

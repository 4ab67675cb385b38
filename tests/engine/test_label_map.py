"""`LabelMap`: an image of vessel classes, validated once, its errors naming its source."""

from __future__ import annotations

import numpy as np
import pytest

from vesselview import InputError, LabelMap

AV = {1: "artery", 2: "vein", 3: "crossing", 4: "uncertain"}
IMAGE = np.array([[0, 1, 1], [2, 3, 4]], np.uint8)


def test_a_label_map_keeps_its_classes_by_value_read_only() -> None:
    labels = LabelMap(IMAGE, {np.uint8(2): "vein", 1: "artery", 3: "crossing", 4: "uncertain"},
                      "av.png")
    assert list(labels.classes.items()) == list(AV.items())
    assert labels.shape == (2, 3) and labels.source == "av.png"
    with pytest.raises(TypeError):
        labels.classes[5] = "other"  # type: ignore[index]
    with pytest.raises(ValueError, match="read-only"):
        labels.image[0, 0] = 1


def test_values_naming_no_class_are_refused_with_the_values_the_source_and_the_fix() -> None:
    image = np.array([[0, 1, 9], [2, 7, 1]], np.uint8)
    with pytest.raises(InputError, match=r"Label map \(av.png\): holds values 7, 9 that name "
                                         r"no class \(classes: 1 artery, 2 vein\); add them "
                                         r"to classes, or set those pixels to 0") as raised:
        LabelMap(image, {1: "artery", 2: "vein"}, "av.png")
    assert raised.value.source == "av.png"


@pytest.mark.parametrize("image", [IMAGE.astype(np.int32), IMAGE[0], np.zeros((0, 3), np.uint8),
                                   IMAGE.tolist()])
def test_the_image_must_be_a_two_dimensional_uint8_array(image) -> None:
    with pytest.raises(InputError, match=r"Label map \(<array>\): image must be a"):
        LabelMap(image, AV)


@pytest.mark.parametrize("classes, problem", [
    ({0: "background", 1: "artery"}, r"class value 0 must be an integer in 1\.\.255"),
    ({256: "artery"}, r"class value 256"),
    ({True: "artery"}, r"class value True"),
    ({1: ""}, r"class 1 must have a non-empty name"),
    ({1: "vessel", 2: "vessel"}, r"class name 'vessel' is given to two values"),
    ([(1, "artery")], r"classes must map values to names"),
])
def test_bad_classes_are_refused(classes, problem) -> None:
    with pytest.raises(InputError, match=problem):
        LabelMap(np.zeros((2, 2), np.uint8), classes)


def test_cleared_sets_a_region_to_background() -> None:
    labels = LabelMap(IMAGE, AV)
    region = np.array([[False, True, False], [True, False, False]])
    cleared = labels.cleared(region)
    np.testing.assert_array_equal(cleared.image, [[0, 0, 1], [0, 3, 4]])
    assert cleared.classes == labels.classes and labels.image[0, 1] == 1

"""Label maps read from files: the A/V colours, user mappings, unknown colours, mixtures."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from PIL import Image

import vesselview as vv
from tests.io.av_files import (
    ARTERY,
    AV_COLOURS,
    CROSSING,
    UNCERTAIN,
    VEIN,
    av_labels,
    av_rgb,
    save_av,
)
from vesselview.errors import InputError
from vesselview.io.class_encodings import AV_ENCODING, class_encoding
from vesselview.io.label_maps import read_label_map
from vesselview.io.readers import from_array

AV_CLASSES = {ARTERY: "artery", VEIN: "vein", CROSSING: "crossing", UNCERTAIN: "uncertain"}


def _decoded(rgb: np.ndarray) -> np.ndarray:
    """Independent decoding: compare every pixel with every class colour."""
    labels = np.full(rgb.shape[:2], 255, np.uint8)
    for value, colour in AV_COLOURS.items():
        labels[np.all(rgb == colour, axis=-1)] = value
    return labels


def _grey_png(path, mask: np.ndarray):
    Image.fromarray(mask.astype(np.uint8) * 255).save(path)
    return path


def test_av_colours_give_the_classes_and_the_union_is_the_vessel_mask(tmp_path):
    labels = av_labels(3)
    reference = save_av(tmp_path / "01_test.png", labels)
    candidate = save_av(tmp_path / "01_pred.png", av_labels(4))
    case = vv.load_case(reference, candidate, classes="av")
    assert dict(case.labels.classes) == AV_CLASSES
    np.testing.assert_array_equal(case.labels.image, _decoded(av_rgb(labels)))
    np.testing.assert_array_equal(case.reference, labels > 0)
    np.testing.assert_array_equal(case.candidate_labels.image, av_labels(4))
    np.testing.assert_array_equal(case.candidate, av_labels(4) > 0)
    assert case.labels.source == str(reference)


@settings(max_examples=40, deadline=None)
@given(arrays(np.uint8, st.tuples(st.integers(1, 12), st.integers(1, 12)),
              elements=st.sampled_from(sorted(AV_COLOURS))))
def test_any_av_map_reads_back_pixel_for_pixel(labels):
    rgb = av_rgb(labels)
    read = read_label_map(from_array(rgb, "reference array"), AV_ENCODING)
    if read is None:  # every pixel grey (black / white): a vessel mask, not a label map
        assert set(np.unique(labels)) <= {0, UNCERTAIN}
        return
    np.testing.assert_array_equal(read.image, _decoded(rgb))


def test_unknown_colour_names_the_file_colour_count_first_pixel_and_fix(tmp_path):
    rgb = av_rgb(av_labels(1))
    rgb[4, 7] = rgb[9, 2] = (255, 128, 0)  # orange, twice
    rgb[10, 20] = (10, 200, 10)
    path = tmp_path / "01_av.png"
    Image.fromarray(rgb).save(path)
    with pytest.raises(InputError) as caught:
        vv.load_case(path, path, classes="av")
    message = str(caught.value)
    assert str(path) in message and caught.value.source == str(path)
    assert "#ff8000 in 2 pixels (the first at row 4, column 7)" in message
    assert "#0ac80a in 1 pixels (the first at row 10, column 20)" in message
    assert "#ff0000 artery" in message and "--classes MAPPING.json" in message


def test_a_binary_candidate_against_an_av_reference_is_a_vessel_mask(tmp_path):
    labels = av_labels(2)
    reference = save_av(tmp_path / "ref.png", labels)
    candidate = _grey_png(tmp_path / "pred.png", labels > 0)
    case = vv.load_case(reference, candidate, classes="av")
    assert case.candidate_labels is None and case.labels is not None
    np.testing.assert_array_equal(case.candidate, labels > 0)


def test_an_av_candidate_against_a_binary_reference(tmp_path):
    labels = av_labels(2)
    reference = _grey_png(tmp_path / "ref.png", labels > 0)
    candidate = save_av(tmp_path / "pred.png", labels)
    case = vv.load_case(reference, candidate, classes="av")
    assert case.labels is None
    np.testing.assert_array_equal(case.candidate_labels.image, labels)


def test_without_classes_a_colour_map_is_refused_pointing_at_classes(tmp_path):
    path = save_av(tmp_path / "ref.png", av_labels(1))
    with pytest.raises(InputError, match="--classes av"):
        vv.load_case(path, path)


def test_a_mapping_file_of_colours(tmp_path):
    mapping = tmp_path / "mapping.json"
    mapping.write_text(json.dumps({"colours": {"#c80000": "artery", "#0000c8": "vein",
                                               "#808080": "background"}}))
    rgb = np.zeros((3, 4, 3), np.uint8)
    rgb[0, :] = (200, 0, 0)
    rgb[1, :2] = (0, 0, 200)
    rgb[2, :] = (128, 128, 128)
    path = tmp_path / "map.png"
    Image.fromarray(rgb).save(path)
    case = vv.load_case(path, path, classes=mapping)
    expected = np.array([[1, 1, 1, 1], [2, 2, 0, 0], [0, 0, 0, 0]], np.uint8)
    np.testing.assert_array_equal(case.labels.image, expected)
    assert dict(case.labels.classes) == {1: "artery", 2: "vein"}


@pytest.mark.filterwarnings("error")  # a label map has no polarity to warn about
def test_a_mapping_file_of_index_values_reads_grey_maps(tmp_path):
    mapping = tmp_path / "index.json"
    mapping.write_text(json.dumps({"values": {"1": "artery", "2": "vein", "3": "crossing"}}))
    index = np.array([[0, 1, 2], [3, 1, 0]], np.uint8)
    path = tmp_path / "pred.png"
    Image.fromarray(index).save(path)
    case = vv.load_case(path, path, classes=str(mapping))
    np.testing.assert_array_equal(case.candidate_labels.image, index)
    np.testing.assert_array_equal(case.candidate, index > 0)
    Image.fromarray(np.array([[0, 7]], np.uint8)).save(path)
    with pytest.raises(InputError, match=r"value 7 in 1 pixels \(the first at row 0, column 1\)"):
        vv.load_case(path, path, classes=str(mapping))


@pytest.mark.parametrize(("document", "problem"), [
    ([1, 2], "must be an object"),
    ({"colours": {"red": "artery"}}, "'red' is not #rrggbb"),
    ({"values": {"x": "artery"}}, "'x' is not a whole number"),
    ({"values": {"1": ""}}, "must name a class"),
    ({"colours": {"#000000": "vein"}}, "always background"),
    ({"classes": {}}, "must be an object"),
])
def test_a_bad_mapping_file_is_refused_naming_it(tmp_path, document, problem):
    mapping = tmp_path / "bad.json"
    mapping.write_text(json.dumps(document))
    with pytest.raises(InputError, match=problem) as caught:
        class_encoding(mapping)
    assert str(mapping) in str(caught.value)


def test_classes_must_be_av_or_a_json_file():
    with pytest.raises(InputError, match="give 'av'"):
        class_encoding("arteries")


def test_a_jpeg_colour_map_is_refused(tmp_path):
    path = tmp_path / "map.jpg"
    Image.fromarray(av_rgb(av_labels(1))).save(path, quality=95)
    with pytest.raises(InputError, match="JPEG"):
        vv.load_case(path, path, classes="av")


def test_a_label_map_has_no_polarity(tmp_path):
    path = save_av(tmp_path / "map.png", av_labels(1))
    with pytest.raises(InputError, match="no polarity"):
        vv.load_case(path, path, classes="av", invert_candidate=True)


def test_ignored_pixels_leave_both_label_maps(tmp_path):
    labels = av_labels(1)
    path = save_av(tmp_path / "map.png", labels)
    ignore = np.zeros(labels.shape, bool)
    ignore[:, :8] = True
    case = vv.load_case(path, path, classes="av", ignore=ignore).without_ignored()
    for held in (case.labels, case.candidate_labels):
        np.testing.assert_array_equal(held.image, np.where(ignore, 0, labels))

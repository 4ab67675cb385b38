"""`open_dataset` on the artery/vein datasets: RITE, HRF-AV (in HRF), LES-AV."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

import vesselview as vv
from tests.io import av_files
from tests.io.av_files import av_labels
from tests.io.dataset_files import field_of_view

#: writer, case id, its seed, the photograph, the A/V reference, the FOV (relative paths).
LAYOUTS = {
    "RITE": (av_files.write_rite, "01", 1, "test/images/01_test.tif", "test/av/01_test.png",
             None),
    "HRF-AV": (av_files.write_hrf_av, "01_dr", 1, "images/01_dr.JPG",
               "HRF_AV_GT/01_dr_AVmanual.png", "mask/01_dr_mask.tif"),
    "LES-AV": (av_files.write_les_av, "55", 1, "images/55.png", "arteries-and-veins/55.png",
               "masks/55_mask.gif"),
}


def _predictions(folder, case_id, labels):
    folder.mkdir(parents=True, exist_ok=True)
    av_files.save_av(folder / f"{case_id}.png", labels)
    return folder


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_each_av_layout_is_recognised_and_reads_its_classes(tmp_path, layout):
    write, case_id, seed, fundus, reference, fov = LAYOUTS[layout]
    root = write(tmp_path / layout)
    labels = av_labels(seed, uncertain=layout != "HRF-AV")
    predicted = _predictions(tmp_path / "pred", case_id, av_labels(seed + 1))
    asked = "av" if layout == "HRF-AV" else None  # in an HRF folder: HRF unless asked
    dataset = vv.open_dataset(root, {"unet": predicted}, classes=asked)
    assert (dataset.layout, dataset.classes) == (layout, "av")
    case = dataset.case(case_id)
    assert case.fundus == root / fundus and case.reference == root / reference
    assert case.fov == (None if fov is None else root / fov)
    loaded = case.load("unet")
    np.testing.assert_array_equal(loaded.labels.image, labels)
    np.testing.assert_array_equal(loaded.reference, labels > 0)
    np.testing.assert_array_equal(loaded.candidate_labels.image, av_labels(seed + 1))
    if fov is not None:
        np.testing.assert_array_equal(loaded.fov, field_of_view())


def test_hrf_with_its_av_maps_is_hrf_unless_classes_are_asked_for(tmp_path):
    root = av_files.write_hrf_av(tmp_path / "HRF")
    plain = vv.open_dataset(root)
    assert (plain.layout, plain.classes) == ("HRF", None)
    assert plain.case("01_h").reference == root / "manual1" / "01_h.tif"
    av = vv.open_dataset(root, classes="av")
    assert (av.layout, av.classes) == ("HRF-AV", "av")
    assert av.case("01_h").reference == root / "HRF_AV_GT" / "01_h_AVmanual.png"


def test_a_binary_prediction_of_an_av_dataset_is_scored_on_vessels(tmp_path):
    root = av_files.write_les_av(tmp_path / "LES-AV")
    folder = tmp_path / "binary"
    folder.mkdir()
    Image.fromarray((av_labels(0) > 0).astype(np.uint8) * 255).save(folder / "30.png")
    case = vv.open_dataset(root, {"binary": folder}).case("30").load("binary")
    assert case.labels is not None and case.candidate_labels is None
    np.testing.assert_array_equal(case.candidate, av_labels(0) > 0)


def test_an_unknown_colour_in_a_dataset_names_the_file(tmp_path):
    root = av_files.write_rite(tmp_path / "RITE")
    reference = root / "test" / "av" / "02_test.png"
    rgb = np.asarray(Image.open(reference)).copy()
    rgb[3, 3] = (255, 255, 0)
    Image.fromarray(rgb).save(reference)
    predicted = _predictions(tmp_path / "pred", "02", av_labels(2))
    case = vv.open_dataset(root, {"unet": predicted}).case("02")
    with pytest.raises(vv.InputError, match=r"02_test\.png: holds #ffff00 in 1 pixels"):
        case.load("unet")

"""A dataset's field of view: its shipped FOV files, an error when one is missing or
unreadable, an estimate from the photograph only when asked (``estimate_fov=True``)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

import vesselview as vv
from tests.io import dataset_files as files
from vesselview.errors import InputError
from vesselview.io.dataset_pairs import dataset_pairs
from vesselview.io.fov_estimate import estimate_fov
from vesselview.io.masks import MaskWarning


def _drive_without_mask_01(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    (root / "test/mask/01_test_mask.gif").unlink()
    return root


def test_a_missing_shipped_fov_is_an_error_naming_the_file_and_the_fix(tmp_path):
    root = _drive_without_mask_01(tmp_path)
    dataset = vv.open_dataset(root)
    case = dataset.case("01")
    assert case.fov is None and case.fov_shipped == "DRIVE"
    assert case.fov_expected == root / "test/mask/01_test_mask.gif"
    with pytest.raises(InputError) as raised:
        case.load("observer2")
    message = str(raised.value)
    assert message.startswith("case 01: its field-of-view mask ")
    assert str(root / "test/mask/01_test_mask.gif") in message
    assert "DRIVE ships one for every case" in message and "--fov estimate" in message
    assert "estimate_fov=True" in message
    assert dataset.case("02").load("observer2").sources["fov"].endswith("02_test_mask.gif")
    assert dataset.notes() == [
        "1 of 2 cases have no field-of-view mask, though DRIVE ships one per case, and are "
        "not evaluated: 01; restore the files, or estimate them with --fov estimate (API: "
        "open_dataset(..., estimate_fov=True))"]


def test_a_missing_shipped_fov_is_a_failed_pair_of_every_method(tmp_path):
    root = _drive_without_mask_01(tmp_path)
    source = dataset_pairs(vv.open_dataset(root), [])
    problems = {(pair.id, pair.method): pair.problem for pair in source.pairs}
    assert problems[("02", "observer2")] is None
    assert problems[("01", "observer2")].startswith("its field-of-view mask ")
    assert any("not evaluated: 01" in note for note in source.notes)


def test_estimate_fov_estimates_a_missing_one_from_the_photograph(tmp_path):
    root = _drive_without_mask_01(tmp_path)
    dataset = vv.open_dataset(root, estimate_fov=True)
    assert dataset.estimate_fov and dataset.case("01").fov_problem is None
    loaded = dataset.case("01").load("observer2")
    assert loaded.sources["fov"] == f"estimated from {root / 'test/images/01_test.tif'}"
    np.testing.assert_array_equal(loaded.fov, estimate_fov(loaded.fundus))
    kept = dataset.case("02").load("observer2")
    np.testing.assert_array_equal(kept.fov, files.field_of_view())
    assert "estimated from the fundus photograph as asked" in dataset.notes()[0]
    pair = next(p for p in dataset_pairs(dataset, []).pairs if p.id == "01")
    assert (pair.fov, pair.problem) == ("auto", None)


def test_estimate_fov_without_a_photograph_is_still_an_error(tmp_path):
    root = _drive_without_mask_01(tmp_path)
    (root / "test/images/01_test.tif").unlink()
    case = vv.open_dataset(root, estimate_fov=True).case("01")
    with pytest.raises(InputError, match=r"case 01: its field-of-view mask is missing and "
                                         r"it has no fundus photograph"):
        case.load("observer2")


@pytest.mark.parametrize("damage", ["garbage", "wrong size", "all black"])
def test_an_unreadable_fov_file_is_an_error_unless_estimated(tmp_path, damage):
    root = files.write_hrf(tmp_path / "HRF")
    mask = root / "mask/01_h_mask.tif"
    if damage == "garbage":
        mask.write_bytes(b"this is not an image")
    else:
        shape = (files.HEIGHT + 2, files.WIDTH) if damage == "wrong size" else \
            (files.HEIGHT, files.WIDTH)
        Image.fromarray(np.zeros((*shape, 3), np.uint8)).save(mask)
    _save_prediction(tmp_path / "net" / "01_h.png")
    with pytest.raises(InputError) as raised:
        vv.open_dataset(root, {"net": tmp_path / "net"}).case("01_h").load("net")
    assert raised.value.source == str(mask)
    with pytest.warns(MaskWarning, match="estimated from the fundus photograph instead"):
        loaded = vv.open_dataset(root, {"net": tmp_path / "net"},
                                 estimate_fov=True).case("01_h").load("net")
    assert loaded.sources["fov"].startswith("estimated from ")
    assert loaded.warnings[-1].startswith(f"{mask}: ")
    assert "so its field of view was estimated" in loaded.warnings[-1]
    np.testing.assert_array_equal(loaded.fov, estimate_fov(loaded.fundus))


def _save_prediction(path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(files.vessels(0).astype(np.uint8) * 255).save(path)


@pytest.mark.parametrize("write", [files.write_stare, files.write_chase, files.write_fives])
def test_layouts_shipping_no_fov_estimate_it_without_asking(tmp_path, write):
    first = vv.open_dataset(write(tmp_path / "data")).cases[0]
    _save_prediction(tmp_path / "net" / f"{first.id}.png")
    dataset = vv.open_dataset(tmp_path / "data", {"net": tmp_path / "net"})
    case = dataset.case(first.id)
    assert case.fov_shipped == "" and case.fov_problem is None and dataset.notes() == []
    loaded = case.load("net")
    assert loaded.sources["fov"] == f"estimated from {case.fundus}"
    np.testing.assert_array_equal(loaded.fov, estimate_fov(loaded.fundus))


def test_a_generic_dataset_with_a_mask_folder_ships_fovs(tmp_path):
    root = tmp_path / "mine"
    for number in (1, 2, 3):
        Image.fromarray(files.fundus(number)).save(_folder(root / "images") / f"e{number}.png")
        Image.fromarray(files.vessels(number)).save(_folder(root / "labels") / f"e{number}.png")
        if number != 3:
            Image.fromarray(files.field_of_view()).save(_folder(root / "mask") /
                                                        f"e{number}.png")
    _save_prediction(tmp_path / "net" / "e3.png")
    case = vv.open_dataset(root, {"net": tmp_path / "net"}).case("e3")
    assert (case.fov_shipped, case.fov_expected) == ("the dataset", root / "mask" / "e3.png")
    with pytest.raises(InputError, match="though the dataset ships one for every case"):
        case.load("net")


def _folder(path):
    path.mkdir(parents=True, exist_ok=True)
    return path

"""`vesselview.load_case`: files of every format written here, arrays, warnings, errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from PIL import Image

import vesselview as vv
from vesselview.engine.params import DEFAULT_THRESHOLD
from vesselview.errors import InputError, ParamsError
from vesselview.io import PolarityWarning

GREY = 255


def _grey(mask: np.ndarray) -> np.ndarray:
    return mask.astype(np.uint8) * GREY


def _save_palette_gif(path, mask: np.ndarray) -> None:
    """DRIVE-style manual: palette image with indices {0, 1}, palette black / white."""
    image = Image.frombytes("P", mask.shape[::-1], mask.astype(np.uint8).tobytes())
    image.putpalette([0, 0, 0, 255, 255, 255])
    image.save(path)


@pytest.fixture
def reference_gif(tmp_path, vessel):
    path = tmp_path / "01_manual1.gif"
    _save_palette_gif(path, vessel)
    return path


def _load(*args, **kwargs) -> vv.Case:
    with warnings.catch_warnings():
        warnings.simplefilter("error", PolarityWarning)
        return vv.load_case(*args, **kwargs)


def _writers(vessel):
    grey = _grey(vessel)
    rgb = np.dstack([grey] * 3)
    return {
        "lzw.tif": lambda p: Image.fromarray(grey).save(p, compression="tiff_lzw"),
        "one_bit.png": lambda p: Image.fromarray(vessel).save(p),
        "zero_one.png": lambda p: Image.fromarray(vessel.astype(np.uint8)).save(p),
        "rgb.jpg": lambda p: Image.fromarray(rgb).save(p, quality=90),
        "grey.jpg": lambda p: Image.fromarray(grey).save(p, quality=90),
        "mask.pgm": lambda p: Image.fromarray(grey).save(p),
        "mask.ppm": lambda p: Image.fromarray(rgb).save(p),
        "mask.bmp": lambda p: Image.fromarray(grey).save(p),
        "palette.gif": lambda p: _save_palette_gif(p, vessel),
        "mask.npy": lambda p: np.save(p, vessel),
    }


@pytest.mark.parametrize("name", list(_writers(np.zeros((1, 1), bool))))
def test_every_mask_format_loads_to_the_same_mask(tmp_path, vessel, reference_gif, name):
    _writers(vessel)[name](tmp_path / name)
    case = _load(reference_gif, tmp_path / name)
    np.testing.assert_array_equal(case.reference, vessel)
    np.testing.assert_array_equal(case.candidate, vessel)
    assert case.candidate_soft is None
    assert case.fov.all() and case.fov.shape == vessel.shape
    assert case.sources == {"reference": str(reference_gif),
                            "candidate": str(tmp_path / name), "fov": "", "fundus": "",
                            "ignore": ""}
    assert case.warnings == ()


@pytest.mark.parametrize(
    ("name", "values"),
    [
        ("p8.png", np.array([[0, 100, 127], [128, 200, 255]], np.uint8)),
        ("p16.png", np.array([[0, 100, 32767], [32768, 50000, 65535]], np.uint16)),
        ("p16.tif", np.array([[0, 100, 32767], [32768, 50000, 65535]], np.uint16)),
        ("pf.npy", np.array([[0.0, 0.2, 0.5], [0.51, 0.8, 1.0]])),
    ],
)
def test_probability_maps_are_thresholded_and_kept(tmp_path, name, values):
    path = tmp_path / name
    if name.endswith(".npy"):
        np.save(path, values)
    else:
        Image.fromarray(values).save(path)
    reference = np.array([[0, 0, 0], [1, 1, 1]], bool)
    case = _load(reference, path)
    expected = np.array([[0, 0, 0], [1, 1, 1]], bool)
    np.testing.assert_array_equal(case.candidate, expected)
    np.testing.assert_array_equal(case.candidate, case.candidate_at(0.5))
    assert case.candidate_soft.dtype == np.float32
    full_scale = np.iinfo(values.dtype).max if values.dtype.kind == "u" else 1.0
    np.testing.assert_allclose(case.candidate_soft, values / full_scale, rtol=1e-6)


def test_threshold_is_a_fraction_of_full_scale():
    values = np.array([[0, 51, 52, 255]], np.uint8)  # 51/255 = 0.2 is not above 0.2
    case = _load(np.array([[0, 0, 1, 1]], bool), values, threshold=0.2)
    np.testing.assert_array_equal(case.candidate, [[0, 0, 1, 1]])


def test_inverted_polarity_is_explicit(tmp_path, vessel):
    Image.fromarray(_grey(~vessel)).save(tmp_path / "dark_vessels.png")
    case = _load(tmp_path / "dark_vessels.png", vessel, invert_reference=True)
    np.testing.assert_array_equal(case.reference, vessel)


def test_mostly_vessel_mask_warns_but_is_not_flipped(tmp_path, vessel):
    Image.fromarray(_grey(~vessel)).save(tmp_path / "dark_vessels.png")
    with pytest.warns(PolarityWarning, match=r"dark_vessels\.png: 81% .*--invert-candidate"):
        case = vv.load_case(vessel, tmp_path / "dark_vessels.png")
    np.testing.assert_array_equal(case.candidate, ~vessel)
    assert len(case.warnings) == 1 and "invert_candidate=True" in case.warnings[0]


def test_polarity_is_judged_inside_the_fov(vessel):
    fov = np.zeros_like(vessel)
    fov[:, 2] = True  # 6 pixels, 4 of them vessel
    with pytest.warns(PolarityWarning, match="reference array: 67% "):
        case = vv.load_case(vessel, np.zeros_like(vessel), fov=fov)
    assert "--invert-reference" in case.warnings[0]


def test_arrays_fov_and_fundus(tmp_path, vessel):
    fov = np.ones_like(vessel)
    fov[0, 0] = False
    grey = np.arange(48, dtype=np.uint16).reshape(6, 8) * 257
    Image.fromarray(_grey(fov)).save(tmp_path / "mask.gif")
    case = _load(vessel, vessel.astype(np.uint8), fov=tmp_path / "mask.gif", fundus=grey)
    np.testing.assert_array_equal(case.fov, fov)
    assert case.fundus.shape == (6, 8, 3) and case.fundus.dtype == np.uint8
    np.testing.assert_array_equal(case.fundus[..., 1], np.arange(48).reshape(6, 8))
    assert case.sources["reference"] == "<array>" and case.sources["fundus"] == "<array>"
    assert case.sources["fov"] == str(tmp_path / "mask.gif")


def test_rgba_fundus_file_drops_alpha(tmp_path, vessel):
    rgba = np.zeros((6, 8, 4), np.uint8)
    rgba[..., 0], rgba[..., 3] = 200, 17
    Image.fromarray(rgba).save(tmp_path / "fundus.png")
    case = _load(vessel, vessel, fundus=tmp_path / "fundus.png")
    np.testing.assert_array_equal(case.fundus[0, 0], [200, 0, 0])


def test_empty_masks_are_allowed(vessel):
    empty = np.zeros_like(vessel)
    case = _load(empty, empty)
    assert not case.reference.any() and not case.candidate.any()


def _message(*args, **kwargs) -> str:
    with pytest.raises(InputError) as caught:
        vv.load_case(*args, **kwargs)
    return str(caught.value)


def test_shape_mismatch_names_both_shapes_and_files(tmp_path, vessel, reference_gif):
    Image.fromarray(np.zeros((7, 9), np.uint8)).save(tmp_path / "pred.png")
    message = _message(reference_gif, tmp_path / "pred.png")
    assert "01_manual1.gif" in message and "pred.png" in message
    assert "6x8" in message and "7x9" in message


def test_fov_and_fundus_of_another_size(tmp_path, vessel):
    Image.fromarray(np.full((5, 5), 255, np.uint8)).save(tmp_path / "mask.gif")
    message = _message(vessel, vessel, fov=tmp_path / "mask.gif")
    assert "mask.gif" in message and "5x5" in message and "6x8" in message
    assert "fundus array" in _message(vessel, vessel, fundus=np.zeros((6, 9, 3), np.uint8))


def test_empty_fov_is_an_error(tmp_path, vessel):
    Image.fromarray(np.zeros((6, 8), np.uint8)).save(tmp_path / "mask.gif")
    message = _message(vessel, vessel, fov=tmp_path / "mask.gif")
    assert "mask.gif" in message and "no pixel inside" in message


def test_unreadable_inputs_name_the_file(tmp_path, vessel):
    (tmp_path / "notes.txt").write_text("hello")
    page = Image.fromarray(_grey(vessel))
    page.save(tmp_path / "stack.tif", save_all=True, append_images=[page])
    np.save(tmp_path / "stack.npy", np.zeros((2, 6, 8)))
    assert "notes.txt" in _message(tmp_path / "notes.txt", vessel)
    assert "stack.tif" in _message(vessel, tmp_path / "stack.tif")
    assert "stack.npy" in _message(vessel, tmp_path / "stack.npy")
    assert "colour" in _message(vessel, np.dstack([_grey(vessel), _grey(vessel) // 2,
                                                    _grey(vessel)]))


def test_threshold_out_of_range(vessel):
    with pytest.raises(ParamsError, match="threshold"):
        vv.load_case(vessel, vessel, threshold=1.5)


def test_case_is_read_only(vessel):
    case = _load(vessel, vessel)
    with pytest.raises(ValueError):
        case.reference[0, 0] = True


def test_the_load_threshold_is_the_default_evaluation_threshold(tmp_path):
    # A soft candidate loaded at 0.3 and evaluated without Params is thresholded at 0.3,
    # and the result records 0.3 (metrics.md section 7: rows record the values used).
    import vesselview as vv

    reference = np.zeros((8, 8), bool)
    reference[2:6, 3] = True
    soft = np.zeros((8, 8), np.float32)
    soft[2:6, 3] = 0.4
    case = vv.load_case(reference, soft, threshold=0.3)
    assert case.threshold == 0.3 and case.candidate[2:6, 3].all()
    result = vv.evaluate(case)
    assert result.params.threshold == 0.3 and result.metrics["dice"] == 1.0
    # Params that leave the threshold alone keep the case's (the old bug replaced it by 0.5)
    for params in (vv.Params(), vv.Params(t=3), vv.Params(cal_alpha=1, ss_R=3)):
        result = vv.evaluate(case, params)
        assert result.params.threshold == 0.3 and result.metrics["dice"] == 1.0
    # an explicit threshold overrides the case's
    result = vv.evaluate(case, vv.Params(threshold=0.5))
    assert result.params.threshold == 0.5 and result.metrics["dice"] == 0.0


def test_no_load_threshold_means_the_default():
    soft = np.zeros((8, 8), np.float32)
    soft[2:6, 3] = 0.6
    case = vv.load_case(soft > 0, soft)
    assert case.threshold == DEFAULT_THRESHOLD == 0.5
    assert vv.load_case(soft > 0, soft, threshold=None).threshold == DEFAULT_THRESHOLD
    assert vv.evaluate(case, vv.Params(t=1)).params.threshold == DEFAULT_THRESHOLD


def test_ignore_mask_is_read_like_the_fov(tmp_path, vessel):
    ignore = np.zeros_like(vessel)
    ignore[:2, :] = True
    Image.fromarray(_grey(ignore)).save(tmp_path / "ignore.png")
    case = _load(vessel, vessel, ignore=tmp_path / "ignore.png")
    np.testing.assert_array_equal(case.ignore, ignore)
    assert case.sources["ignore"] == str(tmp_path / "ignore.png")
    assert _load(vessel, vessel).ignore is None
    np.testing.assert_array_equal(_load(vessel, vessel, ignore=ignore).ignore, ignore)


def test_bad_ignore_masks(vessel):
    assert "covers every pixel" in _message(vessel, vessel, ignore=np.ones_like(vessel))
    message = _message(vessel, vessel, ignore=np.zeros((3, 3), bool))
    assert "ignore array" in message and "ignore mask" in message and "3x3" in message

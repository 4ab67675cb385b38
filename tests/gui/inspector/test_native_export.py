"""Exports are the whole image at its own resolution, named after the case, in its folder."""

from __future__ import annotations

import dataclasses
import os

import numpy as np
import pytest
from PIL import Image

from tests.demo_dataset import write_demo_drive
from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.app.native_image import compose, export_name, scaled
from vesselview.app.style import FUNDUS
from vesselview.gui.inspector.compare import CompareMode
from vesselview.gui.widgets import export
from vesselview.gui.widgets.export import with_suffix
from vesselview.io.writers import write_png


def only_layers(window, names: dict[str, float]):
    """Show exactly ``names`` (layer -> opacity) over the fully opaque fundus."""
    styles = window.model.layers
    for name in [*styles.names, FUNDUS]:
        style = styles[name]
        wanted = name == FUNDUS or name in names
        opacity = 1.0 if name == FUNDUS else names.get(name, style.opacity)
        styles.set(name, dataclasses.replace(style, visible=wanted, opacity=opacity))


def exported(window, tmp_path, **options) -> np.ndarray:
    path = tmp_path / "view.png"
    window.menus.export_view(str(path), caption=False, **options)
    with Image.open(path) as image:
        return np.asarray(image.convert("RGB"))


def test_the_fundus_alone_exports_pixel_for_pixel(small_window, tmp_path):
    only_layers(small_window, {})
    np.testing.assert_array_equal(exported(small_window, tmp_path),
                                  small_window.model.case.fundus)


def test_an_opaque_confusion_layer_paints_its_classes_colours(small_window, tmp_path):
    only_layers(small_window, {"confusion": 1.0})
    layer = small_window.layer_display.response.layers["confusion"]
    image = exported(small_window, tmp_path)
    for entry in layer.legend:
        where = layer.image == entry.value
        if where.any():
            assert (image[where] == entry.colour[:3]).all(), entry.name


def test_the_export_follows_the_windows_composition_rule(small_window, tmp_path):
    only_layers(small_window, {"band_t": 0.6, "tolerant": 0.4})
    display = small_window.layer_display
    expected = compose(small_window.model.case.shape, small_window.model.case.fundus,
                       small_window.model.layers[FUNDUS], display.drawn())
    np.testing.assert_array_equal(exported(small_window, tmp_path), expected)
    # independent blend: source-over, bottom to top, in float
    canvas = small_window.model.case.fundus.astype(np.float64)
    for layer, style in display.drawn():
        from vesselview.app.display import lookup_table

        rgba = lookup_table(layer, style.colour_map, style.opacity)[layer.image] / 255.0
        canvas = canvas * (1 - rgba[..., 3:]) + 255.0 * rgba[..., :3] * rgba[..., 3:]
    assert np.abs(expected.astype(np.float64) - canvas).max() <= 1.0


@pytest.mark.parametrize("scale", [2.0, 0.5])
def test_a_chosen_scale_resizes_the_export(small_window, tmp_path, scale):
    height, width = small_window.model.case.shape
    image = exported(small_window, tmp_path, scale=scale)
    assert image.shape[:2] == (round(height * scale), round(width * scale))


def test_enlarging_repeats_whole_pixels():
    rgb = np.arange(2 * 3 * 3, dtype=np.uint8).reshape(2, 3, 3)
    np.testing.assert_array_equal(scaled(rgb, 2.0), rgb.repeat(2, axis=0).repeat(2, axis=1))


def test_a_compare_mode_exports_the_view_as_on_screen(shown_window, tmp_path):
    shown_window.compare.set_mode(CompareMode.SIDE_BY_SIDE)
    image = exported(shown_window, tmp_path)
    assert image.shape[:2] == (shown_window.view.height(), shown_window.view.width())
    shown_window.compare.set_mode(CompareMode.OVERLAY)


def test_names_and_suffixes():
    assert export_name("Case 01, method unet") == "case_01_method_unet_view.png"
    assert export_name("Teaching case: vessel gap, severity 20 px") == \
        "teaching_case_vessel_gap_severity_20_px_view.png"
    assert export_name("Synthetic demonstration case (not a real fundus)") == \
        "synthetic_demonstration_case_view.png"
    assert with_suffix("/tmp/export_view", export.PNG_FILTER) == "/tmp/export_view.png"
    assert with_suffix("/tmp/a.v2/x.png", export.PNG_FILTER) == "/tmp/a.v2/x.png"
    assert with_suffix("/tmp/m", export.METRICS_FILTER) == "/tmp/m.csv"


def test_ctrl_e_proposes_a_named_png_in_the_cases_folder(window, qtbot, tmp_path, monkeypatch):
    dataset, methods = write_demo_drive(tmp_path, cases=1)
    folder = methods["good"]
    paths = {"reference": str(dataset / "test" / "1st_manual" / "01_manual1.gif"),
             "candidate": str(folder / "01_test.png")}
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.open_files(list(paths.items()))
    asked = []

    def dialog(_parent, _title, suggested, _filter):
        asked.append(suggested)
        return os.path.join(os.path.dirname(suggested), "typed_without_suffix"), export.PNG_FILTER

    monkeypatch.setattr(export.QFileDialog, "getSaveFileName", dialog)
    window.menus.actions["export_view"].trigger()
    assert asked == [str(folder / "case_01_method_good_view.png")]
    with Image.open(folder / "typed_without_suffix.png") as image:
        assert image.width == max(window.model.case.shape[1], export.CAPTION_MIN_WIDTH)


def test_open_dialogs_start_in_the_cases_folder(window, qtbot, tmp_path, small_case,
                                                monkeypatch):
    from vesselview.gui.inspector import menus

    reference = tmp_path / "manual" / "r.png"
    candidate = tmp_path / "mine" / "c.png"
    for path, mask in ((reference, small_case.reference), (candidate, small_case.candidate)):
        path.parent.mkdir()
        write_png(path, mask)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.open_files([("reference", str(reference)), ("candidate", str(candidate))])
    started = []
    monkeypatch.setattr(menus.QFileDialog, "getOpenFileName",
                        lambda _parent, _title, folder, _filter: started.append(folder) or ("", ""))
    window.menus.actions["open_reference"].trigger()
    window.menus.actions["open_candidate"].trigger()
    window.menus.actions["open_fov"].trigger()
    assert started == [str(reference.parent), str(candidate.parent), str(candidate.parent)]

"""The ``vesselview`` command: --screenshot, bad files, options."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PIL import Image
from PySide6.QtCore import QSettings

from vesselview.gui.app import OFFSCREEN_NOISE, WINDOW_SIZE, build_parser, main
from vesselview.io.writers import write_png


def test_screenshot_of_the_demo_writes_a_png(qapp, tmp_path):
    path = tmp_path / "demo.png"
    assert main(["--screenshot", str(path)]) == 0
    with Image.open(path) as image:
        assert image.size == WINDOW_SIZE
        assert len(image.convert("RGB").getcolors(maxcolors=1 << 24)) > 50  # not blank


def test_screenshot_of_files(qapp, tmp_path, small_case):
    reference, candidate = tmp_path / "r.png", tmp_path / "c.png"
    write_png(reference, small_case.reference)
    write_png(candidate, small_case.candidate)
    path = tmp_path / "files.png"
    assert main(["--reference", str(reference), "--candidate", str(candidate),
                 "--screenshot", str(path)]) == 0
    assert path.stat().st_size > 0


def test_screenshot_with_a_bad_file_exits_2_naming_it(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.png"
    bad.write_text("no image")
    status = main(["--reference", str(bad), "--candidate", str(bad),
                   "--screenshot", str(tmp_path / "x.png")])
    assert status == 2
    assert str(bad) in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("argv, message", [
    (["--reference", "r.png"], "--candidate"),
    (["--fov", "m.png"], "--reference"),
    (["--demo", "--reference", "r.png", "--candidate", "c.png"], "--demo"),
])
def test_usage_errors(capsys, argv, message):
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("argv, size", [
    (["--size", "1280x720"], (1280, 720)),
    (["--size", "1280x720", "--presentation"], (1280, 720)),
])
def test_screenshot_at_a_size_and_in_presentation_mode(qapp, tmp_path, argv, size):
    path = tmp_path / "sized.png"
    assert main([*argv, "--screenshot", str(path)]) == 0
    with Image.open(path) as image:
        assert image.size == size


def test_screenshot_with_plots_waits_for_the_plot(qapp, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr("vesselview.gui.app.save_screenshot",
                        lambda window, path: shown.append(window.research.plots.sweep_result))
    assert main(["--plots", "--screenshot", str(tmp_path / "plots.png")]) == 0
    assert shown and shown[0] is not None  # the sweep is drawn in the screenshot


@pytest.mark.parametrize("size", ["1280", "1280x", "x720", "100x100", "wide"])
def test_bad_sizes_are_refused(capsys, size):
    with pytest.raises(SystemExit) as raised:
        build_parser().parse_args(["--size", size])
    assert raised.value.code == 2
    assert "1280x720" in capsys.readouterr().err


def test_options():
    args = build_parser().parse_args(["--fundus", "f.tif", "--fov", "m.gif", "--demo"])
    assert (args.fundus, args.fov, args.demo, args.reference) == ("f.tif", "m.gif", True, None)


def test_python_dash_m_writes_a_screenshot(tmp_path):
    path = tmp_path / "module.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    completed = subprocess.run([sys.executable, "-m", "vesselview", "--screenshot", str(path)],
                               env=env, capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    assert path.stat().st_size > 0
    assert OFFSCREEN_NOISE not in completed.stderr  # the offscreen platform's chatter


def test_the_tests_never_write_the_users_settings():
    default = QSettings("vesselview", "vesselview").fileName()
    assert not default.startswith(os.path.expanduser("~/.config")), default

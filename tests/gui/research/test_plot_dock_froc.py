"""The plot dock's FROC: the engine's segment and component FROC curves drawn with
their competition-style score and the "convention, not a standard" note, and a curve
export stopped in the middle of the FROC leaves no file."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import vesselview.research.froc as froc_module
from vesselview.engine.params import Params
from vesselview.errors import EvaluationStopped
from vesselview.gui.research.plot_dock import CURVES
from vesselview.gui.research.plot_exports import write_curves_csv
from vesselview.research.froc import froc_curves

from .conftest import JOB_TIMEOUT_MS

WAIT_S = 60


def test_froc_curves_and_score_are_the_engines(dock, qtbot, soft_demo) -> None:
    dock.set_mode(CURVES)
    with qtbot.waitSignal(dock.plotted, timeout=JOB_TIMEOUT_MS):
        dock.compute()
    expected = froc_curves(soft_demo, Params())
    for curve in expected:
        (item,) = [item for item in dock.pages.froc_plot.listDataItems()
                   if item.name() == curve.objects]
        x, y = item.getData()
        np.testing.assert_array_equal(x, curve.false_positives)
        np.testing.assert_array_equal(y, curve.sensitivity)
        score = curve.score()
        shown = "undefined" if np.isnan(score) else f"{score:.3f}"
        assert f"{curve.objects} {shown}" in dock.pages.froc_plot.titleLabel.text
    assert "convention, not a standard" in dock.pages.froc_plot.toolTip()
    assert "a convention, not a standard" in dock.status.text()
    assert "1/8-8 false positives per image" in dock.status.text()


def test_an_export_stopped_during_the_froc_leaves_no_file(dock, qtbot, monkeypatch,
                                                          tmp_path) -> None:
    dock.set_mode(CURVES)
    with qtbot.waitSignal(dock.plotted, timeout=JOB_TIMEOUT_MS):
        dock.compute()
    inside, release = threading.Event(), threading.Event()
    real_thin = froc_module.thin

    def gated_thin(mask):
        inside.set()
        assert release.wait(WAIT_S), "the test never released the FROC"
        return real_thin(mask)

    monkeypatch.setattr(froc_module, "thin", gated_thin)
    path = tmp_path / "curves.csv"
    dock.export_csv(str(path))
    assert inside.wait(WAIT_S)  # the export is inside the FROC (its reference skeleton)
    dock.jobs.cancel()
    release.set()
    qtbot.waitUntil(lambda: dock.jobs.stopped, timeout=JOB_TIMEOUT_MS)
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []  # no temporary file left either
    assert not dock.jobs.busy


def test_the_export_polls_at_every_froc_threshold(soft_demo, tmp_path) -> None:
    polls = 0

    def stop_at_the_third_poll() -> bool:
        nonlocal polls
        polls += 1
        return polls >= 3

    path = tmp_path / "curves.csv"
    with pytest.raises(EvaluationStopped):
        write_curves_csv(soft_demo, Params(), str(path), stop_at_the_third_poll)
    assert polls == 3 and not path.exists()

"""File > Open dataset: a DRIVE case whose FOV mask is missing fails, naming the file,
unless "Estimate missing or unreadable FOV masks" is ticked."""

from __future__ import annotations

import pytest

from tests.demo_dataset import write_demo_drive
from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.gui.dataset.open_dialog import OpenDatasetDialog


@pytest.mark.parametrize("estimate", [False, True])
def test_the_dialog_says_whether_missing_fovs_are_estimated(window, qtbot, monkeypatch,
                                                            tmp_path, estimate):
    root, predictions = write_demo_drive(tmp_path, cases=2, methods=("good",))
    missing = root / "test/mask/02_test_mask.gif"
    missing.unlink()

    def accept(dialog: OpenDatasetDialog) -> int:
        dialog.root.setText(str(root))
        dialog.add_method(str(predictions["good"]))
        dialog.estimate_fov.setChecked(estimate)
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(OpenDatasetDialog, "exec", accept)
    window.menus.actions["open_dataset"].trigger()
    browser = window.dataset_browser.browser
    qtbot.waitUntil(lambda: browser.dataset is not None and not browser.channel.busy,
                    timeout=RESULT_TIMEOUT_MS)
    assert browser.dataset.estimate_fov is estimate
    if estimate:
        assert not browser.failures and browser.table.has("02", "good")
    else:
        assert set(browser.failures) == {("02", "good")}
        assert str(missing) in browser.failures[("02", "good")]
        assert "--fov estimate" in browser.failures[("02", "good")]
    browser.cancel()

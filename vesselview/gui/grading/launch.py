"""Research > Grade cases...: ask what to grade, then open the grading window.

The "cases open in the inspector" are the shown case and the candidates window's
candidates (all against the inspector's reference): one item per candidate file, the
case id being the reference's file name.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMainWindow

from vesselview.app.candidate_names import candidate_names
from vesselview.app.inspector import Inspector
from vesselview.engine.case import Case
from vesselview.gui.grading.setup import GradingSetupDialog
from vesselview.gui.grading.window import GradingWindow
from vesselview.io.grading_files import ItemKey

WINDOW_SIZE = (1400, 860)
_NO_FILE = ("", "<array>")


def open_case_items(shown: Case | None, candidates: Sequence[Case]) -> dict[ItemKey, Case]:
    """One grading item per distinct candidate of the shown case and the candidate set.

    The id is the reference's file stem (``"case"`` for arrays and synthetic cases), the
    method the candidate's name as the candidates window shows it.
    """
    cases: dict[str, Case] = {}
    for case in ([shown] if shown is not None else []) + list(candidates):
        cases.setdefault(case.sources.get("candidate") or f"candidate {len(cases) + 1}", case)
    if not cases:
        return {}
    reference = next(iter(cases.values())).sources.get("reference", "")
    case_id = Path(reference).stem if reference not in _NO_FILE and Path(reference).is_file() \
        else "case"
    return {ItemKey(case_id, method): case
            for method, case in zip(candidate_names(list(cases)), cases.values(), strict=True)}


def start_grading(window: QMainWindow, model: Inspector,
                  candidates: Sequence[Case]) -> GradingWindow | None:
    """Ask what to grade (`GradingSetupDialog`) and open a grading window on it.

    The window evaluates on the inspector's scheduler with its parameters and closes
    with the inspector. Returns None when the dialog is cancelled.
    """
    dataset = model.dataset.dataset if model.dataset is not None else None
    dialog = GradingSetupDialog(open_case_items(model.case, candidates), dataset, window)
    dialog.error_label.report_to(model.notices, "Grading set-up")
    if dialog.exec() != QDialog.DialogCode.Accepted or dialog.study is None:
        return None
    session, cases = dialog.study
    grading = GradingWindow(session, cases, params=model.params, scheduler=model.scheduler,
                            parent=window)
    grading.error_label.report_to(model.notices, "Grading")
    grading.setWindowFlag(Qt.WindowType.Window)
    grading.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    grading.resize(*_fitted(window, WINDOW_SIZE))
    grading.show()
    return grading


def _fitted(window: QMainWindow, wanted: tuple[int, int]) -> tuple[int, int]:
    """``wanted`` (width, height) shrunk to the free area of the inspector's screen, so the
    grading window (panel, status line) fits a 1366x768 screen whole."""
    screen = window.screen()
    available = screen.availableGeometry()
    margin = 40  # the window frame and title bar come on top of the size given to resize()
    return (min(wanted[0], available.width() - margin),
            min(wanted[1], available.height() - 2 * margin))


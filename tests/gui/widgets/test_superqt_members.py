"""The superqt internals that `vesselview.gui.widgets.float_slider` relies on still exist.

The float slider subclasses superqt's and leans on two of its private members, which any
superqt release may rename: the labelled slider builds its inner slider from the class
attribute ``_slider_class`` into ``_slider``, and ``QDoubleSlider._setClickOffset(pos)``
measures a drag from a point. A superqt that moves them must fail here, naming the
member and the fix, rather than in a user's window. Checked on superqt 0.6.7 (the floor
in pyproject.toml) and 0.9.0.
"""

from __future__ import annotations

import inspect
from importlib.metadata import version

from PySide6.QtCore import Qt
from superqt import QDoubleSlider, QLabeledDoubleSlider

from vesselview.gui.widgets.float_slider import KeyboardDoubleSlider, LabeledDoubleSlider


def _moved(member: str) -> str:
    """The failure message for a superqt that no longer has ``member`` as float_slider
    uses it."""
    release = version("superqt")
    return (f"superqt {release} changed {member}, which vesselview/gui/widgets/float_slider.py "
            f"relies on: adapt float_slider to superqt {release}, or cap superqt below "
            f"{release} in pyproject.toml")


def test_the_labelled_slider_builds_its_inner_slider_from_slider_class(qtbot) -> None:
    assert isinstance(getattr(QLabeledDoubleSlider, "_slider_class", None), type), _moved(
        "QLabeledDoubleSlider._slider_class")
    labeled = LabeledDoubleSlider(Qt.Orientation.Horizontal)
    qtbot.addWidget(labeled)
    assert isinstance(getattr(labeled, "_slider", None), KeyboardDoubleSlider), _moved(
        "QLabeledDoubleSlider._slider (built from _slider_class)")


def test_the_slider_measures_a_drag_from_one_point() -> None:
    set_click_offset = getattr(QDoubleSlider, "_setClickOffset", None)
    assert callable(set_click_offset), _moved("QDoubleSlider._setClickOffset")
    parameters = list(inspect.signature(set_click_offset).parameters.values())
    assert len(parameters) == 2 and parameters[1].default is inspect.Parameter.empty, _moved(
        "QDoubleSlider._setClickOffset(pos) (its parameters)")

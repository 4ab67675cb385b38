"""The observer layers: where observers disagree (a class per number marking the pixel,
counted in the legend) and the fuzzy reference (membership as a ramp)."""

from __future__ import annotations

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.families.observer_layers import NEEDS_MEMBERSHIP, NEEDS_OBSERVERS
from vesselview.engine.pipeline import evaluate

FIRST = np.array([[1, 1, 1, 0, 0, 1], [1, 0, 0, 0, 0, 1]], bool)
SECOND = np.array([[1, 1, 0, 1, 0, 1], [0, 0, 0, 0, 0, 1]], bool)
THIRD = np.array([[1, 0, 0, 0, 0, 1], [0, 0, 1, 0, 0, 1]], bool)
#: The last column is outside the FOV: every observer marks it, it must stay unpainted.
FOV = np.ones((2, 6), bool)
FOV[:, 5] = False


def observers_case(*others: np.ndarray) -> Case:
    return Case(reference=FIRST, candidate=FIRST, fov=FOV,
                references={f"observer{i + 2}": mask for i, mask in enumerate(others)})


def test_two_observers_disagree_where_one_of_two_marks_the_pixel():
    layer = evaluate(observers_case(SECOND)).layers["observer_disagreement"]
    # first xor second inside the FOV: (0, 2), (0, 3), (1, 0)
    assert np.argwhere(layer.data).tolist() == [[0, 2], [0, 3], [1, 0]]
    assert [(entry.value, entry.name) for entry in layer.legend] == [
        (1, "observers: 1 of 2 mark it")]
    assert layer.count(1) == 3


def test_three_observers_are_counted_by_how_many_mark_the_pixel():
    layer = evaluate(observers_case(SECOND, THIRD)).layers["observer_disagreement"]
    marking = FIRST.astype(int) + SECOND + THIRD
    expected = np.where(FOV & (marking < 3), marking, 0)
    assert layer.data.tolist() == expected.tolist()
    assert [layer.count(1), layer.count(2)] == [4, 1]
    assert [entry.name for entry in layer.legend] == ["observers: 1 of 3 mark it",
                                                      "observers: 2 of 3 mark it"]


def test_the_fuzzy_reference_is_the_share_of_observers_inside_the_fov():
    result = evaluate(observers_case(SECOND, THIRD))
    layer = result.layers["fuzzy_reference"]
    share = (FIRST.astype(float) + SECOND + THIRD) / 3
    shown = np.where(layer.data > 0, (layer.data.astype(float) - 1) / 254, 0.0)
    assert np.allclose(shown, np.where(FOV, share, 0.0), atol=0.5 / 254)
    assert "0.5: half the observers" in layer.legend[1].name
    assert result.explain(0, 0)["layers"]["fuzzy_reference"] == "1.000"
    assert result.explain(0, 1)["layers"]["fuzzy_reference"] == "0.665"  # 2/3 in 1/254 steps
    assert result.explain(0, 4)["layers"]["fuzzy_reference"] == ""
    assert result.explain(0, 1)["layers"]["observer_disagreement"] == "observers: 2 of 3 mark it"


def test_a_soft_reference_is_drawn_as_given():
    soft = np.full(FIRST.shape, 0.5, np.float32)
    case = Case(reference=FIRST, candidate=FIRST, fov=FOV, reference_soft=soft)
    layer = evaluate(case).layers["fuzzy_reference"]
    assert set(layer.data[FOV].tolist()) == {128} and not layer.data[~FOV].any()


def test_one_observer_leaves_both_layers_empty_with_a_note():
    layers = evaluate(observers_case()).layers
    assert not layers["observer_disagreement"].data.any()
    assert layers["observer_disagreement"].title.endswith(NEEDS_OBSERVERS)
    assert not layers["fuzzy_reference"].data.any()
    assert layers["fuzzy_reference"].title.endswith(NEEDS_MEMBERSHIP)

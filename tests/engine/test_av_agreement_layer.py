"""The artery/vein agreement layer: hand-made label maps with known class counts, and
counts equal to an independent per-pixel count on random maps."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import vesselview as vv
from vesselview.engine.families.av_agreement import AV_CLASSES, AV_LAYER

B, A, V, X, U = 0, 1, 2, 3, 4
CLASSES = {A: "artery", V: "vein", X: "crossing", U: "uncertain"}
REFERENCE = np.array([[A, A, V, B], [X, V, U, B], [B, A, V, V]], np.uint8)
CANDIDATE = np.array([[A, V, V, B], [A, V, V, A], [B, B, A, V]], np.uint8)
NAMES = [name for name, _ in AV_CLASSES]


def _layer(reference: np.ndarray, candidate: np.ndarray | None) -> vv.Layer:
    case = vv.Case(reference > 0, (reference if candidate is None else candidate) > 0,
                   np.ones(reference.shape, bool), labels=vv.LabelMap(reference, CLASSES),
                   candidate_labels=None if candidate is None else vv.LabelMap(candidate,
                                                                                CLASSES))
    return vv.evaluate(case).layers[AV_LAYER]


def _counts(layer: vv.Layer) -> dict[str, int]:
    return {layer.class_name(value): layer.count(value) for value in range(1, 7)}


def test_a_hand_made_pair_has_its_hand_counted_classes():
    layer = _layer(REFERENCE, CANDIDATE)
    # (1, 0): a crossing called artery is in no class; (1, 2): uncertain, left out
    assert _counts(layer) == {"correct artery": 1, "correct vein": 3, "artery called vein": 1,
                              "vein called artery": 1, "missed": 1, "false": 1}
    assert layer.class_name(int(layer.data[2, 2])) == "vein called artery"
    assert [entry.name for entry in layer.legend] == NAMES


def test_the_default_colours_are_distinct_hues():
    colours = {entry.colour[:3] for entry in _layer(REFERENCE, CANDIDATE).legend}
    assert len(colours) == len(AV_CLASSES)


def test_a_vessel_mask_candidate_gives_an_empty_layer_saying_so():
    layer = _layer(REFERENCE, None)
    assert not layer.data.any()
    assert layer.title.endswith("(no A/V labels)")


def _pixel_class(ref: int, cand: int) -> str:
    """The class of one pixel, written out case by case (independent of the layer)."""
    if ref == U:
        return ""
    if ref == B:
        return "false" if cand != B else ""
    if cand == B:
        return "missed"
    pairs = {(A, A): "correct artery", (V, V): "correct vein", (A, V): "artery called vein",
             (V, A): "vein called artery"}
    return pairs.get((ref, cand), "")


maps = arrays(np.uint8, (5, 6), elements=st.integers(0, 4))


@settings(max_examples=25, deadline=None)
@given(maps, maps)
def test_class_counts_equal_a_per_pixel_count(reference, candidate):
    expected = dict.fromkeys(NAMES, 0)
    for ref, cand in zip(reference.ravel(), candidate.ravel(), strict=True):
        name = _pixel_class(int(ref), int(cand))
        if name:
            expected[name] += 1
    assert _counts(_layer(reference, candidate)) == expected

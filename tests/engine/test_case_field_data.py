"""What a `Case` carries for the field's data: observers, pixel spacing, a label map.

Each is validated once, in the constructor, with errors naming the role and its source;
a case given none of them is the single-reference, pixel-unit case of before.
"""

from __future__ import annotations

import dataclasses
import math
import pickle

import numpy as np
import pytest

from vesselview import Case, InputError, LabelMap, evaluate
from vesselview.engine.families import family_of

from .masks import grid

REFERENCE = grid(["..#..",
                  "..#..",
                  "#####",
                  "..#.."])
SECOND = grid(["..#..",
               "..##.",
               ".####",
               "..#.."])
FOV = np.ones_like(REFERENCE)
AV = {1: "artery", 2: "vein", 3: "crossing", 4: "uncertain"}


def _case(**changes) -> Case:
    return Case(**{"reference": REFERENCE, "candidate": SECOND, "fov": FOV, **changes})


def test_a_plain_case_holds_one_observer_no_spacing_and_no_labels() -> None:
    case = _case()
    assert case.observer == "observer1" and list(case.references) == ["observer1"]
    assert case.references["observer1"] is case.reference
    assert case.spacing_um is None and case.labels is None
    assert case.sources == {}


def test_references_are_keyed_by_observer_and_the_reference_is_the_chosen_one() -> None:
    case = _case(references={"observer2": SECOND})
    assert list(case.references) == ["observer1", "observer2"]
    np.testing.assert_array_equal(case.references["observer2"], SECOND)
    chosen = _case(reference=SECOND, observer="observer2", references={"observer1": REFERENCE})
    assert chosen.references["observer2"] is chosen.reference
    np.testing.assert_array_equal(chosen.references["observer1"], REFERENCE)
    with pytest.raises(TypeError):
        case.references["observer3"] = REFERENCE  # type: ignore[index]


def test_the_chosen_observer_may_be_given_in_references_with_its_own_mask() -> None:
    case = _case(references={"observer1": REFERENCE.copy(), "observer2": SECOND})
    assert case.references["observer1"] is case.reference


def test_the_chosen_observer_with_another_mask_is_refused_naming_its_source() -> None:
    with pytest.raises(InputError, match=r"references\['observer1'\] \(b.png\) differs from "
                                         r"the reference given .*\(a.png\)"):
        _case(references={"observer1": SECOND},
              sources={"reference": "a.png", "observer1": "b.png"})


def test_a_bad_observer_mask_is_refused_naming_the_observer_and_its_file() -> None:
    sources = {"observer2": "02_manual2.gif"}
    with pytest.raises(InputError, match=r"references\['observer2'\] \(02_manual2.gif\) must "
                                         r"be a bool mask, got dtype uint8") as raised:
        _case(references={"observer2": SECOND.astype(np.uint8)}, sources=sources)
    assert raised.value.source == "02_manual2.gif"
    with pytest.raises(InputError, match=r"references\['observer2'\] .* shape \(4, 6\) but "
                                         r"reference has shape \(4, 5\)"):
        _case(references={"observer2": np.zeros((4, 6), bool)})
    with pytest.raises(InputError, match=r"references\['observer2'\] .* numpy array"):
        _case(references={"observer2": None})


@pytest.mark.parametrize("name", ["", "fov", "spacing", 2])
def test_an_observer_needs_a_name_that_is_no_role(name) -> None:
    with pytest.raises(InputError, match="observer"):
        _case(references={name: SECOND})
    with pytest.raises(InputError, match="observer must name an observer"):
        _case(observer=name)


def test_replacing_the_reference_replaces_the_chosen_observers_mask() -> None:
    case = _case(references={"observer2": SECOND})
    replaced = dataclasses.replace(case, reference=SECOND)
    assert replaced.references["observer1"] is replaced.reference
    np.testing.assert_array_equal(replaced.references["observer1"], SECOND)
    assert replaced.references["observer2"] is case.references["observer2"]


def test_another_observer_is_chosen_by_giving_its_mask_and_name() -> None:
    case = _case(references={"observer2": SECOND})
    switched = dataclasses.replace(case, reference=case.references["observer2"],
                                   observer="observer2")
    assert switched.reference is case.references["observer2"]
    assert switched.references["observer1"] is case.reference
    with pytest.raises(InputError, match=r"references\['observer2'\].*differs"):
        dataclasses.replace(case, observer="observer2")  # its mask is not the reference


@pytest.mark.parametrize("spacing", [6.9, 1, np.float32(2.5), 1e-3])
def test_a_spacing_is_kept_in_micrometres_per_pixel(spacing) -> None:
    case = _case(spacing_um=spacing, sources={"spacing": "given"})
    assert isinstance(case.spacing_um, float) and case.spacing_um == float(spacing)


@pytest.mark.parametrize("spacing", [0, -1.0, math.nan, math.inf, True, "6.9", np.array(2.0)])
def test_a_bad_spacing_is_refused_naming_its_source(spacing) -> None:
    with pytest.raises(InputError, match=r"spacing_um \(manifest\) must be a finite number "
                                         r"of µm per pixel above 0") as raised:
        _case(spacing_um=spacing, sources={"spacing": "manifest"})
    assert raised.value.source == "manifest"


def test_labels_of_the_masks_shape_are_held() -> None:
    labels = LabelMap(np.where(REFERENCE, np.uint8(1), np.uint8(0)), AV, "av.png")
    case = _case(labels=labels)
    assert case.labels is labels and labels.classes == AV


def test_labels_of_another_shape_or_type_are_refused_naming_their_source() -> None:
    with pytest.raises(InputError, match=r"labels \(av.png\) has shape \(3, 5\) but "
                                         r"reference has shape \(4, 5\)"):
        _case(labels=LabelMap(np.zeros((3, 5), np.uint8), AV, "av.png"))
    with pytest.raises(InputError, match="labels must be a LabelMap"):
        _case(labels=np.zeros((4, 5), np.uint8))


def test_without_ignored_applies_the_ignore_mask_to_every_observer_and_the_labels() -> None:
    ignore = np.zeros_like(REFERENCE)
    ignore[2] = True
    image = np.where(SECOND, np.uint8(2), np.uint8(0))
    case = _case(ignore=ignore, references={"observer2": SECOND},
                 labels=LabelMap(image, AV, "av.png"), spacing_um=5.0)
    kept = case.without_ignored()
    np.testing.assert_array_equal(kept.reference, REFERENCE & ~ignore)
    np.testing.assert_array_equal(kept.references["observer2"], SECOND & ~ignore)
    assert kept.references["observer1"] is kept.reference
    assert kept.labels is not None and kept.labels.source == "av.png"
    np.testing.assert_array_equal(kept.labels.image, np.where(ignore, 0, image))
    assert kept.spacing_um == 5.0 and kept.observer == "observer1"


def test_the_metrics_use_the_chosen_reference_whatever_else_the_case_holds() -> None:
    plain = evaluate(_case()).metrics
    rich = evaluate(_case(references={"observer2": np.zeros_like(REFERENCE)},
                          spacing_um=7.0, labels=LabelMap(np.zeros((4, 5), np.uint8), AV))
                    ).metrics
    assert plain.keys() == rich.keys()
    # Only the measures made for several observers read the others (docs/metrics.md §9).
    several = {*family_of("fuzzy_dice").keys, *family_of("williams_dice").keys}
    assert all(plain[key] == rich[key] or (math.isnan(plain[key]) and math.isnan(rich[key]))
               for key in plain if key not in several)
    assert math.isnan(plain["fuzzy_dice"]) and not math.isnan(rich["fuzzy_dice"])


def test_a_case_with_observers_spacing_and_labels_pickles_whole() -> None:
    # Cases travel to worker processes (CLI pool, distributed) by pickle.
    labels = LabelMap(np.where(SECOND, np.uint8(2), np.uint8(0)), AV, "av.png")
    case = pickle.loads(pickle.dumps(_case(references={"observer2": SECOND}, spacing_um=5.0,
                                           labels=labels, sources={"spacing": "given"})))
    assert list(case.references) == ["observer1", "observer2"]
    assert case.references["observer1"] is case.reference
    np.testing.assert_array_equal(case.references["observer2"], SECOND)
    assert case.spacing_um == 5.0 and case.sources["spacing"] == "given"
    assert case.labels is not None and case.labels.classes == AV
    np.testing.assert_array_equal(case.labels.image, labels.image)
    replaced = dataclasses.replace(case, reference=SECOND)
    assert replaced.references["observer1"] is replaced.reference

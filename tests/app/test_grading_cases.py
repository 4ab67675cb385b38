"""Grading items from a dataset or from cases in memory, read lazily."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from PIL import Image

from tests.io import dataset_files as files
from vesselview.app.grading_cases import KEEP_CASES, GradingCases
from vesselview.engine.case import Case
from vesselview.errors import InputError
from vesselview.io.grading_files import ItemKey


def _case(seed: int) -> Case:
    masks = np.random.default_rng(seed).random((3, 8, 8)) < 0.3
    return Case(masks[0], masks[1], np.ones((8, 8), bool))


@dataclasses.dataclass
class _DatasetCase:
    id: str
    candidates: dict[str, str]
    reads: list[tuple[str, str]]

    def load(self, method: str) -> Case:
        self.reads.append((self.id, method))
        return _case(len(self.reads))


@dataclasses.dataclass
class _Dataset:
    cases: tuple[_DatasetCase, ...]
    baselines: tuple[str, ...] = ("observer2",)


def test_dataset_items_are_read_on_demand_and_a_few_kept():
    reads: list[tuple[str, str]] = []
    dataset = _Dataset(tuple(_DatasetCase(f"{i:02d}", {"unet": "u.png", "observer2": "o.gif"},
                                          reads) for i in range(1, 4)))
    cases = GradingCases.from_dataset(dataset, other_observer=True)
    assert cases.items == tuple(ItemKey(f"{i:02d}", m) for i in range(1, 4)
                                for m in ("observer2", "unet"))
    assert reads == []
    first = cases.load(ItemKey("01", "unet"))
    assert cases.load(ItemKey("01", "unet")) is first and reads == [("01", "unet")]
    for item in cases.items[2:2 + KEEP_CASES]:
        cases.load(item)
    assert cases.load(ItemKey("01", "unet")) is not first  # evicted, read again


def test_the_other_observer_is_graded_only_when_asked():
    dataset = _Dataset(tuple(_DatasetCase(f"{i:02d}", {"unet": "u.png", "observer2": "o.gif"},
                                          []) for i in range(1, 4)))
    only_unet = GradingCases.from_dataset(dataset)
    assert [item.method for item in only_unet.items] == ["unet"] * 3
    with_human = GradingCases.from_dataset(dataset, other_observer=True)
    assert [item.method for item in with_human.items] == ["observer2", "unet"] * 3
    no_baseline = GradingCases.from_dataset(dataclasses.replace(dataset, baselines=()))
    assert len(no_baseline.items) == 6  # a name alone makes no baseline


def test_cases_in_memory():
    given = {ItemKey("01", "a"): _case(1), ItemKey("01", "b"): _case(2)}
    cases = GradingCases.from_cases(given)
    assert cases.load(ItemKey("01", "b")) is given[ItemKey("01", "b")]
    with pytest.raises(KeyError):
        cases.load(ItemKey("02", "a"))


def test_open_dataset_grades_the_predictions(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    for case in (1, 2):
        Image.fromarray(files.vessels(case).astype(np.uint8) * 255).save(
            _folder(tmp_path / "unet") / f"{case:02d}_test.png")
    cases = GradingCases.open_dataset(root, {"unet": tmp_path / "unet"})
    assert cases.items == (ItemKey("01", "unet"), ItemKey("02", "unet"))
    np.testing.assert_array_equal(cases.load(ItemKey("02", "unet")).candidate,
                                  files.vessels(2))
    with_human = GradingCases.open_dataset(root, {"unet": tmp_path / "unet"},
                                           other_observer=True)
    assert [item.method for item in with_human.items] == ["observer2", "unet"] * 2
    with pytest.raises(InputError, match="no case has a prediction to grade"):
        GradingCases.open_dataset(root, {"empty": _folder(tmp_path / "empty")})


def _folder(path):
    path.mkdir(exist_ok=True)
    return path

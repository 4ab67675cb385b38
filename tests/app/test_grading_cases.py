"""Grading items from a dataset or from cases in memory, read lazily."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from vesselview.app.grading_cases import KEEP_CASES, GradingCases
from vesselview.engine.case import Case
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


def test_dataset_items_are_read_on_demand_and_a_few_kept():
    reads: list[tuple[str, str]] = []
    dataset = _Dataset(tuple(_DatasetCase(f"{i:02d}", {"unet": "u.png", "observer2": "o.gif"},
                                          reads) for i in range(1, 4)))
    cases = GradingCases.from_dataset(dataset)
    assert cases.items == tuple(ItemKey(f"{i:02d}", m) for i in range(1, 4)
                                for m in ("observer2", "unet"))
    assert reads == []
    first = cases.load(ItemKey("01", "unet"))
    assert cases.load(ItemKey("01", "unet")) is first and reads == [("01", "unet")]
    for item in cases.items[2:2 + KEEP_CASES]:
        cases.load(item)
    assert cases.load(ItemKey("01", "unet")) is not first  # evicted, read again
    only_unet = GradingCases.from_dataset(dataset, methods=["unet"])
    assert [item.method for item in only_unet.items] == ["unet"] * 3


def test_cases_in_memory():
    given = {ItemKey("01", "a"): _case(1), ItemKey("01", "b"): _case(2)}
    cases = GradingCases.from_cases(given)
    assert cases.load(ItemKey("01", "b")) is given[ItemKey("01", "b")]
    with pytest.raises(KeyError):
        cases.load(ItemKey("02", "a"))

"""Restructuring changes no output: metrics, layers and CLI tables are bit-identical.

The golden values were computed before the architecture change (issue 10); a change
that alters any of them on purpose re-pins with ``python -m tests.pinned.outputs`` and
says why in its commit.
"""

from __future__ import annotations

import json

import pytest

from tests.pinned.outputs import GOLDEN, pinned_outputs


@pytest.fixture(scope="module")
def computed():
    return json.loads(json.dumps(pinned_outputs(), sort_keys=True))


@pytest.fixture(scope="module")
def golden():
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("name", ["demo_seed0", "demo_seed3_400x380", "teaching_gap",
                                  "demo_soft_seed1"])
def test_metric_vector_is_bit_identical(computed, golden, name):
    assert computed["cases"][name]["metrics"] == golden["cases"][name]["metrics"]
    assert computed["cases"][name]["undefined"] == golden["cases"][name]["undefined"]


@pytest.mark.parametrize("name", ["demo_seed0", "demo_seed3_400x380", "teaching_gap",
                                  "demo_soft_seed1"])
def test_layer_class_counts_are_identical(computed, golden, name):
    assert computed["cases"][name]["layer_counts"] == golden["cases"][name]["layer_counts"]


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_cli_table_is_identical(computed, golden, fmt):
    assert computed["cli"][fmt] == golden["cli"][fmt]

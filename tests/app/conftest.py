"""Fixtures of the application-model tests: no Qt anywhere (a dict stands in for QSettings)."""

from __future__ import annotations

from typing import Any

import pytest

from vesselview.synth import demo_case


class DictSettings:
    """The part of ``QSettings`` the model uses, kept in a dict."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def value(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def setValue(self, key: str, value: Any) -> None:
        self.values[key] = value


@pytest.fixture
def settings() -> DictSettings:
    """An empty settings store."""
    return DictSettings()


@pytest.fixture(scope="session")
def small_case():
    """A small synthetic case with a probability-map candidate."""
    return demo_case(shape=(120, 116), seed=3, soft=True)

"""Metric values with reasons for the undefined ones (``docs/metrics.md`` §0).

Every metric family returns a `Scores`: a value per key, ``nan`` where the value is
undefined (0/0), together with a human-readable reason for each such key.
"""

from __future__ import annotations

import dataclasses
import math

NAN = float("nan")


@dataclasses.dataclass
class Scores:
    """Metric values and the reasons of the undefined ones, filled by a metric family."""

    values: dict[str, float] = dataclasses.field(default_factory=dict)
    reasons: dict[str, str] = dataclasses.field(default_factory=dict)

    def set(self, key: str, value: float) -> None:
        """Record a defined value."""
        self.values[key] = float(value)

    def undefined(self, key: str, reason: str) -> None:
        """Record that ``key`` is undefined, and why."""
        self.values[key] = NAN
        self.reasons[key] = reason

    def ratio(self, key: str, numerator: float, denominator: float, reason: str) -> float:
        """Record ``numerator / denominator``; undefined with ``reason`` when the denominator is 0.

        Returns the value recorded (``nan`` when undefined).
        """
        if denominator == 0:
            self.undefined(key, reason)
        else:
            self.set(key, numerator / denominator)
        return self.values[key]

    def derived(self, key: str, value: float, *inputs: str) -> None:
        """Record a value computed from other keys; undefined when any input is.

        The reason names the first undefined input and repeats its reason.
        """
        for name in inputs:
            if math.isnan(self.values.get(name, 0.0)):
                self.undefined(key, f"{name} is undefined: {self.reasons[name]}")
                return
        self.set(key, value)

    def merge(self, other: Scores) -> Scores:
        """Add ``other``'s values and reasons to this one (in place); return self."""
        self.values.update(other.values)
        self.reasons.update(other.reasons)
        return self

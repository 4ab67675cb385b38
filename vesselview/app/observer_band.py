"""The inter-observer band of the case browser's plots (no Qt).

Per case and metric, the observers' agreement with each other (each pair of observers
scored both ways round and averaged, `vesselview.engine.williams.inter_observer`: for
DRIVE's test set, the Dice of observer 2 against observer 1). The band of a metric is
the range of those agreements over the cases: a method whose values fall inside it
agrees with the observers about as well as they agree with each other.
"""

from __future__ import annotations

import math
from collections.abc import Mapping


class ObserverBand:
    """The observers' pairwise agreements of each case, by metric."""

    def __init__(self) -> None:
        self._cases: dict[str, Mapping[str, Mapping[tuple[str, str], float]]] = {}

    def set(self, case_id: str, agreements: Mapping[str, Mapping[tuple[str, str], float]]
            ) -> None:
        """Keep ``case_id``'s agreements: metric key -> (observer, observer) -> value."""
        self._cases[case_id] = agreements

    def values(self, metric: str) -> list[float]:
        """Every known pairwise agreement on ``metric``, over the cases (by case id)."""
        return [value for case_id in sorted(self._cases)
                for value in self._cases[case_id].get(metric, {}).values()
                if not math.isnan(value)]

    def range(self, metric: str) -> tuple[float, float] | None:
        """``(lowest, highest)`` agreement of the observers on ``metric`` over the cases;
        None when no case has two observers (or the metric is undefined between them)."""
        values = self.values(metric)
        return (min(values), max(values)) if values else None

    def describe(self, metric: str) -> str:
        """``"observers agree 0.71 to 0.78 (2 cases)"``, ``""`` without a band."""
        span = self.range(metric)
        if span is None:
            return ""
        cases = sum(1 for found in self._cases.values() if found.get(metric))
        return (f"the observers agree {span[0]:.4g} to {span[1]:.4g} with each other "
                f"({cases} case{'s' if cases != 1 else ''})")

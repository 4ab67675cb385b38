"""Metric keys by family, derived from the registry (`vesselview.engine.families`).

Kept for callers that want plain keys; the registry's `MetricInfo` is the one source.
"""

from __future__ import annotations

from vesselview.engine.families import FAMILIES, METRIC_KEYS, METRICS

METRIC_FAMILIES: dict[str, tuple[str, ...]] = {family.name: family.keys for family in FAMILIES}

#: Metrics where smaller is better (negated before ranking, ``docs/metrics.md`` §8).
DISSIMILARITIES: frozenset[str] = frozenset(
    key for key, info in METRICS.items() if info.lower_is_better)

#: Metrics whose values have no better direction (never ranked, never marked best).
UNORDERED: frozenset[str] = frozenset(
    key for key, info in METRICS.items() if info.direction == "neither")

#: Metrics whose values are counts (shown without decimals).
COUNTS: frozenset[str] = frozenset(k for k, info in METRICS.items() if info.count)

__all__ = ["COUNTS", "DISSIMILARITIES", "METRIC_FAMILIES", "METRIC_KEYS", "UNORDERED"]

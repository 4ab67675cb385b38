"""Families whose inputs a case lacks: the metrics panel folds them into one line.

A family is absent from a result when every one of its metrics is undefined, none
pending, all for one and the same reason: the one reason a family gives when an input it
reads is missing (e.g. the artery/vein family on a case without artery/vein labels).
The rule reads only the registry and the result; it names no family.
"""

from __future__ import annotations

from vesselview.engine.families import FAMILIES
from vesselview.engine.result import Result


def absent_families(result: Result) -> dict[str, str]:
    """Family name -> the one reason all its metrics are undefined, for every such family
    of ``result`` (a partial result's pending families are not absent)."""
    absent: dict[str, str] = {}
    for family in FAMILIES:
        keys = [key for key in family.keys if key in result.metrics]
        if not keys or any(key in result.pending for key in keys):
            continue
        reasons = {result.undefined.get(key) for key in keys}
        if len(reasons) == 1 and None not in reasons:
            absent[family.name] = str(reasons.pop())
    return absent

"""Why a method's metric is undefined on every case: the one reason its records share.

A comparison's summary of a metric no case defines says only that too few cases define
it; when every evaluated record of the method gives the same reason (a binary candidate
against artery/vein references: "the candidate has no artery/vein classes (a vessel
mask)"), the report says that reason instead (`shared_reasons`, `shared_reasons_note`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from vesselview.io.strict_json import Record

#: How the reason of an infinite value (also ``None`` in a record) starts.
_INFINITE = ("+inf", "-inf")
#: Method -> metric -> the reason every evaluated record of the method gives.
SharedReasons = Mapping[str, Mapping[str, str]]


def shared_reasons(records: Iterable[Record]) -> dict[str, dict[str, str]]:
    """``{method: {metric: reason}}`` of the metrics that every evaluated (not failed)
    record of the method leaves undefined (``None``) for one and the same reason."""
    by_method: dict[str, list[Record]] = {}
    for record in records:
        if record.get("error") is None:
            by_method.setdefault(record.get("method") or "", []).append(record)
    shared: dict[str, dict[str, str]] = {}
    for method, rows in by_method.items():
        reasons = {key: {row["undefined"].get(key) if row["metrics"].get(key) is None
                         else None for row in rows} for key in rows[0]["metrics"]}
        found = {key: reason for key, (reason, *others) in
                 ((key, list(found)) for key, found in reasons.items())
                 if not others and reason is not None and not reason.startswith(_INFINITE)}
        if found:
            shared[method] = found
    return shared


def shared_reasons_note(reasons: SharedReasons, methods: Sequence[str],
                        metrics: Sequence[str]) -> str:
    """A caption sentence naming, per method and reason, the ``metrics`` undefined on
    every case (``""`` when there are none)."""
    parts = []
    for method in methods:
        grouped: dict[str, list[str]] = {}
        for metric in metrics:
            reason = reasons.get(method, {}).get(metric)
            if reason is not None:
                grouped.setdefault(reason, []).append(metric)
        parts += [f"{method}: {', '.join(keys)} ({reason})" for reason, keys in grouped.items()]
    return f"Undefined on every case: {'; '.join(parts)}. " if parts else ""

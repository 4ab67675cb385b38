"""The dataset summary as a Markdown or LaTeX table (``--summary --format markdown|latex``).

One table per parameter set of `vesselview.io.summary.summarise`: a row per metric, named
from the registry with its unit and direction arrow (Markdown: the key and a ``name``
column, as the comparison tables; LaTeX: the name), then the mean, the sample sd and
the median over the pairs that define the metric, and that count ``n``. An infinite
statistic shows as ``∞`` (LaTeX ``$\\infty$``), an undefined one as an em dash
(`vesselview.io.text_tables.number`). The caption gives the pairs, the parameters that
differ from the defaults and the version.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from vesselview._version import __version__
from vesselview.engine.params import Params
from vesselview.io.strict_json import decode_number
from vesselview.io.summary_table import named
from vesselview.io.text_tables import number, write_text_table

#: The statistics of a row, as `vesselview.io.summary.summarise` names them.
_STATISTICS = ("mean", "std", "median")


def write_summary_tables(summary: Sequence[Mapping[str, Any]], metrics: Sequence[str],
                         stream: TextIO, output_format: str) -> None:
    """Write one table per group of ``summary`` (`vesselview.io.summary.summarise`).

    Parameters
    ----------
    summary : sequence of dict
        ``{"params", "n", "mean", "std", "median", "n_defined", "undefined"}`` per group.
    metrics : sequence of str
        The rows, in order (``--metrics``, or every metric key).
    stream : text stream
    output_format : {"markdown", "latex"}
    """
    for group in summary:
        header = ["metric", "mean", "sd", "median", "n"]
        rows = [[key, *(number(_statistic(group, name, key)) for name in _STATISTICS),
                 str(group["n_defined"][key])] for key in metrics]
        write_text_table(*named(header, rows, output_format == "latex"), stream,
                         output_format, caption=_caption(group))


def _statistic(group: Mapping[str, Any], name: str, key: str) -> float:
    """A group's statistic ``name`` of metric ``key``, infinities restored."""
    return decode_number(group[name][key], group["undefined"][name].get(key))


def _caption(group: Mapping[str, Any]) -> str:
    """What the table shows, over which pairs and parameters, and the version."""
    defaults = Params().to_dict()
    changed = [f"{key} = {value}" for key, value in group["params"].items()
               if key in defaults and value != defaults[key]]
    parameters = ", ".join(changed) + ", others" if changed else "all"
    return (f"Dataset summary over {group['n']} evaluated pairs: mean, sample sd and median "
            "of each metric over the n pairs that define it (↑ higher / ↓ lower is better; "
            "∞: an infinite value among them, e.g. a distance to an empty mask; —: "
            f"undefined). Parameters: {parameters} at their defaults. "
            f"(vesselview {__version__}).")

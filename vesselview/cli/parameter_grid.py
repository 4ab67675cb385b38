"""``--set`` / ``--sweep`` of ``vesselview-eval`` into `Params`: the parameter grid.

``--set KEY=VALUE`` gives the base parameters; each ``--sweep KEY=SPEC`` a list of
values (`vesselview.engine.sweep.parse_sweep_values`, the GUI's grammar); the grid is
their Cartesian product, at most `MAX_COMBINATIONS` entries.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from vesselview.cli.usage_error import UsageError
from vesselview.engine.param_keys import canonical_key, parse_value
from vesselview.engine.params import Params
from vesselview.engine.sweep import parse_sweep_values

#: Most parameter combinations one run may sweep (every pair is evaluated under each).
MAX_COMBINATIONS = 10_000


def parameter_grid(settings: Sequence[str], sweeps: Sequence[str]) -> tuple[Params,
                                                                            list[Params]]:
    """Base parameters from ``--set`` and one `Params` per ``--sweep`` combination.

    Parameters
    ----------
    settings : sequence of str
        ``KEY=VALUE`` items.
    sweeps : sequence of str
        ``KEY=SPEC`` items, SPEC in the grammar of `parse_sweep_values`; several
        sweeps give their Cartesian product, the first sweep varying slowest.

    Returns
    -------
    base : Params
        Defaults updated by ``settings``.
    grid : list of Params
        ``[base]`` without sweeps, else one entry per combination, in order.

    Raises
    ------
    UsageError
        For a malformed item, a key both set and swept or swept twice, or more than
        `MAX_COMBINATIONS` combinations.
    ParamsError
        For an unknown key or a bad value (named in the message).
    """
    values = dict(_key_value(item, "--set") for item in settings)
    base = Params.from_mapping({key: parse_value(key, text) for key, text in values.items()})
    swept: dict[str, list] = {}
    for item in sweeps:
        key, text = _key_value(item, "--sweep")
        if key in swept or key in values:
            raise UsageError(f"parameter {key} is given more than once in --set/--sweep")
        swept[key] = parse_sweep_values(key, text)
    combinations = math.prod(len(values) for values in swept.values())
    if combinations > MAX_COMBINATIONS:
        raise UsageError(f"--sweep gives {combinations} parameter combinations "
                         f"({' x '.join(str(len(v)) for v in swept.values())}); at most "
                         f"{MAX_COMBINATIONS} allowed: sweep fewer values or split the run")
    grid = [base.replace(**dict(zip(swept, combination, strict=True)))
            for combination in itertools.product(*swept.values())]
    return base, grid


def _key_value(item: str, flag: str) -> tuple[str, str]:
    """Split ``KEY=VALUE`` at the first ``=``; KEY by its current name (`canonical_key`)."""
    key, separator, value = item.partition("=")
    if not separator or not key.strip():
        raise UsageError(f"{flag} expects KEY=VALUE, got {item!r}")
    return canonical_key(key.strip()), value

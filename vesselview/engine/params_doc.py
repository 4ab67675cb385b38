"""The parameter tables of the documentation, made from `PARAM_SPECS`.

``docs/metrics.md`` §7 has a table (key, default, allowed values, unit, meaning) and
the README a list of keys with their defaults, each between two marker comments.
``python -m vesselview.engine.params_doc --write`` rewrites them from the specs,
``--check`` says which file is out of date (exit 1); a test does the same check.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from vesselview.engine.params import PARAM_SPECS

BEGIN = ("<!-- parameters: made by `python -m vesselview.engine.params_doc --write` from "
         "vesselview/engine/params.py; do not edit by hand -->")
END = "<!-- end of parameters -->"
_BLOCK = re.compile(rf"^(?P<indent> *){re.escape(BEGIN)}\n(?P<body>.*?)^(?P=indent)"
                    rf"{re.escape(END)}$", re.MULTILINE | re.DOTALL)
#: README lines are wrapped at this width.
_README_WIDTH = 95


def number_text(value: float) -> str:
    """A number as short as it is exact: ``2``, ``0.5``, ``1000000``, ``1/9``.

    Examples
    --------
    >>> number_text(2.0), number_text(0.25), number_text(1e6), number_text(1 / 9)
    ('2', '0.25', '1000000', '1/9')
    """
    if float(value).is_integer():
        return str(int(value))
    if float(f"{value:g}") == value:
        return f"{value:g}"
    fraction = Fraction(value).limit_denominator(1000)
    return f"{fraction}" if float(fraction) == value else repr(value)


def value_text(value: Any) -> str:
    """A parameter value as typed on the command line (``true``, ``1/9``, ``euclidean``)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return number_text(value)
    return str(value)


def default_text(key: str) -> str:
    """The default of parameter ``key`` as the CLI help and the documentation say it.

    Examples
    --------
    >>> default_text("fom_k"), default_text("cal_fov"), default_text("threshold")
    ('1/9', 'false', "the case's threshold, 0.5 when it has none")
    """
    spec = PARAM_SPECS[key]
    return spec.none_means if spec.default is None else value_text(spec.default)


def allowed_text(key: str, separator: str = "..") -> str:
    """The values parameter ``key`` accepts: ``0..50``, ``true/false``, ``a/b``.

    Examples
    --------
    >>> allowed_text("t"), allowed_text("distance_fov"), allowed_text("ss_mode")
    ('0..50', 'true/false', 'reference')
    """
    spec = PARAM_SPECS[key]
    if spec.kind is bool:
        return "true/false"
    if spec.unit == "table":
        return "3 x 3 numbers >= 0"
    if spec.kind is str:
        return "/".join(spec.choices)
    low, high = spec.bounds
    return f"{number_text(low)}{separator}{number_text(high)}"


def docs_table() -> str:
    """The Markdown table of ``docs/metrics.md`` §7: one row per parameter, in key order."""
    units = {"length": "length (px; or µm, % FOV)"}
    rows = ["| key | default | allowed | unit | what it does |", "|---|---|---|---|---|"]
    for key, spec in PARAM_SPECS.items():
        default = default_text(key) if not isinstance(spec.default, str) \
            else f"`{spec.default}`"
        cells = (f"`{key}`", default, allowed_text(key, " to "),
                 units.get(spec.unit, spec.unit), spec.doc)
        rows.append("| " + " | ".join(cell.replace("|", r"\|") for cell in cells) + " |")
    return "\n".join(rows)


def readme_list() -> str:
    """The README's list of every key with its default (and the other choices)."""
    entries = []
    for key, spec in PARAM_SPECS.items():
        shown = f"`{spec.default}`" if isinstance(spec.default, str) else default_text(key)
        others = [f"`{choice}`" for choice in spec.choices if choice != spec.default]
        entries.append(f"`{key}` ({shown}{'; or ' + ', '.join(others) if others else ''})")
    return textwrap.fill(", ".join(entries) + ".", width=_README_WIDTH - 2,
                         break_on_hyphens=False)


#: File (relative to the repository) -> the text between its markers.
GENERATED: dict[str, Callable[[], str]] = {"docs/metrics.md": docs_table,
                                            "README.md": readme_list}


def with_block(text: str, content: str) -> str:
    """``text`` with ``content`` between its markers (indented as the first marker).

    Raises
    ------
    ValueError
        When ``text`` has no marker pair, or more than one.
    """
    blocks = list(_BLOCK.finditer(text))
    if len(blocks) != 1:
        raise ValueError(f"expected one block between {BEGIN!r} and {END!r}, found "
                         f"{len(blocks)}")
    indent = blocks[0]["indent"]
    body = "".join(f"{indent}{line}\n" if line else "\n" for line in content.splitlines())
    start, end = blocks[0].span("body")
    return text[:start] + body + text[end:]


def stale_files(root: Path) -> list[str]:
    """The files of `GENERATED` under ``root`` whose block differs from the specs'."""
    return [name for name, make in GENERATED.items()
            if (text := (root / name).read_text(encoding="utf-8")) != with_block(text, make())]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the tables, or ``--check`` / ``--write`` the files under ``--root``."""
    parser = argparse.ArgumentParser(prog="python -m vesselview.engine.params_doc",
                                     description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--check", action="store_true", help="exit 1 when a file is stale")
    action.add_argument("--write", action="store_true", help="rewrite the stale files")
    parser.add_argument("--root", type=Path, default=Path.cwd(),
                        help="the repository folder (default: the current one)")
    options = parser.parse_args(argv)
    if not (options.check or options.write):
        print("\n\n".join(make() for make in GENERATED.values()))
        return 0
    stale = stale_files(options.root)
    for name in stale:
        if options.write:
            path = options.root / name
            path.write_text(with_block(path.read_text(encoding="utf-8"),
                                       GENERATED[name]()), encoding="utf-8")
        print(f"{'rewrote' if options.write else 'out of date'}: {name}")
    return 1 if stale and options.check else 0


if __name__ == "__main__":
    sys.exit(main())

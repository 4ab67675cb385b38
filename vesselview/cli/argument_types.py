"""Value types of ``vesselview-eval`` flags: ``--predictions``, ``--williams``, ``--workers``.

Each reads one flag's text for argparse (its ``type=``) and raises
`argparse.ArgumentTypeError` with what was expected, which argparse turns into a
usage error naming the flag.
"""

from __future__ import annotations

import argparse

#: The Williams indices every row gives (`vesselview.engine.williams.DEFAULT_KEYS`; not
#: imported: ``--help`` loads no engine).
WILLIAMS_DEFAULT = ("dice", "f1_t", "ss")
#: Most local worker processes (each holds a copy of the evaluation's libraries).
MAX_WORKERS = 64


def prediction_folder(text: str) -> tuple[str, str]:
    """argparse type of ``--predictions NAME=DIR``."""
    name, separator, folder = text.partition("=")
    if not separator or not name.strip() or not folder.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=DIR, got {text!r}")
    return name.strip(), folder.strip()


def williams_keys(text: str) -> tuple[str, ...]:
    """argparse type of ``--williams KEY,...``: metric keys with a Williams index (checked
    by `vesselview.engine.williams.agreement_keys`, imported only when given)."""
    from vesselview.engine.williams import agreement_keys
    from vesselview.errors import ParamsError

    keys = tuple(dict.fromkeys(key.strip() for key in text.split(",") if key.strip()))
    if not keys:
        raise argparse.ArgumentTypeError(f"expected metric keys such as "
                                         f"{','.join(WILLIAMS_DEFAULT)}, got {text!r}")
    try:
        return agreement_keys(keys)
    except ParamsError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def worker_count(text: str) -> int:
    """argparse type of ``--workers``: an integer from 1 to `MAX_WORKERS`."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {number}")
    if number > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"at most {MAX_WORKERS} worker processes, got "
                                         f"{number}")
    return number

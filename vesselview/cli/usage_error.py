"""`UsageError`: the command line of ``vesselview-eval`` is wrong.

Raised instead of argparse's two-line message and exit, so ``main`` reports every
problem the same way: one line, exit code 2.
"""

from __future__ import annotations


class UsageError(Exception):
    """The command line is wrong (unknown flag, missing value, conflicting options)."""

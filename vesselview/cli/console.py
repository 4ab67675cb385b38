"""What ``vesselview-eval`` returns and says: its exit codes, one-line messages on stderr."""

from __future__ import annotations

import sys

from vesselview.cli.arguments import PROG

EXIT_OK = 0
EXIT_INTERNAL_ERROR = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


def report(message: str) -> None:
    """One line on stderr, prefixed with the program name."""
    print(f"{PROG}: {' '.join(message.split())}", file=sys.stderr)

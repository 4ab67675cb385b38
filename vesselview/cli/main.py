"""``vesselview-eval``: batch evaluation of vessel segmentations (issue 2 item 6).

Exit codes: 0 success; 2 bad input or usage (one line on stderr naming the file or
parameter), including any pair that failed (the others are still written); 1 internal
error (one line and a request to report it; ``--debug`` adds the traceback); 130
interrupted (Ctrl-C); 143 terminated (SIGTERM). Worker processes stop with the run.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence

from vesselview.cli.arguments import UsageError, parse_arguments
from vesselview.cli.console import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL_ERROR,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TERMINATED,
    report,
)
from vesselview.cli.termination import Terminated, sigterm_raises
from vesselview.errors import VesselviewError


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``vesselview-eval`` with ``argv`` (default: the process arguments).

    Returns
    -------
    int
        The exit code (see the module docstring).
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    try:
        with sigterm_raises():
            options = parse_arguments(arguments)
            if options.verify is not None:
                from vesselview.cli.verify import verify  # loads the engine, as below

                return verify(options.verify)
            from vesselview.cli.batch import evaluate  # only now: see vesselview.cli.batch

            return evaluate(options)
    except Terminated as stop:
        report(str(stop))
        return EXIT_TERMINATED
    except SystemExit as done:  # --help and --version print and exit normally
        return done.code if isinstance(done.code, int) else EXIT_OK
    except (UsageError, VesselviewError) as error:
        report(f"error: {error}")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        report("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (e.g. `| head`): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except Exception as error:  # anything else is a bug: one line, never a bare traceback
        debug = "--debug" in arguments
        if debug:
            traceback.print_exc()
        hint = "" if debug else "; run again with --debug to see the traceback"
        report(f"internal error: {type(error).__name__}: {error} — please report this "
                f"bug with the command you ran{hint}")
        return EXIT_INTERNAL_ERROR


if __name__ == "__main__":
    sys.exit(main())

"""Entry script of the bundle's ``vesselview-eval`` executable (the batch CLI).

The GUI executable uses ``vesselview/__main__.py`` directly; the CLI needs this script
because ``--workers`` starts fresh ("spawn") worker processes, and in a frozen
application each worker is this executable started again: `freeze_support` turns
that start into a worker instead of a second CLI run, and `compile_if_asked` a start
that compiles the kernels in the background on the first start.
"""

import multiprocessing

from vesselview.engine.kernels_compile import compile_if_asked

if __name__ == "__main__":
    multiprocessing.freeze_support()
    compile_if_asked()
    from vesselview.cli.main import main

    raise SystemExit(main())

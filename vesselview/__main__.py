"""``python -m vesselview``: the inspector (same as the ``vesselview`` command).

Also the entry script of the bundle's ``vesselview`` executable, which the first start
runs again to compile the kernels in the background (`compile_if_asked`).
"""

from vesselview.engine.kernels_compile import compile_if_asked

compile_if_asked()

from vesselview.gui.command_line import main  # noqa: E402  (a compiling process never loads Qt)

raise SystemExit(main())

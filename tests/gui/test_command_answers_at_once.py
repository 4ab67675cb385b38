"""``vesselview --version`` and ``--help`` answer before the window's modules load."""

from __future__ import annotations

import subprocess
import sys

import pytest

from vesselview._version import __version__

#: Packages that take seconds to import; none is needed to print the version or the help.
HEAVY = ("PySide6", "pyqtgraph", "superqt", "numpy", "numba", "scipy", "cv2")

PROBE = """
import sys
from vesselview.gui.command_line import main
try:
    main([{option!r}])
except SystemExit as stop:
    code = stop.code
print("EXIT", code)
print("LOADED", sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r})))
"""


@pytest.mark.parametrize("option", ["--version", "--help"])
def test_version_and_help_import_no_gui_and_no_engine(option):
    probe = PROBE.format(option=option, heavy=HEAVY)
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            timeout=60, check=True)
    assert "EXIT 0" in result.stdout
    assert "LOADED []" in result.stdout
    if option == "--version":
        assert f"vesselview {__version__}" in result.stdout
    else:
        assert "--reference" in result.stdout


def test_bad_option_exits_2_before_any_window(capsys):
    from vesselview.gui.command_line import main

    with pytest.raises(SystemExit) as stop:
        main(["--size", "tiny"])
    assert stop.value.code == 2
    assert "not a window size" in capsys.readouterr().err


@pytest.mark.parametrize("size", ["1280x²", "\u0661\u0662\u0668\u0660x720", "1280x-720"])
def test_a_size_in_other_digits_is_not_a_window_size(capsys, size):
    from vesselview.gui.command_line import main

    with pytest.raises(SystemExit) as stop:
        main(["--size", size])
    assert stop.value.code == 2
    assert f"{size!r} is not a window size: write e.g. 1280x720" in capsys.readouterr().err

"""Desktop integration files: the .desktop entry, AppStream metainfo, icons, identity.

External validators (``desktop-file-validate``, ``appstreamcli``) run when installed.
"""

from __future__ import annotations

import configparser
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from PIL import Image

from vesselview import __version__
from vesselview.gui.identity import APP_ID, APP_NAME, ICON_SIZES, apply_identity

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "resources"
DESKTOP = RESOURCES / f"{APP_ID}.desktop"
METAINFO = RESOURCES / f"{APP_ID}.metainfo.xml"
HICOLOR = RESOURCES / "icons" / "hicolor"
PACKAGE_ICONS = ROOT / "vesselview" / "resources" / "icons"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_launches_the_gui_with_the_app_icon():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"] == entry["TryExec"] == "vesselview"
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";")


def test_gui_entry_point_matches_the_desktop_exec():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["gui-scripts"] == {desktop_entry()["Exec"]: "vesselview.gui.command_line:main"}
    assert project["scripts"] == {"vesselview-eval": "vesselview.cli.main:main"}


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate not installed")
def test_desktop_entry_validates():
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_metainfo_names_the_app_its_licences_and_this_release():
    component = ElementTree.parse(METAINFO).getroot()
    assert component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == DESKTOP.name
    assert component.findtext("project_license") == "BSD-3-Clause"
    assert {binary.text for binary in component.iter("binary")} == {"vesselview", "vesselview-eval"}
    newest = component.find("releases/release")
    assert newest.get("version") == __version__, "add a <release> for the new version"


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli not installed")
def test_metainfo_validates():
    result = subprocess.run(["appstreamcli", "validate", "--no-net", str(METAINFO)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_svg_icon_is_square():
    svg = ElementTree.parse(HICOLOR / "scalable" / "apps" / f"{APP_ID}.svg").getroot()
    assert svg.get("viewBox") == "0 0 256 256"


@pytest.mark.parametrize("size", ICON_SIZES)
def test_png_icon_sizes_and_package_copy(size):
    themed = HICOLOR / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    with Image.open(themed) as image:
        assert image.format == "PNG"
        assert image.size == (size, size)
        assert image.mode == "RGBA"
        assert image.getpixel((0, 0))[3] == 0  # transparent outside the rounded square
    assert (PACKAGE_ICONS / f"vesselview-{size}.png").read_bytes() == themed.read_bytes()


def test_no_stray_icon_sizes():
    rendered = {path.parent.parent.name for path in HICOLOR.glob("*x*/apps/*.png")}
    assert rendered == {f"{size}x{size}" for size in ICON_SIZES}
    assert len(list(PACKAGE_ICONS.glob("*.png"))) == len(ICON_SIZES)


@pytest.fixture
def restored_identity(qapp):
    """The shared QApplication, with its identity put back after the test."""
    saved = (qapp.applicationName(), qapp.organizationName(), qapp.applicationVersion(),
             qapp.desktopFileName(), qapp.windowIcon())
    yield qapp
    qapp.setApplicationName(saved[0])
    qapp.setOrganizationName(saved[1])
    qapp.setApplicationVersion(saved[2])
    qapp.setDesktopFileName(saved[3])
    qapp.setWindowIcon(saved[4])


def test_apply_identity(restored_identity):
    app = restored_identity
    apply_identity(app)
    assert app.applicationName() == app.organizationName() == APP_NAME
    assert app.applicationVersion() == __version__
    assert app.desktopFileName() == APP_ID
    sizes = {size.width() for size in app.windowIcon().availableSizes()}
    assert sizes == set(ICON_SIZES)

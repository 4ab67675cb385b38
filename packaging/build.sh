#!/usr/bin/env bash
# Build the vesselview bundle: one folder that runs without Python installed.
#
#   bundle/vesselview         the inspector (GUI)
#   bundle/vesselview-eval    the batch evaluator (CLI)
#   bundle/install.sh         adds the desktop entry, icon and commands for the current user
#   bundle/share/             the .desktop entry, AppStream metainfo and hicolor icons
#
# Usage: packaging/build.sh [--python PYTHON] [--dist DIR] [--work DIR] [--archive]
#
#   (no option)      create a fresh virtual environment in build/venv, install the checkout
#                    with its `packaging` extra from the package index, build with it
#   --python PYTHON  build with this interpreter instead; it must already have vesselview
#                    and PyInstaller installed (e.g. a development venv)
#   --dist DIR       write DIR/bundle (default: the repository root, i.e. ./bundle)
#   --work DIR       PyInstaller's work folder (default: build/pyinstaller)
#   --archive        also write DIR/vesselview-VERSION-linux-ARCH.tar.gz
#
# Needs: python3 >= 3.11 with venv (for the default), and the package index
# (or a pip configuration pointing at a mirror of it).
set -euo pipefail

started=$(date +%s)
root=$(cd "$(dirname "$0")/.." && pwd)
python=""
dist="$root"
work="$root/build/pyinstaller"
archive=false
while [ $# -gt 0 ]; do
    case "$1" in
        --python) python=$2; shift 2 ;;
        --dist) dist=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        --archive) archive=true; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "build.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done

if [ -z "$python" ]; then
    venv="$root/build/venv"
    echo "build.sh: fresh environment in $venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet "$root[packaging]"
    python="$venv/bin/python"
fi

# Absolute paths: PyInstaller runs from the checkout, the rest from here.
mkdir -p "$dist" "$work"
dist=$(cd "$dist" && pwd)
work=$(cd "$work" && pwd)
case "$python" in
    */*) python="$(cd "$(dirname "$python")" && pwd)/$(basename "$python")" ;;
esac
# The entry scripts and the spec refer to the checkout; run from it.
(cd "$root" && "$python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$dist" --workpath "$work" packaging/vesselview.spec)

bundle="$dist/bundle"
share="$bundle/share"
mkdir -p "$share/applications" "$share/metainfo"
cp "$root/resources/io.github.vesselview.VesselView.desktop" "$share/applications/"
cp "$root/resources/io.github.vesselview.VesselView.metainfo.xml" "$share/metainfo/"
cp -r "$root/resources/icons" "$share/"
cp "$root/packaging/install.sh" "$bundle/install.sh"
cp "$root/LICENSE" "$bundle/LICENSE"

"$bundle/vesselview-eval" --version
echo "build.sh: $bundle ($(du -sh "$bundle" | cut -f1)) built in $(( $(date +%s) - started )) s"

if $archive; then
    version=$("$bundle/vesselview-eval" --version | awk '{print $NF}')
    archive_file="$dist/vesselview-$version-linux-$(uname -m).tar.gz"
    # Unpacks into a folder named after the version, not "bundle".
    tar -C "$dist" --transform "s,^bundle,vesselview-$version," -czf "$archive_file" bundle
    echo "build.sh: $archive_file ($(du -sh "$archive_file" | cut -f1))"
fi

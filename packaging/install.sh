#!/usr/bin/env bash
# Add the vesselview bundle to this user's desktop, without administrator rights:
# the commands `vesselview` and `vesselview-eval` in ~/.local/bin, the menu entry, the
# AppStream metainfo and the icons in ~/.local/share. Run it from the unpacked bundle:
#
#   ./install.sh              install (again, after moving the folder)
#   ./install.sh --uninstall  remove what install.sh added (the bundle folder stays)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
bin="${XDG_BIN_HOME:-$HOME/.local/bin}"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
app=io.github.vesselview.VesselView
sizes="16 24 32 48 64 128 256 512"

refresh_caches() {
    # Optional desktop tools: menus pick the entry up without them, only later.
    command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
    command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$bin/vesselview" "$bin/vesselview-eval" \
          "$data/applications/$app.desktop" "$data/metainfo/$app.metainfo.xml" \
          "$data/icons/hicolor/scalable/apps/$app.svg"
    for size in $sizes; do rm -f "$data/icons/hicolor/${size}x${size}/apps/$app.png"; done
    refresh_caches
    echo "vesselview: removed from $bin and $data"
    exit 0
fi

mkdir -p "$bin" "$data/applications" "$data/metainfo" "$data/icons"
ln -sf "$here/vesselview" "$bin/vesselview"
ln -sf "$here/vesselview-eval" "$bin/vesselview-eval"
# The menu entry runs this very bundle, wherever it was unpacked.
sed -e "s|^Exec=.*|Exec=\"$here/vesselview\"|" -e "s|^TryExec=.*|TryExec=$here/vesselview|" \
    "$here/share/applications/$app.desktop" > "$data/applications/$app.desktop"
cp "$here/share/metainfo/$app.metainfo.xml" "$data/metainfo/"
cp -r "$here/share/icons/hicolor" "$data/icons/"
refresh_caches
echo "vesselview: commands in $bin, menu entry and icons in $data"
case ":$PATH:" in
    *":$bin:"*) ;;
    *) echo "vesselview: add $bin to your PATH to run vesselview from a terminal" ;;
esac

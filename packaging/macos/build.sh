#!/usr/bin/env bash
# Build the macOS disk image into dist/ (run from anywhere, on macOS):
#
#   bash packaging/macos/build.sh
#   -> dist/orcus-desktop-VERSION-macos-ARCH.dmg   (ARCH: arm64 or x86_64, this Mac's)
#
# Steps: the app icon's PNG iconset (packaging/make_icons.py) -> orcus-desktop.icns (iconutil);
# PyInstaller builds "Orcus Desktop.app" from packaging/orcus.spec with that icon and
# packaging/macos/Info.plist (encounter file types, version from pyproject.toml); the .app is
# signed ad hoc (no Apple Developer ID: see README "Install" on what Gatekeeper asks) and checked;
# hdiutil packs it with an Applications link and the first-run note into a compressed .dmg.
# PYTHON names the interpreter that has PyInstaller (default: .venv's, else python3).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
log() { printf 'macos-build: %s\n' "$*" >&2; }

python="${PYTHON:-}"
if [ -z "$python" ]; then
  if [ -x .venv/bin/python ]; then python=.venv/bin/python; else python=python3; fi
fi
version="$("$python" packaging/version.py)"
work="$repo/build/macos"
app="$work/pyinstaller/Orcus Desktop.app"
dmg="$repo/dist/orcus-desktop-$version-macos-$(uname -m).dmg"
rm -rf "$work"
mkdir -p "$work" "$repo/dist"

log "icon: iconset -> icns"
"$python" packaging/make_icons.py --iconset "$work/orcus-desktop.iconset"
iconutil -c icns -o "$work/orcus-desktop.icns" "$work/orcus-desktop.iconset"

log "building Orcus Desktop $version with PyInstaller"
ORCUS_ICNS="$work/orcus-desktop.icns" "$python" -m PyInstaller --noconfirm --log-level WARN \
  --distpath "$work/pyinstaller" --workpath "$work/pyinstaller-work" packaging/orcus.spec
[ -x "$app/Contents/MacOS/orcus-desktop" ] || { log "no app in $app"; exit 1; }
plutil -lint "$app/Contents/Info.plist"

log "signing ad hoc"
# "-" is the ad-hoc identity: no certificate, but arm64 Macs run no unsigned code at all.
codesign --force --deep --sign - "$app"
codesign --verify --deep --strict --verbose=2 "$app"

log "writing $dmg"
stage="$work/dmg"
mkdir -p "$stage"
# ditto keeps the bundle exactly: its symlinks, extended attributes and signature.
ditto "$app" "$stage/Orcus Desktop.app"
ln -s /Applications "$stage/Applications"
cp "$here/FIRST-RUN.txt" "$stage/Read Me First.txt"
rm -f "$dmg"
# hdiutil now and then fails with "Resource busy" on a busy machine: try again a few times.
for attempt in 1 2 3; do
  if hdiutil create -volname "Orcus Desktop $version" -srcfolder "$stage" -fs HFS+ \
      -format UDZO -ov "$dmg" >/dev/null; then
    break
  fi
  [ "$attempt" -lt 3 ] || { log "hdiutil create failed"; exit 1; }
  log "hdiutil create failed, trying again"; sleep 5
done
hdiutil verify "$dmg" >/dev/null
printf '%s\n' "$dmg"

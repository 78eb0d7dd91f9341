#!/usr/bin/env bash
# Build the Linux artefacts into dist/ (run from anywhere, on Debian/Ubuntu):
#
#   bash packaging/linux/build.sh [--bundle DIR] [--dist DIR]
#
#   dist/orcus-desktop_VERSION_ARCH.deb                 installs to /opt/orcus-desktop, with
#       /usr/bin/orcus-desktop, a menu entry, the icon and the encounter file type
#   dist/orcus-desktop-VERSION-linux-MACHINE.tar.gz     the portable bundle (unpack, run)
#
# --bundle DIR reuses a PyInstaller build of packaging/orcus.spec (the folder holding the
# orcus-desktop executable); without it the spec is built here first. --dist DIR writes the
# artefacts elsewhere. PYTHON names the interpreter that has PyInstaller (default: .venv's).
# The version is pyproject.toml's (packaging/version.py). Needs dpkg-deb, tar and gzip.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
bundle=""
dist="$repo/dist"
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) bundle="$(cd "$2" && pwd)"; shift 2 ;;
    --dist) mkdir -p "$2"; dist="$(cd "$2" && pwd)"; shift 2 ;;
    *) echo "usage: bash packaging/linux/build.sh [--bundle DIR] [--dist DIR]" >&2; exit 2 ;;
  esac
done
log() { printf 'linux-build: %s\n' "$*" >&2; }

python="${PYTHON:-}"
if [ -z "$python" ]; then
  if [ -x "$repo/.venv/bin/python" ]; then python="$repo/.venv/bin/python"; else python=python3; fi
fi
version="$("$python" "$repo/packaging/version.py")"
arch="$(dpkg --print-architecture)"
name=orcus-desktop

if [ -z "$bundle" ]; then
  log "building the app with PyInstaller"
  "$python" -m PyInstaller --noconfirm --log-level WARN \
    --distpath "$repo/build/linux/pyinstaller" --workpath "$repo/build/linux/pyinstaller-work" \
    "$repo/packaging/orcus.spec"
  bundle="$repo/build/linux/pyinstaller/$name"
fi
[ -x "$bundle/$name" ] || { log "no $name executable in $bundle"; exit 1; }

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
root="$stage/root"

# --- the package's files
mkdir -p "$root/opt" "$root/usr/bin" "$root/usr/share/applications" \
         "$root/usr/share/mime/packages" "$root/usr/share/doc/$name" "$root/DEBIAN"
cp -a "$bundle" "$root/opt/$name"
# The interpreter's own library and extension modules may come with their debug information
# (22 MB of the bundle with some Python builds); nothing reads it at run time. Only these files,
# which CPython built: the wheels' libraries (numpy.libs, shapely.libs) are left as they are.
if command -v strip >/dev/null 2>&1; then
  find "$root/opt/$name/_internal" \( -name 'libpython3*.so*' -o -path '*/lib-dynload/*.so' \) \
    -type f -exec strip --strip-debug {} +
else
  log "no strip (binutils): the interpreter's debug information stays in the package"
fi
# Relative, so the launcher also works from a tree unpacked elsewhere (dpkg-deb -x).
ln -s "../../opt/$name/$name" "$root/usr/bin/$name"
install -m 644 "$here/$name.desktop" "$root/usr/share/applications/$name.desktop"
install -m 644 "$here/$name.xml" "$root/usr/share/mime/packages/$name.xml"
icons="$repo/resources/icons"
for png in "$icons"/hicolor/*/apps/$name.png; do
  size="$(basename "$(dirname "$(dirname "$png")")")"
  install -D -m 644 "$png" "$root/usr/share/icons/hicolor/$size/apps/$name.png"
done
install -D -m 644 "$icons/$name.svg" "$root/usr/share/icons/hicolor/scalable/apps/$name.svg"
cat > "$root/usr/share/doc/$name/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Orcus Desktop

Files: *
Copyright: Orcus Desktop contributors
License: MIT

Files: opt/$name/_internal/*
Comment: The bundled Python runtime and libraries (Qt and PySide6 under LGPL-3.0, shapely,
 numpy, d20, psygnal and their dependencies). Help > About in the app lists each with its
 licence; the licence texts are in the .dist-info folders beside them.
License: various
EOF
chmod -R u+rwX,go+rX,go-w "$root"

# --- the control files
installed_kb="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
# The bundle carries Python, Qt and every Python library; these are the system libraries Qt's
# xcb platform plugin loads (the same list packaging/bootstrap.sh installs for running).
cat > "$root/DEBIAN/control" <<EOF
Package: $name
Version: $version
Architecture: $arch
Maintainer: Orcus Desktop maintainers <maintainers@orcus-desktop.invalid>
Installed-Size: $installed_kb
Depends: libc6, libegl1, libgl1, libfontconfig1, libdbus-1-3, libglib2.0-0t64 | libglib2.0-0,
 libxkbcommon0, libxkbcommon-x11-0, libxcb-cursor0, libxcb-icccm4, libxcb-keysyms1,
 libxcb-image0, libxcb-render-util0, libxcb-randr0, libxcb-shape0, libxcb-xinerama0,
 libxcb-xfixes0, libxcb-xkb1
Recommends: shared-mime-info, desktop-file-utils
Section: games
Priority: optional
Description: offline battle map for tactical combat by the Orcus rules
 Orcus Desktop does the book's arithmetic while the table plays: line of sight
 and cover, areas, movement and opportunity attacks, initiative and turns,
 with undo for everything. No account, no server, no network.
EOF
install -m 755 "$here/postinst" "$root/DEBIAN/postinst"
install -m 755 "$here/postrm" "$root/DEBIAN/postrm"

# --- the artefacts
mkdir -p "$dist"
deb="$dist/${name}_${version}_${arch}.deb"
tarball="$dist/$name-$version-linux-$(uname -m).tar.gz"
log "writing $deb"
# gzip, not dpkg-deb's default xz: xz is several times slower on a 200 MB bundle, for ~15% less.
dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >/dev/null
log "writing $tarball"
tar -czf "$tarball" --owner=0 --group=0 --numeric-owner \
  -C "$root/opt" --transform "s,^$name,$name-$version," "$name"
printf '%s\n' "$deb" "$tarball"

"""Render the app icon's every size from its source art, resources/icons/orcus-desktop.svg.

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py
        # rewrites the committed icons: resources/icons/orcus-desktop.png (the window icon),
        # resources/icons/hicolor/NxN/apps/orcus-desktop.png (Linux menus, .deb) and
        # resources/icons/orcus-desktop.ico (Windows: the .exe, the installer, file icons)
    .venv/bin/python packaging/make_icons.py --iconset build/orcus-desktop.iconset
        # the PNG iconset `iconutil -c icns` turns into the macOS .icns (packaging/macos/build.sh)

Run the first form after changing the SVG and commit the results.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
SOURCE = ICONS / "orcus-desktop.svg"
NAME = "orcus-desktop"
# The freedesktop hicolor theme's usual sizes, 16 to 512 pixels square.
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
WINDOW_ICON_SIZE = 256
# An .ico holds PNG images up to 256 px (Windows Vista and later read PNG entries).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# What iconutil expects in an .iconset: icon_<points>x<points>[@2x].png.
ICONSET_POINTS = (16, 32, 128, 256, 512)


def render(size: int, renderer: QSvgRenderer) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError("cannot encode PNG")
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file of PNG entries (ICONDIR, then one ICONDIRENTRY a size, then the images)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, data in sorted(pngs.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in the ICO directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def write_committed_icons(renderer: QSvgRenderer) -> None:
    for size in HICOLOR_SIZES:
        target = ICONS / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png_bytes(render(size, renderer)))
    (ICONS / f"{NAME}.png").write_bytes(png_bytes(render(WINDOW_ICON_SIZE, renderer)))
    pngs = {size: png_bytes(render(size, renderer)) for size in ICO_SIZES}
    (ICONS / f"{NAME}.ico").write_bytes(ico_bytes(pngs))


def write_iconset(folder: Path, renderer: QSvgRenderer) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for points in ICONSET_POINTS:
        for scale, suffix in ((1, ""), (2, "@2x")):
            image = render(points * scale, renderer)
            (folder / f"icon_{points}x{points}{suffix}.png").write_bytes(png_bytes(image))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iconset", type=Path, help="write a macOS .iconset folder instead")
    args = parser.parse_args(argv)
    app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        sys.exit(f"make_icons: cannot read {SOURCE}")
    if args.iconset is not None:
        write_iconset(args.iconset, renderer)
    else:
        write_committed_icons(renderer)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())

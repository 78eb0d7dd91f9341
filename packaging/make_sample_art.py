"""Draw the bundled sample art: the demo map image (the app icon is packaging/make_icons.py).

Run from the repo root when the art should change (the PNGs are committed):

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_sample_art.py

The map is drawn procedurally (seeded) so it is ours to ship and matches the demo encounter's
walls: 20 x 15 squares at 80 px a square.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QGuiApplication,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
)

ROOT = Path(__file__).resolve().parent.parent
PX = 80


def _jitter(colour: QColor, rng: random.Random, amount: int) -> QColor:
    d = rng.randint(-amount, amount)
    return QColor(
        max(0, min(255, colour.red() + d)),
        max(0, min(255, colour.green() + d)),
        max(0, min(255, colour.blue() + d)),
    )


def draw_map(encounter: dict[str, object], out: Path) -> None:
    grid = encounter["grid"]
    assert isinstance(grid, dict)
    cols, rows = int(grid["columns"]), int(grid["rows"])
    rng = random.Random(20261121)
    image = QImage(cols * PX, rows * PX, QImage.Format.Format_RGB32)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    # Rough cave rock everywhere, then the shrine's flagstone floor inside the walls.
    p.fillRect(image.rect(), QColor("#4a4238"))
    for _ in range(2600):
        x, y = rng.uniform(0, cols * PX), rng.uniform(0, rows * PX)
        r = rng.uniform(4, 26)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_jitter(QColor("#574d40"), rng, 14))
        p.drawEllipse(QPointF(x, y), r, r * rng.uniform(0.5, 1.0))
    floor = QRectF(2 * PX, 1 * PX, 16 * PX, 12 * PX)
    p.fillRect(floor, QColor("#b9ab92"))
    stone = QColor("#c8bb9f")
    for row in range(1, 13):
        for col in range(2, 18):
            # Two or three flagstones a square, laid in courses.
            splits = [0.0, rng.uniform(0.35, 0.65), 1.0]
            for a, b in itertools.pairwise(splits):
                rect = QRectF((col + a) * PX + 2, row * PX + 2, (b - a) * PX - 4, PX - 4)
                p.setPen(QPen(QColor("#8d8068"), 1.5))
                p.setBrush(_jitter(stone, rng, 12))
                p.drawRoundedRect(rect, 6, 6)
            if rng.random() < 0.12:
                crack = QPainterPath(QPointF(col * PX + rng.uniform(10, 70), row * PX + 8))
                for _ in range(3):
                    crack.lineTo(col * PX + rng.uniform(8, 72), row * PX + rng.uniform(10, 72))
                p.setPen(QPen(QColor(90, 80, 64, 160), 1.2))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPath(crack)
    # Worn path from the door to the shrine.
    wear = QLinearGradient(QPointF(10 * PX, 13 * PX), QPointF(15 * PX, 4 * PX))
    wear.setColorAt(0, QColor(120, 100, 70, 70))
    wear.setColorAt(1, QColor(120, 100, 70, 0))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(wear))
    p.drawRect(QRectF(9 * PX, 4 * PX, 7 * PX, 9 * PX))
    terrain = encounter.get("terrain", [])
    assert isinstance(terrain, list)
    for patch in terrain:
        for col, row in patch["squares"]:
            cell = QRectF(col * PX, row * PX, PX, PX)
            if patch["kind"] == "blocking":
                glow = QRadialGradient(cell.center(), PX * 0.5)
                glow.setColorAt(0, QColor("#9c958a"))
                glow.setColorAt(1, QColor("#5d574f"))
                p.setBrush(QBrush(glow))
                p.setPen(QPen(QColor("#3c3731"), 3))
                p.drawEllipse(cell.adjusted(6, 6, -6, -6))
            elif patch["kind"] == "difficult":
                for _ in range(16):
                    r = rng.uniform(4, 11)
                    centre = QPointF(col * PX + rng.uniform(8, 72), row * PX + rng.uniform(8, 72))
                    p.setBrush(_jitter(QColor("#7e705c"), rng, 18))
                    p.setPen(QPen(QColor("#4f4538"), 1))
                    poly = QPolygonF(
                        [
                            QPointF(centre.x() + r * dx, centre.y() + r * dy)
                            for dx, dy in (
                                (-1, -0.4),
                                (0.2, -1),
                                (1, -0.2),
                                (0.5, 0.9),
                                (-0.7, 0.8),
                            )
                        ]
                    )
                    p.drawPolygon(poly)
    # The shrine: an altar in the walled alcove.
    altar = QRectF(14.3 * PX, 3.3 * PX, 1.4 * PX, 1.2 * PX)
    p.setBrush(QColor("#6d5f7a"))
    p.setPen(QPen(QColor("#2e2633"), 3))
    p.drawRoundedRect(altar, 8, 8)
    p.setBrush(QColor("#d9b44a"))
    p.drawEllipse(altar.center(), 10, 10)
    p.end()
    image.save(str(out), "PNG")


def main() -> int:
    app = QGuiApplication(sys.argv[:1])
    demo = json.loads((ROOT / "resources" / "encounters" / "demo.json").read_text("utf-8"))
    draw_map(demo, ROOT / "resources" / "maps" / "goblin-shrine.png")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())

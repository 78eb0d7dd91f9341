"""A grid that stays readable over any art (issue 31 item 3, docs/rulings.md R-160).

"The faint grid competes with the floor art, so counting squares is harder than it should be."
`art_tone` reads how bright the map art is on average and how busy it is (how much its
brightness varies); `readable_grid_pen` picks light lines over dark art and dark lines over
bright art, opaque enough that a line differs from the art's average brightness by at least
`MIN_LINE_CONTRAST`, and stronger again over busy art. Without art the grid is the plain
paper's (`GRID_LINE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

from orcus_desktop.ui.map.layers import GRID_LINE

SAMPLE_SIDE = 64
"""The art is read at this many pixels a side: enough for its tone, cheap on an 8,000 px map."""
DARK_ART = 0.5
"""Below this average brightness (0 black .. 1 white) the grid is drawn in light lines."""
MIN_LINE_CONTRAST = 0.3
"""How far a line's brightness, drawn over the art, lies from the art's average at least."""
OPACITY_RANGE: Final = (0.35, 0.9)
LIGHT_LINE = QColor(240, 232, 210)
DARK_LINE = QColor(20, 16, 12)


@dataclass(frozen=True)
class ArtTone:
    """How the map art looks to the eye.

    Attributes:
        brightness: its average luminance, 0 (black) to 1 (white).
        busyness: how much the luminance varies over it (its standard deviation, 0 plain).
    """

    brightness: float
    busyness: float


def luminance(colour: QColor) -> float:
    """The colour's relative brightness, 0 (black) to 1 (white) (Rec. 709 weights)."""
    return 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF()


def art_tone(image: QImage) -> ArtTone | None:
    """The tone of `image` (None for no image), read from a small copy of it."""
    if image.isNull():
        return None
    small = image.scaled(
        SAMPLE_SIDE,
        SAMPLE_SIDE,
        Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.SmoothTransformation,  # averages, so fine detail counts evenly
    )
    values = [
        luminance(small.pixelColor(x, y))
        for y in range(small.height())
        for x in range(small.width())
    ]
    mean = sum(values) / len(values)
    spread = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
    return ArtTone(mean, spread)


def readable_grid_pen(tone: ArtTone | None) -> tuple[QColor, float]:
    """The grid line's colour and opacity over art of `tone` (the paper's grid without art)."""
    if tone is None:
        return QColor(GRID_LINE.red(), GRID_LINE.green(), GRID_LINE.blue()), GRID_LINE.alphaF()
    line = LIGHT_LINE if tone.brightness < DARK_ART else DARK_LINE
    # Drawn at opacity a, the line's brightness over the art is mean + a * (line - mean).
    gap = max(abs(luminance(line) - tone.brightness), 1e-6)
    low, high = OPACITY_RANGE
    opacity = min(high, max(low, MIN_LINE_CONTRAST / gap + tone.busyness))
    return QColor(line), opacity

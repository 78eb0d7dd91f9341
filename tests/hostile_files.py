"""Hostile files of issue 29 at any scale: what must get one line, quickly, in little memory.

`HOSTILE` maps a name to a builder `(folder, full) -> path`; `full=False` gives a small file of the
same kind for the suite, `full=True` the size the issue measured. The measurement by hand runs
each full-size file through `orcus-desktop query` in a child process and prints its time, peak
memory and the line it printed:

    python -m tests.hostile_files
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path

from orcus_desktop.controller.files.creature_library import LIBRARY_FORMAT
from orcus_desktop.model.file_format.limits import MAX_LIGHTS, MAX_WALL_POINTS, MAX_WALLS
from tests.uvtt_files import png_bytes, polyline, uvtt_map, write_map

Builder = Callable[[Path, bool], Path]
POSIX_ONLY = frozenset({"fifo.json", "fifo.dd2vtt", "zero.dd2vtt", "zero.json", "zero-library"})
"""Named pipes and /dev/zero exist only there."""


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def bomb_png(side: int, *, real: bool) -> bytes:
    """A black `side` x `side` PNG; with `real` False only its header is true (no pixel data)."""
    header = _chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
    if not real:
        return b"\x89PNG\r\n\x1a\n" + header + _chunk(b"IEND", b"")
    compressor = zlib.compressobj(9)
    row = bytes(1 + 3 * side)
    body = b"".join(compressor.compress(row) for _ in range(side)) + compressor.flush()
    return b"\x89PNG\r\n\x1a\n" + header + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")


def _small_map() -> dict[str, object]:
    return uvtt_map(size=(10.0, 8.0), image=png_bytes(200, 160))


def _fifo(name: str) -> Builder:
    def build(folder: Path, full: bool) -> Path:
        path = folder / name
        os.mkfifo(path)
        return path

    return build


def _zero(name: str) -> Builder:
    def build(folder: Path, full: bool) -> Path:
        path = folder / name
        path.symlink_to("/dev/zero")
        return path

    return build


def _bomb(folder: Path, full: bool) -> Path:
    image = bomb_png(16384, real=full)
    data = uvtt_map(size=(512.0, 512.0), ppg=32, image=image)
    return write_map(folder / "bomb.dd2vtt", data)


def _spliced(name: str, extra: str) -> Builder:
    """A valid small map with `extra` (raw JSON text) as one more field."""

    def build(folder: Path, full: bool) -> Path:
        text = json.dumps(_small_map())
        path = folder / name
        path.write_text(text[:-1] + f', "extra": {extra}}}', encoding="utf-8")
        return path

    return build


def _library(name: str, extra: str) -> Builder:
    def build(folder: Path, full: bool) -> Path:
        path = folder / name
        head = json.dumps({"format": LIBRARY_FORMAT, "version": 1, "creatures": []})
        path.write_text(head[:-1] + f', "extra": {extra}}}', encoding="utf-8")
        return path

    return build


def _deep(full: bool) -> str:
    depth = 100_000 if full else 5_000
    return "[" * depth + "]" * depth


HOSTILE: dict[str, Builder] = {
    "fifo.json": _fifo("fifo.json"),
    "fifo.dd2vtt": _fifo("fifo.dd2vtt"),
    "zero.json": _zero("zero.json"),
    "zero.dd2vtt": _zero("zero.dd2vtt"),
    "zero-library": _zero("zero-library.json"),
    "png bomb": _bomb,
    "nested map": lambda folder, full: _spliced("nested.dd2vtt", _deep(full))(folder, full),
    "5000-digit number map": _spliced("number.dd2vtt", "9" * 5000),
    "nested library": lambda folder, full: _library("nested.json", _deep(full))(folder, full),
    "5000-digit number library": _library("number.json", "9" * 5000),
}


def _uvtt_with(name: str, small: dict[str, object], full: dict[str, object]) -> Builder:
    """A 200 x 200 map with the fields of `small` (the suite) or `full` (the issue's sizes)."""

    def build(folder: Path, at_full: bool) -> Path:
        data = uvtt_map(size=(200.0, 200.0), ppg=4, image=png_bytes(800, 800))
        data.update(full if at_full else small)
        return write_map(folder / name, data)

    return build


def _lights(n: int) -> list[dict[str, object]]:
    return [
        {"position": {"x": 0.5 + i % 200, "y": 0.5 + i // 200 % 200}, "range": 4.0}
        for i in range(n)
    ]


def _mesh(n: int) -> list[list[dict[str, float]]]:
    """`n` walls across and `n` down a 200 x 200 map: they cross n * n times."""
    step = 150 / n
    across = [polyline((0, 10 + i * step), (170, 10 + i * step)) for i in range(n)]
    return across + [polyline((10 + i * step, 0), (10 + i * step, 170)) for i in range(n)]


def _wall(points: int) -> list[dict[str, float]]:
    return polyline(*[(1 + (j % 3), 1 + j / points) for j in range(points)])


HOSTILE.update(
    {
        "25,000 walls": _uvtt_with(
            "walls.dd2vtt",
            {"line_of_sight": [polyline((1, 1), (2, 2))] * (MAX_WALLS + 1)},
            {"line_of_sight": [polyline((1, 1), (2, 2))] * 25_000},
        ),
        "a wall of 15,000 points": _uvtt_with(
            "points.dd2vtt",
            {"line_of_sight": [_wall(MAX_WALL_POINTS + 1)]},
            {"line_of_sight": [_wall(15_000)]},
        ),
        "a wall 150 squares out": _uvtt_with(
            "far.dd2vtt",
            {"line_of_sight": [polyline((-150, 5), (5, 5))]},
            {"line_of_sight": [polyline((-150, 5), (5, 5))]},
        ),
        "10,001 lights": _uvtt_with(
            "lights.dd2vtt", {"lights": _lights(MAX_LIGHTS + 1)}, {"lights": _lights(10_001)}
        ),
        "100,000 lights": _uvtt_with(
            "many-lights.dd2vtt", {"lights": _lights(MAX_LIGHTS + 1)}, {"lights": _lights(100_000)}
        ),
        "walls crossing 1,000,000 times": _uvtt_with(
            "mesh.dd2vtt", {"line_of_sight": _mesh(101)}, {"line_of_sight": _mesh(1_000)}
        ),
    }
)


def copies_of_one_wall(folder: Path, full: bool) -> Path:
    """A valid encounter: 20,000 copies of one wall on a 4 x 3 grid (4,000 for the suite)."""
    wall = {"kind": "wall", "points": [[1, 1], [2, 2]]}
    data = {
        "format": "orcus-encounter",
        "version": 1,
        "grid": {"columns": 4, "rows": 3},
        "walls": [{**wall, "id": f"wall-{i + 1}"} for i in range(20_000 if full else 4_000)],
    }
    path = folder / "copies.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


LIBRARIES = frozenset({"zero-library", "nested library", "5000-digit number library"})
"""Creature libraries (Import Creatures), not encounters or maps."""


_PEAK = (
    "import resource, sys\n"
    "def peak():\n"
    "    mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024\n"
    "    print(f'PEAK {mb}', file=sys.stderr)\n"
)
_READ_LIBRARY = (
    "from pathlib import Path\n"
    "from orcus_desktop.controller.files.creature_library import read_library_file\n"
    "try: read_library_file(Path(sys.argv[1]))\n"
    "except Exception as exc: print(type(exc).__name__, exc, file=sys.stderr)\n"
    "finally: peak()\n"
)
_QUERY = (
    "from orcus_desktop.cli import query_main\n"
    "try: query_main(['sight', sys.argv[1], '--from', '0,0', '--to', '1,1'])\n"
    "finally: peak()\n"
)


def measure(path: Path, library: bool) -> tuple[float, int, str]:
    """Seconds, peak megabytes and the output of reading `path` in a child process."""
    code = _PEAK + (_READ_LIBRARY if library else _QUERY)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    seconds = time.perf_counter() - start
    lines = (done.stdout + done.stderr).strip().splitlines()
    peak = int(lines.pop().split()[1]) if lines and lines[-1].startswith("PEAK ") else -1
    return seconds, peak, "\n".join(lines)


def main() -> None:
    """Build every hostile file at full size and measure how the app refuses it."""
    with tempfile.TemporaryDirectory() as folder:
        for name, build in HOSTILE.items():
            path = build(Path(folder), True)
            seconds, peak, said = measure(path, name in LIBRARIES)
            lines = len(said.splitlines())
            print(f"{name}: {seconds:.1f} s, {peak} MB, {lines} line(s): {said[:300]}")
        seconds, peak, said = measure(copies_of_one_wall(Path(folder), True), False)
        print(f"20,000 copies of one wall (valid): {seconds:.1f} s, {peak} MB: {said[:300]}")


if __name__ == "__main__":
    main()

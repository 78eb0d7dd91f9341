"""A big map's art kept on disk in bands, so any band reads back in a fraction of a second.

A progressive JPEG, a JPEG its EXIF orientation turns, and a WebP cannot be read a band at a
time (Qt decodes them whole: 470-670 MB on 8,400-10,000 px), and a baseline JPEG's bottom rows
take a whole decode to reach (docs/rulings.md R-230). So such art is decoded once by a process
of its own (`art_transcode`) into a folder of this cache, named by the file's content hash: one
PNG a piece of a band (`BAND_ROWS` rows, `PIECE_PX` columns), the overview, and a manifest
written last (docs/rulings.md
R-262). The next time the same file opens, its overview and bands come from here.

The cache holds at most `CACHE_LIMIT_BYTES`; the folders used least recently go first.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QByteArray, QPoint, QStandardPaths
from PySide6.QtGui import QImage, QImageReader, QImageWriter, QPainter

from orcus_desktop.ui.map.png_bands import BAND_ROWS

CACHE_ENV = "ORCUS_DESKTOP_ART_CACHE"
"""A folder for the cache in place of the per-user one (the tests' own)."""
CACHE_VERSION = 1
"""Raised when what a folder holds changes: an older folder is then never read."""
CACHE_LIMIT_BYTES = 3 * 1024**3
"""The cache's size on disk at most (about 12 maps of 10,000 px with fine grain)."""
PIECE_PX = 1024
"""Columns of a band in one file: a GM's screen reads about a quarter of an 8,400 px band."""
PNG_QUALITY = 80
"""Qt's PNG quality for the bands: zlib level 1, 2.8 MB and 0.2 s to write a grainy
8,400 x 256 band, 60 ms to read it back (level 0 is 6.5 MB)."""
BAND_WAIT_S = 600.0
"""How long a read waits for its band from the process writing it before giving up."""
MANIFEST = "manifest.json"
OVERVIEW = "overview.png"


class ArtCacheError(ValueError):
    """A band could not be had: its writing failed, or the cache's file is damaged."""


def cache_root() -> Path:
    """Where the cache lives.

    `$ORCUS_DESKTOP_ART_CACHE`, the data folder's `art-cache` when `$ORCUS_DESKTOP_DATA_DIR`
    is set (as for autosave), else the per-user cache folder.
    """
    # here, not at the top: the cache's process imports this module, and never the controller
    from orcus_desktop.controller.files.autosave import DATA_DIR_ENV

    override = os.environ.get(CACHE_ENV, "")
    if override:
        return Path(override)
    data = os.environ.get(DATA_DIR_ENV, "")
    if data:
        return Path(data) / "art-cache"
    location = QStandardPaths.StandardLocation.CacheLocation
    return Path(QStandardPaths.writableLocation(location)) / "art-cache"


def cache_folder(path: str) -> Path:
    """The cache's folder for the file at `path`, named by its content (changed: another).

    Raises:
        OSError: the file cannot be read.
    """
    import hashlib  # on first use: OpenSSL's library is not loaded at start (test_startup_memory)

    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
    return cache_root() / f"v{CACHE_VERSION}-{digest.hexdigest()[:40]}"


def piece_file(folder: Path, band: int, piece: int) -> Path:
    """The file of a band's piece `piece` (its columns from `piece * PIECE_PX`)."""
    return folder / f"band-{band:05d}-{piece:03d}.png"


@dataclass(frozen=True, slots=True)
class Manifest:
    """What a finished folder holds (written last, so a folder without it is unfinished)."""

    width: int
    height: int
    alpha: bool
    notice: str = ""
    """What went wrong reading the file, though it decoded (a JPEG cut short shows grey)."""

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def bands(self) -> int:
        return -(-self.height // BAND_ROWS)

    @property
    def pieces(self) -> int:
        """Pieces a band (`piece_file`)."""
        return -(-self.width // PIECE_PX)

    def write(self, folder: Path) -> None:
        fields = {"version": CACHE_VERSION, "band_rows": BAND_ROWS}
        fields |= {"width": self.width, "height": self.height, "alpha": self.alpha}
        write_atomically(folder / MANIFEST, json.dumps(fields | {"notice": self.notice}).encode())

    @classmethod
    def read(cls, folder: Path) -> Manifest | None:
        """The folder's manifest, or None (unfinished, or of another version)."""
        try:
            fields = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
            if fields["version"] != CACHE_VERSION or fields["band_rows"] != BAND_ROWS:
                return None
            manifest = cls(
                int(fields["width"]),
                int(fields["height"]),
                bool(fields["alpha"]),
                str(fields.get("notice", "")),
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if manifest.width <= 0 or manifest.height <= 0:
            return None
        return manifest


def finished(folder: Path) -> Manifest | None:
    """The manifest of a finished folder with every band, or None; marks the folder used."""
    manifest = Manifest.read(folder)
    if manifest is None or not (folder / OVERVIEW).is_file():
        return None
    for band in range(manifest.bands):
        if not all(piece_file(folder, band, n).is_file() for n in range(manifest.pieces)):
            return None
    with contextlib.suppress(OSError):
        os.utime(folder)  # used now: the last to go (`trim`)
    return manifest


def read_png(path: Path, size: tuple[int, int]) -> QImage:
    """A PNG of the cache, which must be `size`.

    Raises:
        ArtCacheError: the file is gone or damaged.
    """
    reader = QImageReader(str(path), QByteArray(b"png"))
    image = reader.read()  # lets other threads run meanwhile (Python's lock is released)
    if image.isNull() or (image.width(), image.height()) != size:
        raise ArtCacheError(f"{path.name} of the art cache is damaged ({reader.errorString()})")
    return image


def write_png(path: Path, image: QImage) -> None:
    """Write `image` as a PNG whole or not at all (a partner process may read the folder).

    Raises:
        OSError: it could not be written.
    """
    partial = path.with_name(f"{path.name}.{os.getpid()}.part")
    writer = QImageWriter(str(partial), QByteArray(b"png"))
    writer.setQuality(PNG_QUALITY)
    if not writer.write(image):
        raise OSError(f"{path.name} could not be written ({writer.errorString()})")
    os.replace(partial, path)


def write_atomically(path: Path, data: bytes) -> None:
    partial = path.with_name(f"{path.name}.{os.getpid()}.part")
    partial.write_bytes(data)
    os.replace(partial, path)


class BandProgress:
    """How far the process writing a folder has come, told by its watcher (any thread)."""

    def __init__(self, bands: int) -> None:
        self.bands = bands
        """The art's bands (0 until the process has decoded the art)."""
        self.notice = ""
        """What went wrong reading the file, though it decoded (`Manifest.notice`)."""
        self._written: set[int] = set()
        self.failure = ""
        """Why the writing stopped before every band was written ("" while it goes on, or done)."""
        self.done = False
        """Every band is written, or the writing stopped (`failure`)."""
        self._started = False
        self._changed = threading.Condition()

    def start(self) -> None:
        """The process writing the folder has started."""
        self._started = True

    @property
    def started(self) -> bool:
        return self._started

    def band_written(self, band: int) -> None:
        with self._changed:
            self._written.add(band)
            self._changed.notify_all()

    def finish(self, failure: str = "") -> None:
        """Every band is written (`failure` empty), or the writing stopped for `failure`."""
        with self._changed:
            self.failure = failure
            self.done = True
            self._changed.notify_all()

    @property
    def written(self) -> int:
        return len(self._written)

    def wait_for(self, band: int, timeout: float = BAND_WAIT_S) -> None:
        """Return once `band` is written.

        Raises:
            ArtCacheError: the writing failed first, or `timeout` seconds passed.
        """
        with self._changed:
            self._changed.wait_for(lambda: band in self._written or self.done, timeout)
            if band in self._written:
                return
            raise ArtCacheError(self.failure or "the map's bands took too long to prepare")


class CachedBands:
    """Art read back from a cache folder, a band a read (`map_art.ArtBands`).

    While `progress` says the folder is still being written, a read waits for its band, and
    reads go one at a time (a waiting read holds one of the pool's few threads).
    """

    bands_a_read = 1

    def __init__(
        self, folder: Path, manifest: Manifest, progress: BandProgress | None = None
    ) -> None:
        self.folder = folder
        self.manifest = manifest
        self._progress = progress

    @property
    def size(self) -> tuple[int, int]:
        return self.manifest.size

    @property
    def alpha(self) -> bool:
        return self.manifest.alpha

    @property
    def one_read_at_a_time(self) -> bool:
        return self._progress is not None and not self._progress.done

    def sweep(
        self, wanted: tuple[int, int], each: Callable[[int, int, QImage, int], None]
    ) -> None:
        """Every band in order, at full size (`map_art.ArtBands.sweep`)."""
        del wanted
        for band in range(self.manifest.bands):
            image, corner = self.read(band, band + 1, 0, self.manifest.width)
            each(corner.y(), corner.y() + image.height(), image, 0)

    def read(self, first: int, end: int, left: int, right: int) -> tuple[QImage, QPoint]:
        """Bands [first, end), the pieces holding columns [left, right).

        Each band is a read of its own (`end` is `first + 1`), but for a run asked for before
        the reads came from here (`art_transcode.JpegWithPass`).

        Raises:
            ArtCacheError: the band's writing failed, or a file is gone or damaged.
        """
        pieces = range(left // PIECE_PX, -(-right // PIECE_PX))
        corner = QPoint(pieces[0] * PIECE_PX, first * BAND_ROWS)
        parts = {(band, n): self._piece(band, n) for band in range(first, end) for n in pieces}
        if len(parts) == 1:
            return next(iter(parts.values())), corner
        width = min(self.manifest.width, pieces[-1] * PIECE_PX + PIECE_PX) - corner.x()
        height = min(self.manifest.height, end * BAND_ROWS) - corner.y()
        image = QImage(width, height, next(iter(parts.values())).format())
        painter = QPainter(image)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        for (band, n), part in parts.items():
            painter.drawImage(n * PIECE_PX - corner.x(), (band - first) * BAND_ROWS, part)
        painter.end()
        return image, corner

    def _piece(self, band: int, piece: int) -> QImage:
        if self._progress is not None:
            self._progress.wait_for(band)
        rows = min(BAND_ROWS, self.manifest.height - band * BAND_ROWS)
        columns = min(PIECE_PX, self.manifest.width - piece * PIECE_PX)
        try:
            return read_png(piece_file(self.folder, band, piece), (columns, rows))
        except (OSError, ArtCacheError) as exc:
            # damaged on disk: the folder is unfinished again, so the next open writes it anew
            with contextlib.suppress(OSError):
                (self.folder / MANIFEST).unlink(missing_ok=True)
            raise ArtCacheError(str(exc)) from None


def trim(keep: Path, limit: int = CACHE_LIMIT_BYTES) -> None:
    """Remove the folders used least recently until the cache holds at most `limit` bytes.

    `keep` (the folder just written) stays whatever its size. Folders left unfinished by a
    process stopped midway go when their turn comes, as any other.
    """
    root = keep.parent
    try:
        folders = [entry for entry in root.iterdir() if entry.is_dir() and entry != keep]
    except OSError:
        return
    sizes = {folder: _bytes_in(folder) for folder in folders}
    total = sum(sizes.values()) + _bytes_in(keep)
    for folder in sorted(folders, key=_last_used):
        if total <= limit:
            return
        if _last_used(folder) > time.time() - 60:
            continue  # another window may be writing it now
        shutil.rmtree(folder, ignore_errors=True)
        total -= sizes[folder]


def _bytes_in(folder: Path) -> int:
    total = 0
    with contextlib.suppress(OSError):
        for entry in folder.iterdir():
            with contextlib.suppress(OSError):
                total += entry.stat().st_size
    return total


def _last_used(folder: Path) -> float:
    try:
        return folder.stat().st_mtime
    except OSError:
        return 0.0

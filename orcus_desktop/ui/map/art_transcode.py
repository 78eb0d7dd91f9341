"""Writing a big map's art into the art cache, once, in a process of its own (R-262, R-263).

The process decodes the file and writes its overview and bands (`art_cache`); its peak memory
is its own, never the app's. A progressive JPEG, a turned JPEG and a WebP are decoded whole
there (Qt can read them no other way: 470-670 MB on 8,400-10,000 px), then the overview is
written first, so the app shows it while the bands follow. A baseline JPEG is read there in
strips of `PASS_STRIP_BYTES` (each a read from the file's top, about 2.5 whole decodes in all
on 10,000 px), while the app reads its tiles as R-230 does; once every band is written, its
tiles come from the cache.

Told by the process over a pipe, in order: ("size", width, height, alpha), ("overview",),
("band", n) for each band, then ("done", notice) or ("failed", reason).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMessageLogContext, QPoint, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QImage, QImageReader

from orcus_desktop.ui.map.art_cache import (
    OVERVIEW,
    PIECE_PX,
    ArtCacheError,
    BandProgress,
    CachedBands,
    Manifest,
    finished,
    piece_file,
    read_png,
    trim,
    write_png,
)
from orcus_desktop.ui.map.image_decode import read_map_image
from orcus_desktop.ui.map.jpeg_bands import PROGRESSIVE, BandedJpeg, jpeg_layout
from orcus_desktop.ui.map.map_art import ART_NICE, MapArt, OverviewMaker, overview_size
from orcus_desktop.ui.map.png_bands import BAND_ROWS

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

PASS_STRIP_BYTES = 128 * 1024 * 1024
"""Decoded bytes of one strip of a baseline JPEG's pass (4 strips on 10,000 px, 2.5 whole
decodes in all; the app's 32 MB strips would take 7)."""
PASS_FROM_PIXELS = 24_000_000
"""A baseline JPEG from this many pixels gets a pass: below it, its bottom rows come within
about 0.3 s anyway (a whole decode, R-230)."""
PIPE_PIECE_BYTES = 4 * 1024 * 1024
"""The overview's pixels go over the pipe in pieces (each is copied once on its way)."""
OVERVIEW_WAIT_S = 600.0
"""How long opening a map waits for the process's overview before giving up."""

Tell = Callable[[tuple[Any, ...]], None]


class TranscodeError(ValueError):
    """The file could not be decoded (the process's verdict, for the GM)."""


# -- the process ---------------------------------------------------------------------------


def write_cache(source: str, folder: str, pipe: Connection) -> None:
    """The process's body: write the cache folder of `source`, telling `pipe` how it goes."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            os.nice(ART_NICE)  # below the app's GUI thread, as the app's own decoding
    QImageReader.setAllocationLimit(0)  # the process's memory is its own
    problems: list[str] = []
    qInstallMessageHandler(_keeper(problems))
    try:
        _write(source, Path(folder), pipe, problems)
    except BrokenPipeError:
        return  # the app is gone: the folder, unfinished, is written again next time
    except (OSError, ValueError) as exc:
        pipe.send(("failed", str(exc)))
    finally:
        pipe.close()


def _keeper(problems: list[str]) -> Callable[[QtMsgType, QMessageLogContext, str], None]:
    """A Qt message handler keeping what Qt's image readers warn of (a JPEG cut short)."""

    def keep(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        del kind
        if (context.category or "").startswith("qt.gui.imageio") and len(problems) < 3:
            problems.append(message)

    return keep


def _write(source: str, folder: Path, pipe: Connection, problems: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    tell = pipe.send

    def send_overview(image: QImage) -> None:
        tell(("overview", image.width(), image.height(), image.format().value))
        pixels = memoryview(image.constBits())
        for start in range(0, len(pixels), PIPE_PIECE_BYTES):  # the pipe copies a piece
            pipe.send_bytes(pixels[start : start + PIPE_PIECE_BYTES])

    layout = jpeg_layout(source)
    progressive = jpeg_layout(source, PROGRESSIVE) if layout is None else None
    if layout is not None:
        banded = BandedJpeg(source, layout, strip_bytes=PASS_STRIP_BYTES)
        manifest = _write_by_strips(banded, folder, tell)
    elif progressive is not None:
        banded = BandedJpeg(source, progressive, strip_bytes=PASS_STRIP_BYTES)
        manifest = _write_progressive(banded, folder, tell, send_overview)
    else:
        manifest = _write_whole(source, folder, tell, send_overview)
    notice = _notice(problems)
    Manifest(manifest.width, manifest.height, manifest.alpha, notice).write(folder)
    tell(("done", notice))


def _notice(problems: list[str]) -> str:
    if not problems:
        return ""
    return f"damaged or cut short ({problems[0].rstrip('.')}); what could not be read is grey"


def _write_whole(
    source: str, folder: Path, tell: Tell, send_overview: Callable[[QImage], None]
) -> Manifest:
    image = read_map_image(source)
    if image.isNull():
        reader = QImageReader(source)
        reader.read()
        raise TranscodeError(f"Qt cannot decode it ({reader.errorString()})")
    manifest = Manifest(image.width(), image.height(), image.hasAlphaChannel())
    tell(("size", *manifest.size, manifest.alpha))
    maker = OverviewMaker(manifest.size, alpha=manifest.alpha)
    maker.strip(0, image.height(), image, 0)
    overview = maker.finish()
    send_overview(overview)  # the app shows it now; the bands follow
    _write_bands(folder, image, (0, image.height(), 0), tell)
    del image
    write_png(folder / OVERVIEW, overview)
    return manifest


def _write_by_strips(banded: BandedJpeg, folder: Path, tell: Tell) -> Manifest:
    manifest = Manifest(*banded.size, alpha=False)
    tell(("size", *manifest.size, manifest.alpha))
    maker = OverviewMaker(manifest.size, alpha=False)

    def each(first: int, end: int, image: QImage, top: int) -> None:
        maker.strip(first, end, image, top)
        _write_bands(folder, image, (first, end, top), tell)

    banded.sweep(banded.size, each)  # the whole size: read at full detail
    write_png(folder / OVERVIEW, maker.finish())  # the app has its own meanwhile
    return manifest


def _write_progressive(
    banded: BandedJpeg, folder: Path, tell: Tell, send_overview: Callable[[QImage], None]
) -> Manifest:
    """A progressive JPEG, never whole even here.

    libjpeg holds its coefficients whole for any read (286 MB on 10,000 px), so the overview
    comes from one read at a DCT scale, then the bands from strips at full detail (each strip
    reads the coefficients again).
    """
    manifest = Manifest(*banded.size, alpha=False)
    tell(("size", *manifest.size, manifest.alpha))
    maker = OverviewMaker(manifest.size, alpha=False)
    banded.sweep(maker.wanted, maker.strip)
    overview = maker.finish()
    send_overview(overview)
    banded.sweep(
        banded.size,
        lambda first, end, image, top: _write_bands(folder, image, (first, end, top), tell),
    )
    write_png(folder / OVERVIEW, overview)
    return manifest


def _write_bands(folder: Path, image: QImage, rows: tuple[int, int, int], tell: Tell) -> None:
    """Write the bands of the art's rows [first, end), lying in `image` from its row `top`."""
    first, end, top = rows
    for band_first in range(first, end, BAND_ROWS):
        band = band_first // BAND_ROWS
        y = top + band_first - first
        height = min(BAND_ROWS, end - band_first)
        for piece, x in enumerate(range(0, image.width(), PIECE_PX)):
            part = image.copy(x, y, min(PIECE_PX, image.width() - x), height)
            write_png(piece_file(folder, band, piece), part)
        tell(("band", band))


# -- the app's side ------------------------------------------------------------------------


class Transcode:
    """The process writing one cache folder, and a thread hearing what it tells.

    Started from any thread; `progress` says which bands are written. The process is a daemon:
    it ends with the app (an unfinished folder has no manifest and is written again next time).

    Raises:
        OSError: the process could not be started.
    """

    def __init__(self, source: str, folder: Path, progress: BandProgress) -> None:
        self.folder = folder
        self.progress = progress
        self.manifest: Manifest | None = None
        self._overview = threading.Event()
        self._overview_image: QImage | None = None
        self._outcome: tuple[str, str] | None = None
        import multiprocessing  # on first use: not loaded at the app's start

        context = multiprocessing.get_context("spawn")  # no fork of a threaded Qt app
        ours, theirs = context.Pipe(duplex=False)
        self._process = context.Process(
            target=write_cache, args=(source, str(folder), theirs), daemon=True
        )
        try:
            self._process.start()
        except (OSError, RuntimeError, ValueError) as exc:
            ours.close()
            raise OSError(f"the art's process could not start ({exc})") from None
        finally:
            theirs.close()
        progress.start()
        threading.Thread(target=self._hear, args=(ours,), daemon=True).start()

    def wait_for_overview(self, timeout: float = OVERVIEW_WAIT_S) -> QImage:
        """The overview, once the process has sent it.

        Raises:
            ArtCacheError: the process failed first (the reason), or took over `timeout` s.
        """
        self._overview.wait(timeout)
        if self._overview_image is None:
            raise ArtCacheError(self.progress.failure or "the map took too long to read")
        return self._overview_image

    def _hear(self, pipe: Connection) -> None:
        with contextlib.suppress(EOFError, OSError):
            while True:  # until the process closes its end
                self._take(pipe.recv(), pipe)
        pipe.close()
        self._process.join()  # before `done`: its peak memory is then counted (a benchmark's)
        kind, text = self._outcome or ("failed", "")
        if kind == "done":
            self.progress.notice = text
            self.progress.finish()
            trim(self.folder)
        else:
            code = self._process.exitcode
            self.progress.finish(text or f"the process reading it stopped (exit code {code})")
        self._overview.set()  # a failure too: nobody waits in vain

    def _take(self, message: tuple[Any, ...], pipe: Connection) -> None:
        kind = message[0]
        if kind == "size":
            self.manifest = Manifest(int(message[1]), int(message[2]), bool(message[3]))
            self.progress.bands = self.manifest.bands
        elif kind == "overview":
            _kind, width, height, form = message
            image = QImage(int(width), int(height), QImage.Format(int(form)))
            pixels = memoryview(image.bits())
            for start in range(0, len(pixels), PIPE_PIECE_BYTES):
                pipe.recv_bytes_into(pixels[start : start + PIPE_PIECE_BYTES])
            self._overview_image = image
            self._overview.set()
        elif kind == "band":
            self.progress.band_written(int(message[1]))
        elif kind in ("done", "failed"):
            self._outcome = (kind, str(message[1]))


def transcoded_art(source: str, folder: Path) -> MapArt | None:
    """Art Qt reads only whole, from a process writing it into the cache (R-262).

    Waits for the overview; the bands follow, each read waiting for its own. None when the
    file cannot be decoded (the process's verdict: the GM is told the map cannot be shown).

    Raises:
        OSError: the process could not be started (the caller decodes the art whole).
    """
    progress = BandProgress(0)
    transcode = Transcode(source, folder, progress)
    try:
        overview = transcode.wait_for_overview()
    except ArtCacheError:
        return None
    manifest = transcode.manifest
    assert manifest is not None
    bands = CachedBands(folder, manifest, progress)
    return MapArt(manifest.size, overview, banded=bands, preparing=progress)


def cached_art(folder: Path) -> MapArt | None:
    """The art of a finished cache folder (R-262), or None (there is none, or it is damaged)."""
    manifest = finished(folder)
    if manifest is None:
        return None
    try:
        overview = read_png(folder / OVERVIEW, overview_size(manifest.size))
    except ArtCacheError:
        return None
    return MapArt(
        manifest.size, overview, banded=CachedBands(folder, manifest), notice=manifest.notice
    )


class JpegWithPass:
    """A baseline JPEG read as R-230 reads it until its pass has written the cache (R-263).

    The pass starts at the first read of tiles (the GM zoomed in: the players' overview needs
    none); from the moment every band is written, reads come from the cache.
    """

    def __init__(self, jpeg: BandedJpeg, folder: Path) -> None:
        self._jpeg = jpeg
        self._folder = folder
        self.progress = BandProgress(-(-jpeg.size[1] // BAND_ROWS))
        self._pass: Transcode | None = None
        self._cache: CachedBands | None = None
        self._lock = threading.Lock()

    @property
    def size(self) -> tuple[int, int]:
        return self._jpeg.size

    @property
    def alpha(self) -> bool:
        return False

    @property
    def bands_a_read(self) -> int:
        return 1 if self._cached() is not None else self._jpeg.bands_a_read

    @property
    def one_read_at_a_time(self) -> bool:
        return self._cached() is None

    def sweep(
        self, wanted: tuple[int, int], each: Callable[[int, int, QImage, int], None]
    ) -> None:
        self._jpeg.sweep(wanted, each)

    def read(self, first: int, end: int, left: int, right: int) -> tuple[QImage, QPoint]:
        """As `BandedJpeg.read`, from the cache once the pass is done (any run of bands)."""
        cached = self._cached()
        if cached is not None:
            with contextlib.suppress(ArtCacheError):
                return cached.read(first, end, left, right)
        self._start_pass()
        return self._jpeg.read(first, end, left, right)

    def _cached(self) -> CachedBands | None:
        if self._cache is None and self.progress.done and not self.progress.failure:
            manifest = self._pass.manifest if self._pass is not None else None
            if manifest is not None:
                self._cache = CachedBands(self._folder, manifest)
        return self._cache

    @property
    def passes(self) -> bool:
        """The JPEG is big enough for a pass (`PASS_FROM_PIXELS`)."""
        width, height = self._jpeg.size
        return width * height >= PASS_FROM_PIXELS

    def _start_pass(self) -> None:
        with self._lock:
            if self.progress.started or self.progress.done or not self.passes:
                return
            try:
                self._pass = Transcode(self._jpeg.path, self._folder, self.progress)
            except OSError:
                self.progress.finish("the art's process could not start")

"""Composition root: the command line, the QApplication and the main window.

`orcus-desktop [ENCOUNTER]` opens the battle map (the bundled demo when no file is given);
`--screenshot FILE` renders the window offscreen to a PNG and exits; `--smoke-test` shows the
window and quits after a short timer (the frozen build's self-check); `--player-view` opens the
players' window at start, on its screen; `--share-players [--port N] [--bind ADDRESS]` shares
the Player view with the players' browsers and prints their address (headless with
`QT_QPA_PLATFORM=offscreen`, until SIGTERM or Ctrl+C; docs/sharing.md); `orcus-desktop query ...`
answers geometry questions headless (see `orcus_desktop.cli`).
"""

from __future__ import annotations

import argparse
import importlib
import ipaddress
import linecache
import logging
import os
import random
import signal
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType, TracebackType
from typing import TYPE_CHECKING, Final

from orcus_desktop import __version__
from orcus_desktop.assets import demo_encounter_path, resource_path
from orcus_desktop.console import exits_quietly_on_closed_pipe
from orcus_desktop.model.atomic_file import sweep_temp_files
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.progress import ReadCancelledError
from orcus_desktop.model.serialization import EncounterFileError
from orcus_desktop.model.text_repair import describe_exception, error_line
from orcus_desktop.model.uvtt import load_encounter_or_map, looks_like_uvtt
from orcus_desktop.rules.variants import install as install_variants

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from orcus_desktop.ui.main_window import MainWindow

log = logging.getLogger("orcus_desktop")

EXIT_BAD_INPUT = 2
SMOKE_TEST_MS = 1500
SCREENSHOT_WAIT_MS = 5000
DEFAULT_SCREENSHOT = "orcus-screenshot.png"
SIGNAL_POLL_MS = 200


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="orcus-desktop",
        description="Offline battle map for Orcus tactical combat. "
        "Also: 'orcus-desktop query --help' for headless geometry questions, "
        "'orcus-desktop rules' for the rulesets.",
    )
    parser.add_argument(
        "encounter", nargs="?", type=Path, help="encounter file to open (default: the demo)"
    )
    parser.add_argument(
        "--screenshot", metavar="FILE", type=Path, help="render the window to a PNG and exit"
    )
    parser.add_argument(
        "--smoke-test", action="store_true", help="show the window, then quit after a moment"
    )
    parser.add_argument(
        "--player-view",
        action="store_true",
        help="open the player view at start (on a second screen when there is one)",
    )
    parser.add_argument(
        "--share-players",
        action="store_true",
        help="share the player view with the players' browsers on this network, "
        "and print the address they open",
    )
    parser.add_argument(
        "--port", type=_port, default=0, help="the port to share on (default: a free one)"
    )
    parser.add_argument(
        "--bind",
        metavar="ADDRESS",
        type=_address,
        help="the address to share on (default: this computer's local-network address)",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"not a port number (0 to 65535): {text!r}")
    return int(text)


def _address(text: str) -> str:
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an IP address: {text!r}") from None


@dataclass(frozen=True)
class ShareRequest:
    """`--share-players`: where to share (None: the local-network address), and headless."""

    bind: str | None
    port: int
    headless: bool


def has_display() -> bool:
    """Whether Qt can open a window here (or was told which platform to use)."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


@exits_quietly_on_closed_pipe
def main(argv: Sequence[str] | None = None) -> int:
    """Run the app; returns the process exit code (quietly 141 when stdout's reader has gone)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    install_variants()  # the composition root: the variants' rulesets before any file opens
    if args_list[:1] == ["query"]:
        # Headless: the geometry engine answers without Qt ever being imported.
        from orcus_desktop.cli import query_main

        return query_main(args_list[1:])
    if args_list[:1] == ["rules"]:
        from orcus_desktop.cli import rules_main

        return rules_main(args_list[1:])
    args = build_parser().parse_args(args_list)
    path: Path = args.encounter or demo_encounter_path()
    # Only the GM's own window shows progress; the headless and self-checking modes read plainly.
    with_window = not (args.screenshot or args.smoke_test or args.share_players)
    try:
        # A Universal VTT map opens as a new encounter (its image written beside it); saving it
        # asks for an encounter file rather than overwriting the map.
        encounter = read_start_file(path, with_progress=with_window and has_display())
    except ReadCancelledError:
        print(f"orcus-desktop: opening {path.name} cancelled", file=sys.stderr)
        return 0
    except EncounterFileError as exc:
        print(f"orcus-desktop: {error_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:  # the last line of defence (issue 29): one line, never a traceback
        reason = describe_exception(exc)
        print(f"orcus-desktop: {path.name}: cannot be opened ({reason})", file=sys.stderr)
        return EXIT_BAD_INPUT
    file: Path | None = None if looks_like_uvtt(path) else path
    if file is not None:
        sweep_temp_files(file)  # what a save killed in an earlier run left beside the file

    screenshot: Path | None = args.screenshot
    share: ShareRequest | None = None
    if args.share_players:
        if not has_display():
            os.environ["QT_QPA_PLATFORM"] = "offscreen"  # a server without a screen: headless
        headless = os.environ.get("QT_QPA_PLATFORM") == "offscreen"
        share = ShareRequest(args.bind, args.port, headless)
    elif not has_display():
        # No screen: still do the job visibly (issue 2): render to a PNG and say where.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        if screenshot is None and not args.smoke_test:
            screenshot = Path(DEFAULT_SCREENSHOT)
            print(
                f"orcus-desktop: no display found; rendering the window to {screenshot} "
                "instead (run on a desktop to get the window)",
                file=sys.stderr,
            )
        elif args.smoke_test:
            # An installer's self-check must not pass on a broken display without saying so.
            print(
                "orcus-desktop: no display found; the smoke test runs on Qt's offscreen "
                "platform, which shows no window",
                file=sys.stderr,
            )
    return run_gui(
        encounter,
        file,
        screenshot=screenshot,
        smoke_test=args.smoke_test,
        player_view=args.player_view,
        share=share,
    )


def run_gui(
    encounter: Encounter,
    path: Path | None,
    *,
    screenshot: Path | None,
    smoke_test: bool,
    player_view: bool = False,
    share: ShareRequest | None = None,
) -> int:
    from PySide6.QtCore import QElapsedTimer, QThread, QTimer
    from PySide6.QtWidgets import QApplication

    headless = share is not None and share.headless
    # The headless modes show the default layout and never overwrite the GM's saved one.
    remember = screenshot is None and not smoke_test and not headless
    window = start_gui(encounter, path, player_view=player_view, remember_layout=remember)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if screenshot is not None:
        # A map image decodes on a worker thread; give it a moment so the PNG shows it.
        waited = QElapsedTimer()
        waited.start()
        app.processEvents()
        while window.scene.map_image_loading and waited.elapsed() < SCREENSHOT_WAIT_MS:
            app.processEvents()
            QThread.msleep(10)
        window.view.fit_map()
        app.processEvents()
        if not window.grab().save(str(screenshot), "PNG"):
            print(f"orcus-desktop: cannot write {screenshot}", file=sys.stderr)
            window.close()
            return 1
        print(f"orcus-desktop: wrote {screenshot}", file=sys.stderr)
        window.close()
        return 0
    autosaver = None
    if share is not None and not _start_sharing(window, share):
        window.close()
        return EXIT_BAD_INPUT
    if smoke_test:
        QTimer.singleShot(SMOKE_TEST_MS, app.quit)
    elif headless:
        _quit_on_signals(app)  # nothing to save: a headless share changes nothing
    else:
        # Only the GM's own session autosaves and offers what a crash left behind; the
        # headless modes (screenshot, smoke test, query) never ask and never touch those files.
        from orcus_desktop.ui.autosave import start_autosave

        autosaver = start_autosave(window)
        if path is not None:
            window.files.remember(path)  # a file opened at start is a recent file too
    code = app.exec()
    if smoke_test and code == 0:
        # Which platform the window was shown on: "xcb" or "wayland" is a real display.
        print(
            f'orcus-desktop: smoke test passed on Qt\'s "{app.platformName()}" platform',
            file=sys.stderr,
        )
    # A close from code asks nothing: the autosaver keeps any unsaved work for the next start.
    window.close()
    if autosaver is not None:
        autosaver.detach()
    return code


def _start_sharing(window: MainWindow, share: ShareRequest) -> bool:
    """Share the player view as asked and print the players' address on one line of stdout."""
    try:
        url = window.sharing.start(share.bind, share.port)
    except OSError as exc:
        where = share.bind or "the local network"
        print(f"orcus-desktop: cannot share with the players on {where}: {exc}", file=sys.stderr)
        return False
    print(f"Players: {url}", flush=True)
    return True


def _quit_on_signals(app: QCoreApplication) -> None:
    """SIGTERM and Ctrl+C end the event loop (and so the sharing) cleanly.

    Python runs a signal handler only between bytecodes: a timer lets it run while Qt waits.
    """
    from PySide6.QtCore import QTimer

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, lambda *_: app.quit())
    wake = QTimer(app)
    wake.timeout.connect(lambda: None)
    wake.start(SIGNAL_POLL_MS)


def start_gui(
    encounter: Encounter, path: Path | None, *, player_view: bool, remember_layout: bool
) -> MainWindow:
    """Make the QApplication (or take the running one) and show the GM's window over `encounter`.

    Everything the app does before its event loop runs (`benchmarks/ui/bench_memory.py`
    measures this path).
    """
    make_application()
    window = show_main_window(
        encounter, path, player_view=player_view, remember_layout=remember_layout
    )
    # Source lines read on the way (a warning's, say) are not needed again (a traceback reads
    # its few lines anew): free them for the map's objects.
    linecache.clearcache()
    return window


def make_application() -> QApplication:
    """The QApplication, made on the first call (the running one after): names, icon, collector."""
    # The Qt-free core is imported before PySide6: PySide6 checks the source of every module
    # imported after it (its __feature__ check, below), so the core's files are never read.
    importlib.import_module("orcus_desktop.controller.session")
    from PySide6.QtGui import QIcon

    _check_sources_without_linecache()
    from PySide6.QtWidgets import QApplication

    from orcus_desktop.ui.gui_thread_gc import collect_in_gui_thread

    if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
        _quiet_offscreen_plugin()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    collect_in_gui_thread(app)  # never free a Qt object in a worker thread (ui/gui_thread_gc.py)
    app.setApplicationName("Orcus Desktop")
    # No organisation: per-user folders are ".local/share/Orcus Desktop", not the name twice.
    app.setOrganizationName("")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("orcus-desktop")  # the .deb's orcus-desktop.desktop (Wayland)
    app.setWindowIcon(QIcon(str(resource_path("icons", "orcus-desktop.png"))))
    sys.excepthook = _excepthook
    return app


def read_start_file(path: Path, *, with_progress: bool) -> Encounter:
    """The file the app starts with; read with progress and Cancel when a window will show (R-252).

    Raises:
        EncounterFileError: it cannot be opened.
        ReadCancelledError: the GM pressed Cancel.
    """
    if not with_progress:
        return load_encounter_or_map(path, image_folder=path.parent)
    make_application()
    from orcus_desktop.controller.session.opening import read_to_start
    from orcus_desktop.ui.progress import run_in_worker

    heading = f"Opening {path.name}"
    return run_in_worker(None, "Open encounter", heading, lambda p: read_to_start(path, p))


def _check_sources_without_linecache() -> None:
    """Let PySide6 ask "does this module mention PySide6?" without linecache keeping the lines.

    PySide6 asks it of every module imported after it (`shibokensupport.feature`, its
    `__feature__` switch) through `inspect.getsource`, which leaves the module's lines in
    linecache: small strings spread among the new module's objects, so dropping them later
    frees no pages (5 MB of the resident set for the UI modules; numpy.ma's 8,000 lines when
    the first fog needs `np.unique`; issue 14). The answer is the same from the file's bytes,
    read and dropped at once; anything without a `.py` file (frozen, zipped) still goes the
    original way. A PySide6 without this private hook is left alone.
    """
    try:
        feature = importlib.import_module("shibokensupport.feature")
    except ImportError:
        return
    original = getattr(feature, "_mod_uses_pyside", None)
    if not callable(original) or original.__module__ == __name__:  # missing, or done already
        return

    def mentions_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return bool(original(module))

    feature._mod_uses_pyside = mentions_pyside  # type: ignore[attr-defined]


def show_main_window(
    encounter: Encounter, path: Path | None, *, player_view: bool, remember_layout: bool = False
) -> MainWindow:
    """Build the session and the GM's window over `encounter` and show it (a QApplication runs).

    With `player_view` the players' window opens too, on its screen (Window > Player View).
    With `remember_layout` the window takes the geometry and docks it had when it last closed,
    and keeps them when it closes (`ui.window_prefs`).
    """
    from orcus_desktop.controller.session import GameSession
    from orcus_desktop.model.document import Document
    from orcus_desktop.model.history import History
    from orcus_desktop.ui.file_open_events import FileOpenEvents
    from orcus_desktop.ui.main_window import MainWindow
    from orcus_desktop.ui.variants import install as install_ui_variants
    from orcus_desktop.ui.window_prefs import WindowLayoutMemory, keep_on_screen

    install_ui_variants()  # the composition root: the variants' menu items and panel boxes

    # The composition root owns the document, its history and the one RNG (docs/design.md#flow:
    # no module-level singletons); every roll it makes is recorded in the document, so undo,
    # redo and reopening reproduce the same state without re-seeding.
    document = Document(encounter)
    session = GameSession(document, History(document), random.Random())
    # The demo's real path too: its map image is found beside it, and saving the bundled demo
    # asks for a new file (MainWindow knows bundled data is read-only).
    window = MainWindow(encounter, path, session=session)
    FileOpenEvents(window.files)  # macOS Finder's double-click
    if remember_layout:
        memory = WindowLayoutMemory(window, workspaces=window.workspaces)
        memory.restore()  # the layout shown last (Prepare or Run the Fight), as it was left
        window.closed.connect(memory.save)
    else:
        window.workspaces.start()  # Run the Fight, as the app lays it out
    window.show()
    keep_on_screen(window)  # the window system's frame is known now: all of it in view
    window.view.fit_map()
    if player_view:
        window.player_view_action.setChecked(True)
    return window


# The offscreen platform plugin says this about every top-level window; it is a limitation of
# the plugin, not a problem of the app, and would only confuse someone reading the output.
_OFFSCREEN_NOISE: Final = ("This plugin does not support propagateSizeHints()",)


def _quiet_offscreen_plugin() -> None:
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if message in _OFFSCREEN_NOISE:
            return
        print(message, file=sys.stderr)

    qInstallMessageHandler(handler)


def _excepthook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    """Log an exception raised in a slot or a Qt virtual and tell the GM.

    Qt only prints those and carries on, so without this hook an error would go unseen.
    """
    text = "".join(traceback.format_exception(kind, value, tb))
    log.error("Unhandled exception:\n%s", text)
    print(text, file=sys.stderr)
    from PySide6.QtWidgets import QApplication, QMessageBox

    if QApplication.instance() is not None and os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        QMessageBox.critical(
            None,
            "Orcus Desktop: internal error",
            f"Something went wrong: {value}\n\nNothing was changed by the failed action; "
            "please save your work.",
        )

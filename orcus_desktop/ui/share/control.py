"""Window > Share with Players: the players' web server's life, seen from the GM's window.

Off by default. Turned on, it starts a `ShareServer` on the address the GM picks (by default
this computer's local-network address, `addresses.default_address`) with a fresh key, and
shares the party's picture (`SharedPicture`); each hero's own view is rendered only while some
device watches it. Turned off, or the GM's window closing, stops the server and drops every
connection. The server is imported only when sharing starts (aiohttp stays out of a GM's
session that never shares).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMenu, QWidget

from orcus_desktop.controller.views.vision import player_side
from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.players_look import PlayersLook
from orcus_desktop.ui.share.pictures import SharedPicture
from orcus_desktop.ui.share.wire import PARTY_VIEW, Hero

if TYPE_CHECKING:
    from orcus_desktop.ui.share.server import ShareServer

HERO_TOKEN_BYTES = 9
"""A hero's token on the wire: random, so no creature id (nor a hidden one's) is ever sent."""


class ShareControl(QObject):
    """Starts and stops sharing the Player view with the players' browsers.

    Args:
        gm_window: the GM's window (its closing calls `stop`).
        look: the GM's choices the shared pictures are drawn with and follow (fog, strip,
            grid look), as the Player view's are.

    Attributes:
        toggle_action: Window > Share with Players, checked while sharing.
        address_action: Window > Players' Address and QR Code… (the dialog).
        heroes_action: Window > Let Each Device Pick a Hero (off by default).
        server: the running server while sharing, else None.
        pictures: the views rendered now, by the server's name for them.

    Signals:
        started: sharing started; the address players open.
        stopped: sharing stopped.
        failed: sharing could not start; the reason, in the GM's words.
    """

    started = Signal(str)
    stopped = Signal()
    failed = Signal(str)
    _views_wanted = Signal(object)  # from the server's thread; handled on the GUI thread

    def __init__(self, gm_window: QWidget, look: PlayersLook) -> None:
        super().__init__(gm_window)
        self._gm_window = gm_window
        self._look = look
        self._session = session = look.session
        self.server: ShareServer | None = None
        self.pictures: dict[str, SharedPicture] = {}
        self._encoder: ThreadPoolExecutor | None = None
        self._hero_tokens: dict[str, str] = {}
        self._heroes: tuple[Hero, ...] = ()
        self._dialog: QWidget | None = None
        self.toggle_action = make_action(gm_window, "S&hare with Players")
        self.toggle_action.setCheckable(True)
        self.toggle_action.setToolTip(
            "Show the Player view in the players' browsers on this network (read-only)"
        )
        self.toggle_action.toggled.connect(self._on_toggled)
        self.address_action = make_action(
            gm_window, "Players' &Address and QR Code…", slot=self.show_dialog
        )
        self.address_action.setEnabled(False)
        self.heroes_action = make_action(gm_window, "Let Each Device Pick a &Hero")
        self.heroes_action.setCheckable(True)
        self.heroes_action.setToolTip(
            "A player's device may show what one hero sees instead of the whole party's view"
        )
        self.heroes_action.toggled.connect(self._sync_heroes)
        self._views_wanted.connect(self._on_views_wanted)
        look.follow(fog=self._on_fog_toggled, grid=self._on_grid_style)
        events = session.document.events
        self._events = (
            events.creature_added,
            events.creature_removed,
            events.creature_changed,
            events.reset,
        )
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)  # quitting drops every connection

    def add_menu(self, menu: QMenu) -> None:
        """Put the sharing items in `menu` (the GM's Window menu)."""
        menu.addSeparator()
        menu.addAction(self.toggle_action)
        menu.addAction(self.address_action)
        menu.addAction(self.heroes_action)

    @property
    def sharing(self) -> bool:
        return self.server is not None

    def start(self, host: str | None = None, port: int = 0) -> str:
        """Share on `host`:`port` (default: the local-network address, a free port).

        Returns the address the players open. Raises OSError when the address cannot be bound
        (the GM is told through `failed` when sharing starts from the menu).
        """
        from orcus_desktop.ui.share.addresses import default_address
        from orcus_desktop.ui.share.page import page_assets
        from orcus_desktop.ui.share.server import ShareServer

        self._shut_down()  # another address: the old one and its key end now
        server = ShareServer(
            host if host is not None else default_address(),
            port,
            page_assets(),
            on_views=self._views_wanted.emit,
        )
        try:
            server.start()
        except OSError:
            self.toggle_action.setChecked(False)
            self.address_action.setEnabled(False)
            raise
        self.server = server
        self._encoder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="orcus-share-png")
        self._hero_tokens = {}
        self._heroes = ()
        for signal in self._events:
            signal.connect(self._sync_heroes)
        self._show(PARTY_VIEW, None)
        self._sync_heroes()
        self.toggle_action.setChecked(True)
        self.address_action.setEnabled(True)
        self.started.emit(server.url)
        return server.url

    def stop(self) -> None:
        """Stop sharing: every connection drops, the port closes. Nothing when not sharing."""
        if self._shut_down():
            self.toggle_action.setChecked(False)
            self.address_action.setEnabled(False)
            self.stopped.emit()

    def _shut_down(self) -> bool:
        """Close the server and drop the pictures; whether there was one."""
        server, self.server = self.server, None
        if server is None:
            return False
        for signal in self._events:
            signal.disconnect(self._sync_heroes)
        for picture in self.pictures.values():
            picture.detach()
            picture.deleteLater()
        self.pictures = {}
        server.stop()
        if self._encoder is not None:
            self._encoder.shutdown(wait=True, cancel_futures=True)
            self._encoder = None
        return True

    def show_dialog(self) -> None:
        """The address and its QR code, for the GM to show the players."""
        from orcus_desktop.ui.share.dialog import ShareDialog

        if self.server is None:
            return
        if self._dialog is None:
            self._dialog = ShareDialog(self, self._gm_window)
        self._dialog.show()
        self._dialog.raise_()

    # --- what is rendered ---------------------------------------------------------------
    def _show(self, view: str, hero: str | None) -> None:
        server, encoder = self.server, self._encoder
        if server is None or encoder is None or view in self.pictures:
            return
        look = self._look
        self.pictures[view] = SharedPicture(
            self._session,
            view,
            server.publish,
            encoder,
            fog=look.fog,
            eyes=hero,
            grid=look.grid,
            strip=server.publish_strip,
            strip_mode=look.strip_mode,
            parent=self,
        )
        self.pictures[view].sync_strip()  # the fog was built before the strip was followed

    def _on_views_wanted(self, views: frozenset[str]) -> None:
        by_token = {token: creature for creature, token in self._hero_tokens.items()}
        for view in list(self.pictures):
            if view != PARTY_VIEW and view not in views:
                picture = self.pictures.pop(view)
                picture.detach()
                picture.deleteLater()
        for view in views:
            creature = by_token.get(view)
            if creature is not None and any(h.token == view for h in self._heroes):
                self._show(view, creature)

    def _sync_heroes(self, *_args: object) -> None:
        """Offer the devices the players' heroes (none unless the GM lets them pick)."""
        import secrets  # here: `secrets` loads OpenSSL, which a GM who never shares never needs

        if self.server is None:
            return
        heroes: tuple[Hero, ...] = ()
        if self.heroes_action.isChecked():
            encounter = self._session.encounter
            side = player_side(encounter, self._session.rules)
            listed = []
            for creature in encounter.creatures:
                if creature.side != side or creature.hidden:
                    continue
                token = self._hero_tokens.setdefault(
                    creature.id, secrets.token_urlsafe(HERO_TOKEN_BYTES)
                )
                listed.append(Hero(token, creature.name))
            heroes = tuple(listed)
        if heroes != self._heroes:
            self._heroes = heroes
            self.server.set_heroes(heroes)

    def _on_fog_toggled(self, enabled: bool) -> None:
        for picture in self.pictures.values():
            picture.set_fog_enabled(enabled)

    def _on_grid_style(self, colour: QColor) -> None:
        for picture in self.pictures.values():
            picture.set_grid_style(colour)

    def _on_toggled(self, checked: bool) -> None:
        if checked and self.server is None:
            try:
                self.start()
            except OSError as exc:
                self.toggle_action.setChecked(False)
                self.failed.emit(f"Cannot share with the players: {exc}")
                return
            self.show_dialog()
        elif not checked:
            self.stop()

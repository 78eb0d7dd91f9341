"""The initiative strip across the top of the player view, and the GM's setting for it.

What it lists is `controller.views.player_initiative`'s business (only creatures the players'
screen
shows); this widget prints it: "Round 2 · Now: Aria · Next: GW1 · Brakka · ...". The GM picks
Off, Names or Token labels in Window > Initiative Strip on Player View; the choice is kept in
the app's settings (`screens.app_settings`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from html import escape, unescape

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import QLabel, QMenu, QSizePolicy, QWidget

from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.stealth import hidden_from_players
from orcus_desktop.controller.views.player_initiative import (
    InitiativeStrip,
    MonsterNames,
    player_initiative,
)
from orcus_desktop.controller.views.vision import player_sides
from orcus_desktop.ui.choice_actions import choice_actions, remember_choice, remembered_choice

RoundCounters = tuple[tuple[str, int], ...]
"""What the round shows beside its number, (label, value) (`questions.round_counters`)."""

STRIP_KEY = "playerView/initiativeStrip"


class StripMode(StrEnum):
    """The GM's choice for the strip: off, or on with monsters by name or by token label."""

    OFF = "off"
    NAMES = "names"
    LABELS = "labels"

    @property
    def label(self) -> str:
        return {"off": "&Off", "names": "Monster &Names", "labels": "Token &Labels Only"}[self]

    @property
    def monster_names(self) -> MonsterNames:
        """How the players' screen names monsters, the strip and the tokens' tooltips alike.

        Only Monster Names gives their names away: with the strip off the tooltips show
        token labels, as the GM has not chosen to tell the players what the monsters are.
        """
        return MonsterNames.NAMES if self is StripMode.NAMES else MonsterNames.LABELS


def remembered_strip_mode(settings: QSettings) -> StripMode:
    """The strip's mode last chosen (Names when none was, or the value is unknown)."""
    return remembered_choice(settings, STRIP_KEY, StripMode.NAMES)


class InitiativeStripView(QLabel):
    """One line over the players' map: the round, who acts now, who next, then the rest.

    Args:
        session: the GM's session (read only).
        shown: the creatures the players' fog lets them see now (None: fog off).
        parent: the Qt parent.

    Attributes:
        strip: what is shown now (`player_initiative`'s answer).
    """

    def __init__(
        self,
        session: GameSession,
        shown: Callable[[], frozenset[str] | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("initiativeStrip")
        self._session = session
        self._shown = shown
        self._mode = StripMode.NAMES
        self.strip = InitiativeStrip()
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMargin(6)
        # A long fight wraps onto a second line; it never makes the players' window wider.
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.4)  # read from across the table
        self.setFont(font)
        self.setStyleSheet("QLabel#initiativeStrip { background: #202020; color: #f0f0f0; }")
        self.setVisible(False)

    @property
    def mode(self) -> StripMode:
        return self._mode

    def set_mode(self, mode: StripMode) -> None:
        self._mode = mode
        self.refresh()

    def refresh(self) -> None:
        """Read the snapshot again (after the fog's rebuild: what the players see is current)."""
        self.strip, counters = players_strip(self._session, self._shown(), self._mode)
        self.setText(strip_html(self.strip, counters))
        self.setVisible(bool(self.strip.entries))


def players_strip(
    session: GameSession, shown: frozenset[str] | None, mode: StripMode
) -> tuple[InitiativeStrip, RoundCounters]:
    """The strip the players see now, and what the round shows beside its number.

    `shown`: what their fog lets them see (None: fog off). The round's counters
    (`questions.round_counters`) are the table's: 003-13's escalation die is everyone's bonus
    to hit, so the players see it too.
    """
    encounter = session.encounter
    if mode is StripMode.OFF:
        strip = InitiativeStrip()
    else:
        sides = player_sides(encounter, session.rules)
        groups = session.ask(questions.has_monster_groups)  # 003-07: a group is one entry
        # 003-47: a Hidden monster is off the players' map, so off their strip too.
        absent = hidden_from_players(session.rules, encounter)
        dead = {c.id for c in encounter.creatures if session.rules.is_dead(encounter, c.id)}
        strip = player_initiative(
            encounter, shown, sides, mode.monster_names, groups, absent=absent, dead=dead
        )
    return strip, session.ask(questions.round_counters)


def strip_html(strip: InitiativeStrip, counters: RoundCounters = ()) -> str:
    """``Round 2 · <b>Now: Aria</b> · Next: GW1 · Brakka`` ("" when there is nothing).

    The round's ``counters`` follow it (003-13): ``Round 3 · Escalation die 1``.
    """
    if not strip.entries:
        return ""
    parts = [f"Round {strip.round}" if strip.round else "Surprise round"]
    parts += [f"{label[:1].upper()}{label[1:]} {value}" for label, value in counters]
    now, following = strip.now, strip.next
    for entry in strip.entries:
        name = escape(entry.text)
        if entry is now:
            parts.append(f"<b>Now: {name}</b>")
        elif entry is following:
            parts.append(f"Next: {name}")
        else:
            parts.append(name)
    return " · ".join(parts)


def strip_text(strip: InitiativeStrip, counters: RoundCounters = ()) -> str:
    """`strip_html` as plain text: ``Round 2 · Now: Aria · Next: GW1 · Brakka``."""
    return unescape(re.sub(r"<[^>]+>", "", strip_html(strip, counters)))


class StripMenu:
    """Window > Initiative Strip on Player View: Off, Monster Names, Token Labels Only.

    Args:
        menu: the submenu to fill.
        settings: where the choice is kept.
        chosen: called with the mode the GM picks.
    """

    def __init__(
        self,
        menu: QMenu,
        settings: Callable[[], QSettings],
        chosen: Callable[[StripMode], None],
    ) -> None:
        self._settings = settings
        self._chosen = chosen
        self.actions: dict[StripMode, QAction] = choice_actions(
            menu,
            ((mode, mode.label, f"strip_{mode.value}") for mode in StripMode),
            remembered_strip_mode(settings()),
            self._pick,
        )
        menu.setToolTip(
            "The initiative order across the top of the players' screen, and how it and"
            " the tokens' tooltips there name monsters"
        )

    def _pick(self, mode: StripMode) -> None:
        remember_choice(self._settings(), STRIP_KEY, mode)
        self._chosen(mode)

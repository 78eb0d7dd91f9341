"""The UI's plug-in API for rulesets: the menu items, panel parts and prompts a variant adds.

A variant's UI (001 Strike!, 004 Alloy Heroes, ...) is one frozen `UiVariant`, modelled on
`controller/plugins.py::Variant`: the variant it is the UI of (whose ruleset ids say where it
applies) and a tuple of builders per hook kind. The window, the panels, the map's prompt and
the attack dialog call them at their hook points; the UI core never imports a variant. The
registry `ui/variants/__init__.py` lists the variants and the composition root (`app.py`, the
tests' set-up) installs them here (`install`); with none installed the window plays Orcus (000)
and shows no variant's item.

A builder is called whatever the ruleset is when its part is built (the GM may switch the
ruleset later), so each part shows itself only where its ruleset offers it (`offer`, the
session's questions), except where a hook point says it asks the `active` variants only.

Hook kinds:

- `menu_items`: items added to one of the window's menus (`MenuItems.menu`), built once with
  the window (`WindowContext`), at the menu's end or after the item they belong with
  (`MenuItems.after`); what the builder returns is kept (`MainWindow.plugged`).
- `panel_boxes`: boxes of the Actions panel (`PanelBox`): above the list of actions, with what
  waits for the GM's word ("decisions"), or under the action buttons ("tools"); a box may put
  a pointer tool of its own on the map (`PanelContext.start_tool`, 003-47's Sneak).
- `initiative_buttons`: buttons of the Initiative panel's set-up row (`InitiativeButton`).
- `initiative_menu`: a row's right-click items in the Initiative panel (`InitiativeMenu`),
  asked of the active variants only (the menu is built at each right-click).
- `reaction_prompts`: how the map's prompt answers a decision kind of the variant's
  (`PromptAnswers`: its buttons, its answers, whether Enter takes it).
- `attack_target_extras`: what the attack dialog adds under a target (`AttackTargetExtra`),
  asked of the active variants only.
- `status_items`: permanent widgets of the window's status bar.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QMenu, QPushButton, QWidget

    from orcus_desktop.controller.plugins import Variant
    from orcus_desktop.controller.session import GameSession
    from orcus_desktop.controller.tools.pointer import MapTool
    from orcus_desktop.controller.turns.waiting_decisions import Decision


ToolMaker = Callable[[Callable[[], None]], "MapTool"]
"""Makes a pointer tool given what to call once it is done (a `OneShotTool`'s ``on_finished``)."""

MenuName = Literal["file", "edit", "view", "tools", "encounter", "combat", "window", "help"]
"""The window's menus, by the name `MenuItems.menu` gives."""


@dataclass(frozen=True, slots=True)
class WindowContext:
    """What a menu item or a status item is given of the GM's window."""

    window: QMainWindow
    """The owner of the actions and the parent of their dialogs."""
    session: GameSession
    shown: Callable[[], str | None]
    """The creature the Actions panel shows, or None."""
    selected: Callable[[], str | None]
    """The creature selected on the map, or None."""
    say: Callable[[str], None]
    """Shows a line to the GM in the status bar."""


@dataclass(frozen=True, slots=True)
class MenuItems:
    """A variant's items in one of the window's menus."""

    menu: MenuName
    build: Callable[[WindowContext, QMenu], object]
    """Adds the items to the menu; what it returns is kept as long as the window lives."""
    after: str = ""
    """The object name of the window's item they belong after ("charge_action"), or "": the
    menu's end."""


@dataclass(frozen=True, slots=True)
class PanelContext:
    """What a box of the Actions panel is given of the panel."""

    session: GameSession
    shown: Callable[[], str | None]
    """The creature the panel shows, or None."""
    show_refusal: Callable[[str], None]
    """Says why a request was refused, under the panel's buttons."""
    refresh: Callable[[], None]
    """Reads the snapshot again (the box changed what the panel shows)."""
    parent: QWidget
    start_tool: Callable[[ToolMaker], None] = lambda _make: None
    """Puts a pointer tool on the map until it is done or left (003-47's Sneak)."""


@dataclass(frozen=True, slots=True)
class PanelPart:
    """A box built into the Actions panel."""

    widget: QWidget
    update_for: Callable[[str | None], None]
    """The panel shows this creature now (None: none); called on every refresh."""
    buttons: Mapping[str, QPushButton] = field(default_factory=dict)
    """Its buttons by key, listed with the panel's (`ActionsPanel.buttons`)."""


PanelPlace = Literal["decisions", "tools"]
"""Where a box sits: above the list, with the offers ("decisions"), or under the buttons."""


@dataclass(frozen=True, slots=True)
class PanelBox:
    """A variant's box in the Actions panel."""

    place: PanelPlace
    build: Callable[[PanelContext], PanelPart]


@dataclass(frozen=True, slots=True)
class InitiativeContext:
    """What an item of the Initiative panel is given of the panel."""

    session: GameSession
    selected: Callable[[], str | None]
    """The creature selected in the initiative, or None."""
    parent: QWidget


@dataclass(frozen=True, slots=True)
class InitiativeTool:
    """A button built into the Initiative panel's set-up row."""

    button: QPushButton
    update: Callable[[], None]
    """Shows, enables and explains the button as the encounter and the selection are now."""


@dataclass(frozen=True, slots=True)
class InitiativeButton:
    """A variant's button in the Initiative panel (shown before combat, with Roll initiative)."""

    build: Callable[[InitiativeContext], InitiativeTool]


InitiativeMenu = Callable[[InitiativeContext, "str | None", "QMenu"], None]
"""(context, the row's creature or None, the menu) -> adds the variant's items for that row."""


Answer = tuple[str, str, str]
"""(answer key, button text, tooltip) of one button of the map's prompt."""


@dataclass(frozen=True, slots=True)
class PromptAnswers:
    """How the map's prompt answers one kind of the variant's waiting decisions."""

    kind: str
    """The `Decision.kind` it answers."""
    answers: Callable[[GameSession, Decision], list[Answer]]
    """The prompt's buttons for one decision; "pass" is Esc's answer."""
    answer: Callable[[GameSession, object, Decision, str], None]
    """(session, initiator, decision, answer key): runs the GM's answer through the session."""
    enter_takes: bool = False
    """Enter answers "take" (Esc always answers "pass")."""


@dataclass(frozen=True, slots=True)
class AttackTargetContext:
    """What the attack dialog offers a variant for one target."""

    session: GameSession
    target_id: str
    rolls: bool
    """The attack rolls against the target (not an action without a roll)."""
    parent: QWidget
    after: Callable[[str], None]
    """To call once the widget changed the document: "" or the refusal; the numbers refresh."""


AttackTargetExtra = Callable[[AttackTargetContext], "QWidget | None"]
"""A widget the attack dialog shows under the target, or None."""

StatusItem = Callable[[WindowContext], "QWidget"]
"""A permanent widget of the window's status bar."""


@dataclass(frozen=True, slots=True)
class UiVariant:
    """One ruleset variant's UI: the variant it is the UI of and its builders, by kind."""

    of: Variant
    """The variant's controller code, whose ruleset ids say where this UI applies."""
    menu_items: tuple[MenuItems, ...] = ()
    panel_boxes: tuple[PanelBox, ...] = ()
    """Above the Actions panel's list (what waits for the GM's word) or under its buttons."""
    initiative_buttons: tuple[InitiativeButton, ...] = ()
    initiative_menu: tuple[InitiativeMenu, ...] = ()
    """A row's right-click items in the Initiative panel."""
    reaction_prompts: tuple[PromptAnswers, ...] = ()
    """The map prompt's answers to the variant's waiting decisions."""
    attack_target_extras: tuple[AttackTargetExtra, ...] = ()
    status_items: tuple[StatusItem, ...] = ()

    def applies_to(self, ruleset_id: str) -> bool:
        return ruleset_id in self.of.ruleset_ids


_installed: list[UiVariant] = []


def install(variants: Iterable[UiVariant]) -> None:
    """The composition root's word: these variants' UI, in this order (replacing any before)."""
    _installed[:] = variants


def installed() -> tuple[UiVariant, ...]:
    """The installed variants' UI, in the order their items are built."""
    return tuple(_installed)


def active(session: GameSession) -> tuple[UiVariant, ...]:
    """The installed variants that apply to the session's ruleset now."""
    return tuple(v for v in _installed if v.applies_to(session.ruleset.id))


def menu_items(menu: MenuName) -> tuple[MenuItems, ...]:
    """Every installed variant's items of `menu`, in installation order."""
    return tuple(m for v in _installed for m in v.menu_items if m.menu == menu)


def build_menu_items(items: MenuItems, context: WindowContext, menu: QMenu) -> object:
    """Builds `items` into `menu`, placed just after the item they name (`MenuItems.after`).

    Raises:
        LookupError: the menu has no item of that name (a variant's place that moved).
    """
    before = menu.actions()
    built = items.build(context, menu)
    if items.after:
        added = [a for a in menu.actions() if a not in before]
        anchor = next((a for a in before if a.objectName() == items.after), None)
        if anchor is None:
            raise LookupError(f"no item {items.after!r} in the menu to place items after")
        following = before[before.index(anchor) + 1 :]
        for action in added:
            menu.removeAction(action)
        if following:
            menu.insertActions(following[0], added)
        else:
            menu.addActions(added)
    return built


def panel_boxes(place: PanelPlace) -> tuple[PanelBox, ...]:
    """Every installed variant's Actions panel boxes at `place`."""
    return tuple(b for v in _installed for b in v.panel_boxes if b.place == place)


def initiative_buttons() -> tuple[InitiativeButton, ...]:
    return tuple(b for v in _installed for b in v.initiative_buttons)


def initiative_menu(context: InitiativeContext, creature_id: str | None, menu: QMenu) -> None:
    """Adds the active variants' items for the row of `creature_id` to `menu`.

    The menu is built at each right-click, so only the variants of the ruleset played now
    are asked.
    """
    for variant in active(context.session):
        for add in variant.initiative_menu:
            add(context, creature_id, menu)


def prompt_answers(kind: str) -> PromptAnswers | None:
    """The installed variant's answers to decisions of `kind`, or None."""
    return next((p for v in _installed for p in v.reaction_prompts if p.kind == kind), None)


def prompt_kinds() -> frozenset[str]:
    """The decision kinds the installed variants answer in the map's prompt."""
    return frozenset(p.kind for v in _installed for p in v.reaction_prompts)


def attack_target_extras(context: AttackTargetContext) -> list[QWidget]:
    """What the active variants add under one target of the attack dialog."""
    made = (extra(context) for v in active(context.session) for extra in v.attack_target_extras)
    return [widget for widget in made if widget is not None]


def status_items() -> tuple[StatusItem, ...]:
    return tuple(s for v in _installed for s in v.status_items)

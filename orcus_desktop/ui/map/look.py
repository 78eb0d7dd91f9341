"""What a token shows, worked out from the snapshots once per change rather than in `paint()`.

`TokenLook` is a plain value: the scene builds one per creature from the encounter (whose turn
it is) and the session's rules reading of the creature (its stat block and combat state: hit
points, conditions, dead) and hands it to the dumb `TokenItem`, which only paints it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.log.words import condition_name, plain_label
from orcus_desktop.controller.stealth import hidden_from_players
from orcus_desktop.controller.views.player_initiative import MonsterNames, players_name
from orcus_desktop.controller.views.vision import is_invisible, player_sides
from orcus_desktop.model.creature_names import token_labels
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.durations import DurationKind

# Badge texts for how long a condition lasts ("" = until the end of the encounter or removed).
_DURATION_SHORT: Final[dict[DurationKind, str]] = {
    DurationKind.END_OF_TARGET_NEXT_TURN: "EoT",
    DurationKind.END_OF_USER_NEXT_TURN: "EoT",
    DurationKind.START_OF_TARGET_NEXT_TURN: "SoT",
    DurationKind.START_OF_USER_NEXT_TURN: "SoT",
    DurationKind.SAVE_ENDS: "save",
    DurationKind.END_OF_SURPRISE_ROUND: "rnd",
    DurationKind.END_OF_TARGET_TURN: "EoT",
}


class TokenState(StrEnum):
    """How the token is drawn besides its colour (000 "Hit Points")."""

    NORMAL = "normal"
    BLOODIED = "bloodied"
    """At half its maximum hit points or fewer (000 calls it "staggered")."""
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"


@dataclass(frozen=True, slots=True)
class Badge:
    """A condition badge: a short label and the remaining duration ("" when open-ended).

    `long`: the tooltip's name when it differs from the label ("Stunned downgraded to Dazed",
    003-21; the disc has room only for the condition it now is).
    """

    label: str
    remaining: str = ""
    long: str = ""


@dataclass(frozen=True, slots=True)
class TokenLook:
    """Everything a token paints.

    Attributes:
        hp: current hit points, or None when the creature has none (no bar is drawn).
        max_hp: maximum hit points (> 0 when `hp` is not None).
        state: normal, bloodied, unconscious or dead.
        badges: condition badges.
        current_turn: it is this creature's turn (a marker ring is drawn).
        image_path: a picture to draw instead of the disc, or "".
        label: the text on the disc, unique in the encounter ("GW2"; model/creature_names.py).
        tooltip: the hover stat summary (rich text); on the players' screen only the name
            they may know (`players_name`).
        invisible: a condition makes it invisible (docs/rulings.md R-115): the GM's token is
            drawn see-through.
    """

    hp: int | None = None
    max_hp: int = 0
    state: TokenState = TokenState.NORMAL
    badges: tuple[Badge, ...] = ()
    current_turn: bool = False
    image_path: str = ""
    tooltip: str = ""
    label: str = ""
    invisible: bool = False


# The last snapshot's labels, one entry per view kind: every token of a snapshot reads them.
_LABELS: Final[dict[bool, tuple[Encounter, dict[str, str]]]] = {}
# The last snapshot's player sides (one pass over the stat blocks, not one per token).
_SIDES: Final[list[tuple[Encounter, frozenset[str]]]] = []


def token_label(
    encounter: Encounter,
    creature: Creature,
    *,
    for_players: bool = False,
    rules: CombatRules | None = None,
) -> str:
    """`creature`'s token label among the creatures of `encounter` (worked out once per snapshot).

    The players' labels leave hidden creatures out (by the GM, or by 003's Hidden through
    `rules`), so a hidden creature shapes no label they see; with none hidden both views show
    the same labels, so the table can say "GW2".
    """
    cached = _LABELS.get(for_players)
    if cached is None or cached[0] is not encounter:
        gone = hidden_from_players(rules, encounter) if for_players else frozenset()
        shown = [
            c for c in encounter.creatures if not (for_players and (c.hidden or c.id in gone))
        ]
        cached = (encounter, token_labels(shown))
        _LABELS[for_players] = cached
    return cached[1].get(creature.id, "")


def token_look(
    encounter: Encounter,
    creature: Creature,
    rules: CombatRules | None,
    *,
    for_players: bool = False,
    monster_names: MonsterNames = MonsterNames.LABELS,
) -> TokenLook:
    """The look of `creature`'s token in `encounter`, read through the session's rules.

    For the players' view, conditions a hidden creature imposed (its mark, its grab) get no
    badge: a badge would give the hidden creature away; and the tooltip names the creature
    only as the GM lets the players name monsters (`monster_names`, the strip's setting).
    """
    statblock = rules.statblock(creature) if rules is not None else None
    state = rules.state(creature) if rules is not None else None
    hp: int | None = None
    max_hp = 0
    badges: tuple[Badge, ...] = ()
    look_state = TokenState.NORMAL
    names: set[str] = set()
    if state is not None:
        hidden = (
            {c.id for c in encounter.creatures if c.hidden} | hidden_from_players(rules, encounter)
            if for_players
            else set()
        )
        label = rules.ruleset.label if rules is not None else plain_label
        badges = tuple(
            # The ruleset's names (003 "Taunted", 004 "Snared"): `Ruleset.label`.
            Badge(
                label(c.condition.value),
                _DURATION_SHORT.get(c.duration.kind, ""),
                condition_name(c, label) if c.downgraded_from is not None else "",
            )
            for c in state.conditions
            if c.source_id not in hidden
        )
        names = {c.condition.value for c in state.conditions}
    # 001-25 "Engaged By (Target)": how many engage it, as a badge ("ENG 2"); the players
    # do not count a creature the GM hides.
    engagers = [
        i
        for i in encounter.combat.engaged_by(creature.id)
        if not (for_players and _hidden(encounter, i))
    ]
    if engagers:
        badges = (Badge("engaged by", str(len(engagers))), *badges)
    if statblock is not None and state is not None and statblock.max_hp > 0:
        hp, max_hp = state.current_hp, statblock.max_hp
    if state is not None and state.dead:
        look_state = TokenState.DEAD
    elif "unconscious" in names or (hp is not None and hp <= 0):
        look_state = TokenState.UNCONSCIOUS
    elif (
        hp is not None
        and rules is not None
        and statblock is not None
        and state is not None
        and state.is_staggered(statblock, rules.ruleset)
    ):
        look_state = TokenState.BLOODIED
    image = creature.statblock.get("token_image", "")
    lines = [f"<b>{creature.name}</b>", f"{creature.side}, {creature.size.value}"]
    if statblock is not None:
        lines[1] += f", level {statblock.level} {statblock.role.value}"
        d = statblock.defenses
        lines.append(f"AC {d.ac} · Fort {d.fortitude} · Ref {d.reflex} · Will {d.will}")
    lines.append(f"Speed {creature.speed}")
    if hp is not None:
        temp = f" (+{state.temp_hp} temp)" if state is not None and state.temp_hp else ""
        lines.append(f"HP {hp} / {max_hp}{temp}")
    if look_state != TokenState.NORMAL:
        lines.append(f"<i>{look_state}</i>")
    if badges:
        lines.append(
            "Conditions: "
            + ", ".join(
                (b.long or b.label) + (f" ({b.remaining})" if b.remaining else "") for b in badges
            )
        )
    # 001-34 (001 l.330): the items it holds ready; the tooltip is the GM's only.
    ready = [r.label for r in encounter.combat.ready_items if r.creature_id == creature.id]
    if ready:
        lines.append("Ready: " + ", ".join(ready))
    if creature.hidden:
        lines.append("<i>hidden from the players</i>")
    disc = token_label(encounter, creature, for_players=for_players, rules=rules)
    if for_players:
        sides = _player_sides(encounter, rules)
        name = players_name(creature, disc, sides, monster_names)
        lines = [f"{name} ({creature.side})"]
        if look_state is TokenState.BLOODIED and creature.side not in sides:
            # the players see no HP of a creature not theirs (no bar), so no HP band.
            look_state = TokenState.NORMAL
    return TokenLook(
        hp=hp,
        max_hp=max_hp,
        state=look_state,
        badges=badges,
        current_turn=encounter.combat.current == creature.id,
        image_path=image if isinstance(image, str) else "",
        tooltip="<br>".join(lines),
        label=disc,
        invisible=state is not None
        and rules is not None
        and is_invisible(encounter, rules, creature.id),
    )


def _player_sides(encounter: Encounter, rules: CombatRules | None) -> frozenset[str]:
    if rules is None:
        return frozenset()  # no stat blocks to tell: every creature goes by its label
    if not _SIDES or _SIDES[0][0] is not encounter:
        _SIDES[:] = [(encounter, player_sides(encounter, rules))]
    return _SIDES[0][1]


def _hidden(encounter: Encounter, creature_id: str) -> bool:
    creature = encounter.find_creature(creature_id)
    return creature is None or creature.hidden

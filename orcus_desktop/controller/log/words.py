"""The log's words that panels, tools and refusals share with it.

A term as the encounter's ruleset names it (`term`: 004 "attack of opportunity", 001-38
"Block"), an effect with its duration ("Dazed (save ends)"), a count ("3 squares").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from orcus_desktop.controller.log.records import Effect
from orcus_desktop.rules.conditions import ConditionInstance
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.terms import Defense

Label = Callable[[str], str]
"""The encounter's ruleset's name for a term (`Ruleset.label`); `plain_label` is 000's."""


def plain_label(key: str) -> str:
    """A term as 000 names it: its id with spaces ("three_quarters" -> "three quarters")."""
    return key.replace("_", " ")


DURATION_TEXT: Final[dict[DurationKind, str]] = {
    DurationKind.END_OF_TARGET_NEXT_TURN: "end of its next turn",
    DurationKind.END_OF_USER_NEXT_TURN: "end of the user's next turn",
    DurationKind.START_OF_TARGET_NEXT_TURN: "start of its next turn",
    DurationKind.START_OF_USER_NEXT_TURN: "start of the user's next turn",
    DurationKind.SAVE_ENDS: "save ends",
    DurationKind.END_OF_ENCOUNTER: "end of the encounter",
    DurationKind.UNTIL_COUNTERED: "until countered",
    DurationKind.END_OF_SURPRISE_ROUND: "end of the surprise round",
    DurationKind.END_OF_TARGET_TURN: "end of its turn",
}
"""How a duration reads after a condition: "Dazed (save ends)"."""


def condition_name(condition: ConditionInstance, label: Label = plain_label) -> str:
    """``Dazed``, or ``Stunned downgraded to Dazed`` (003-21).

    The one wording of a downgrade for the log, the tracker, the effect list and the token
    tooltip.
    """
    now = label(condition.condition.value).capitalize()
    if condition.downgraded_from is None:
        return now
    return f"{label(condition.downgraded_from.value).capitalize()} downgraded to {now}"


def effect_text(
    effect: Effect | None, label: Label = plain_label, persistent: str = "persistent damage"
) -> str:
    """``Dazed (save ends)`` or ``5 fire persistent damage (save ends)``.

    ``label`` names conditions (the ruleset's `Ruleset.label`: 004 "Snared"); ``persistent``
    names persistent damage (the panels say only "persistent").
    """
    if effect is None:
        return "an effect"
    kind = effect.duration.kind
    when = DURATION_TEXT.get(kind, kind.value)
    if isinstance(effect, ConditionInstance):
        what = condition_name(effect, label)
    else:
        types = " ".join(t.value for t in effect.types)
        what = f"{effect.amount} {types + ' ' if types else ''}{persistent}"
    return f"{what} ({when})"


def term(label: Label, key: str, plain: str) -> str:
    """The ruleset's own name for `key` (004-29 "battle superiority"), else `plain`.

    `plain` is 000's word: a name `label` shares with 000 (`ORCUS`) reads as `plain`, so a
    line under 000 is the same with the ruleset's labels or without (`plain_label`).

    An attack's line, card and summary speak one ruleset's words, as its parts do.
    """
    named = label(key)
    return plain if named in (plain_label(key), ORCUS.label(key)) else named


def opportunity_attack(label: Label) -> str:
    """000's "opportunity attack" as the ruleset names it (004 "attack of opportunity")."""
    return term(label, "opportunity_attack", "opportunity attack")


def an_opportunity_attack(label: Label) -> str:
    """`opportunity_attack` with its article ("an attack of opportunity", "a Counter ...")."""
    named = opportunity_attack(label)
    return f"{'an' if named[:1].lower() in 'aeiou' else 'a'} {named}"


def opportunity_attacks(label: Label) -> str:
    """The plural of `opportunity_attack` (004 "attacks of opportunity")."""
    return term(label, "opportunity_attacks", "opportunity attacks")


def defense_name(label: Label, defense: str) -> str:
    """A defense as the ruleset names it (004-37 "Defense", 001-38 "Block"), else 000's ("AC").

    A name 000 does not have reads "defense".
    """
    try:
        plain = Defense(defense).label
    except ValueError:
        return "defense"
    return term(label, defense, plain)


def plural(n: int, word: str) -> str:
    """``1 square``, ``3 squares``: a count in a result's text or a status line."""
    return f"{n} {word}{'' if n == 1 else 's'}"

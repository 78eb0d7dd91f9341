"""001's initiative: a check each creature chooses, its modifiers and the five-step tie ladder.

001-01, 001 l.15 "Third: Roll The Initiative Order": "they make either a Quickness,
Perception, or Awareness check, it is their choice"; 001-02, l.31-39 "Initiative Modifiers";
001-03, l.17-29 "Ties". Picks in docs/rulings.md "001 picks: cover, Shoot!, initiative and
movement": on 000's stat blocks Quickness is 000's initiative check (Dexterity, R-18),
Perception a Wisdom (Perception) check, Awareness an Intelligence check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.attack_modifiers import Combatant
from orcus_desktop.rules.checks import check_modifiers
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import DiceSource
from orcus_desktop.rules.initiative_choice import InitiativeCheck, InitiativeChoice, TieChoice
from orcus_desktop.rules.modifiers import Modifier, ResolvedValue, resolve
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.vocabulary import CreatureId


def check_modifier(
    creature: Combatant, check: InitiativeCheck, ruleset: Ruleset
) -> list[Modifier]:
    """The chosen check's modifiers on a 000 stat block (picks in the module docstring)."""
    if check is InitiativeCheck.QUICKNESS:
        return list(creature.statblock.initiative_modifier(ruleset).modifiers)
    if check is InitiativeCheck.PERCEPTION:
        return check_modifiers(creature, Ability.WISDOM, ruleset, skill="perception")
    return check_modifiers(creature, Ability.INTELLIGENCE, ruleset)


def situation_modifiers(
    creature: Combatant, choice: InitiativeChoice, ruleset: Ruleset
) -> list[Modifier]:
    """001-02, 001 l.31-39 "Initiative Modifiers".

    Unconscious -2; Unaware/Distracted/Overconfident -1; not Seen by an opponent +1; Hidden or
    Imperceivable +2 (pick: the best of the last two).
    """
    mods: list[Modifier] = []
    if creature.state.has(Condition.UNCONSCIOUS, ruleset):
        mods.append(Modifier(-2, "unconscious (001)"))
    if choice.unaware:
        mods.append(Modifier(-1, "unaware (001)"))
    if choice.hidden:
        mods.append(Modifier(2, "hidden from opponents (001)"))
    elif choice.unseen:
        mods.append(Modifier(1, "unseen by opponents (001)"))
    return mods


def initiative_modifier(
    creature: Combatant, choice: InitiativeChoice, ruleset: Ruleset
) -> ResolvedValue:
    """001-01/02: the chosen check's modifier with the situational ones."""
    mods = check_modifier(creature, choice.check, ruleset)
    mods += situation_modifiers(creature, choice, ruleset)
    return resolve(0, f"initiative ({choice.check.value})", mods)


@dataclass(frozen=True, slots=True)
class TieEntrant:
    """One tied unit (a creature, or a group rolling together) as the ladder sees it.

    Attributes:
        unit: the creature (or the first of its group).
        check: the check it rolled.
        tie_choice: its standing choice (step 1).
        modifiers: its modifier for each check (steps 3 and 4 roll the others).
    """

    unit: CreatureId
    check: InitiativeCheck
    tie_choice: TieChoice
    modifiers: tuple[tuple[InitiativeCheck, int], ...]

    def other_checks(self) -> tuple[InitiativeCheck, ...]:
        """Step 3's second ability, then step 4's last, in 001's precedence (pick)."""
        return tuple(c for c in InitiativeCheck if c is not self.check)

    def modifier(self, check: InitiativeCheck) -> int:
        return dict(self.modifiers).get(check, 0)


_CHOICE_RANK: Final = {TieChoice.BEFORE: 2, TieChoice.NONE: 1, TieChoice.AFTER: 0}

Step = Callable[[TieEntrant], tuple[int, ...]]


def ladder(
    entrants: Sequence[TieEntrant], dice: DiceSource
) -> tuple[tuple[CreatureId, ...], list[dict[str, Any]]]:
    """001-03's five steps: the tied units first to last, and what each step decided (log).

    Steps 1-2 need no dice; 3-4 roll the second and the last check (pick: higher result first,
    then the precedence); 5 rolls d6s, "Repeat as necessary". Dice are rolled only among units
    still tied when the step comes.
    """
    log: list[dict[str, Any]] = []

    def rolled(step: int, entrant: TieEntrant, check: InitiativeCheck) -> tuple[int, ...]:
        result = roll(f"1d20+{entrant.modifier(check)}", dice).total
        log.append({"step": step, "unit": entrant.unit, "check": check.value, "total": result})
        return (result, check.precedence)

    def d6(entrant: TieEntrant) -> tuple[int, ...]:
        result = roll("1d6", dice).total
        log.append({"step": 5, "unit": entrant.unit, "d6": result})
        return (result,)

    steps: list[Step] = [
        lambda e: (_CHOICE_RANK[e.tie_choice],),
        lambda e: (e.check.precedence,),
        lambda e: rolled(3, e, e.other_checks()[0]),
        lambda e: rolled(4, e, e.other_checks()[1]),
    ]

    def split(group: list[TieEntrant], i: int) -> list[TieEntrant]:
        if len(group) <= 1:
            return group
        step = steps[i] if i < len(steps) else d6
        keys = {e.unit: step(e) for e in group}
        out: list[TieEntrant] = []
        for key in sorted(set(keys.values()), reverse=True):
            same = [e for e in group if keys[e.unit] == key]
            # step 5 repeats among those still tied ("Repeat as necessary")
            out.extend(split(same, min(i + 1, len(steps))))
        return out

    ordered = split(list(entrants), 0)
    return tuple(e.unit for e in ordered), log

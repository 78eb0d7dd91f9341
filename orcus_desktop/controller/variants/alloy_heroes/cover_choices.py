"""004 l.760: the covering creature chooses whether to take the hit (004-27, R-154).

004 "Striking the Cover Instead of a Missed Target": "Attack Misses Covering Character: If the
attack would miss the covering character's defense then the original target is struck as he
or she dodges out of the way. Note: The covering character can choose to take the hit."
`cover_struck.strike_the_cover` keeps such a hit waiting in ``combat.cover_choices``; the GM
answers for the covering creature (`answer`): it takes the hit, or lets it pass and the
original target is struck. Each answer is one undo step; End turn names what waits (R-117).
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.attacks.attack_resolution import struck_instead
from orcus_desktop.controller.availability.powers import find_power
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.outcomes import Outcome, refuse, run_step
from orcus_desktop.controller.turns.waiting_decisions import COVER, Decision
from orcus_desktop.controller.variants.alloy_heroes.cover_struck import MECHANIC
from orcus_desktop.model.combat import CoverChoice
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import CreatureId


def waiting_choice(encounter: Encounter, coverer_id: str) -> CoverChoice | None:
    """The hit `coverer_id` may take now (004 l.760), or None."""
    return next((c for c in encounter.combat.cover_choices if c.coverer == coverer_id), None)


def choice_text(encounter: Encounter, choice: CoverChoice) -> str:
    """The choice in the GM's words, for the prompt, the dock and End turn."""
    name = encounter.name_of
    return (
        f"{name(choice.coverer)} may take the hit of {name(choice.attacker)}'s "
        f"{choice.power} instead of {name(choice.target)} (004 l.760)"
    )


def answer(engine: Engine, encounter: Encounter, coverer_id: str, *, take: bool) -> Outcome:
    """The covering creature takes the waiting hit (`take`), or the original target is struck.

    The hit lands as 004-27 lands it (`attack_resolution.struck_instead`: the missed roll's
    natural d20, the damage rolled); if it can no longer reach whom it strikes (dead, gone),
    the log says so.
    """
    op = "cover_choice"
    choice = waiting_choice(encounter, coverer_id)
    if choice is None:
        return refuse(op, f"no hit waits for {engine.name(encounter, coverer_id)} to take")
    coverer, target = engine.name(encounter, choice.coverer), engine.name(encounter, choice.target)
    struck, struck_name = (choice.coverer, coverer) if take else (choice.target, target)
    text = (
        f"{coverer} takes the hit instead of {target}"
        if take
        else f"{coverer} dodges: {target} is struck"
    )

    def change(e: Encounter) -> Encounter:
        left = tuple(c for c in e.combat.cover_choices if c is not choice)
        e = e.with_combat(replace(e.combat, cover_choices=left))
        e = engine.rule_note(e, choice.attacker, MECHANIC, text)
        power = find_power(engine.rules, e, choice.attacker, choice.power)
        try:
            if power is None:
                raise ActionError(
                    f"{engine.name(e, choice.attacker)} no longer has {choice.power}"
                )
            return struck_instead(engine, e, choice.attacker, power, struck, choice.natural)
        except (ActionError, KeyError) as exc:
            note = f"{struck_name} cannot be struck: {exc}"
            return engine.rule_note(e, choice.attacker, MECHANIC, note)

    return run_step(op, text, encounter, change, coverer_id)


def asked(engine: Engine, encounter: Encounter) -> tuple[Decision, ...]:
    """The hits that wait for their covering creature's choice (004 l.760), for the GM."""
    return tuple(
        Decision(COVER, c.coverer, choice_text(encounter, c), c.target)
        for c in encounter.combat.cover_choices
    )


def let_pass(engine: Engine, encounter: Encounter, coverer_id: CreatureId) -> Outcome:
    """The GM lets the choice pass: the covering creature dodges, the target is struck."""
    return answer(engine, encounter, coverer_id, take=False)

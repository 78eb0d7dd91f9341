"""The other combat actions in the log, and the GM's dice, zones and rule notes.

Help and aid, rally, maintain, grapple and escape, total defense, standing up and dropping
prone.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.controller.log import records as rec
from orcus_desktop.controller.log.records import resolved_value
from orcus_desktop.controller.log.writers.base import Worded, Writers
from orcus_desktop.rules.format import format_resolved, format_roll, healing_text

WRITERS: Final = Writers()


@WRITERS.of(rec.HelpAttack, rec.HelpDefense)
def _help(e: Worded, r: rec.HelpAttack | rec.HelpDefense) -> str:
    ally, enemy = (e.name(t) for t in e.entry.targets[:2])
    verb = "attack" if isinstance(r, rec.HelpAttack) else "defend against"
    return f"{e.actor} helps {ally} {verb} {enemy} (+{r.bonus})"


@WRITERS.of(rec.AidAnother)
def _aid_another(e: Worded, r: rec.AidAnother) -> str:
    return f"{e.actor} aids {e.targets}" + (f": {r.note}" if r.note else "")


@WRITERS.of(rec.RuleNote)
def _rule_note(e: Worded, r: rec.RuleNote) -> str:
    return f"{r.mechanic}: {r.note}" if r.mechanic else r.note


@WRITERS.of(rec.ZoneChange)
def _zone(e: Worded, r: rec.ZoneChange) -> str:
    text = f"Zone {r.zone} {r.event}" + (
        f" by {e.actor}" if e.actor and r.event == "placed" else ""
    )
    return text + (f": {r.why}" if r.why else "")


@WRITERS.of(rec.DiceRolled)
def _dice_rolled(e: Worded, r: rec.DiceRolled) -> str:
    return f"GM rolls {r.label or r.expression}: {format_roll(r.to_dice_roll())}"


@WRITERS.of(rec.Rally)
def _rally(e: Worded, r: rec.Rally) -> str:
    return f"{e.actor} rallies: " + healing_text(e.actor, r.healing)


@WRITERS.of(rec.Maintain)
def _maintain(e: Worded, r: rec.Maintain) -> str:
    return f"{e.actor} maintains {r.power or 'a power'}"


@WRITERS.of(rec.MaintainLapsed)
def _maintain_lapsed(e: Worded, r: rec.MaintainLapsed) -> str:
    return f"{e.actor} did not maintain {r.power or 'a power'}: it ends"


@WRITERS.of(rec.Grapple)
def _grapple(e: Worded, r: rec.Grapple) -> str:
    how = " (automatically: the target is helpless)" if r.automatic else ""
    return f"{e.actor} grapples {e.targets}{how}"


@WRITERS.of(rec.EscapeGrapple)
def _escape(e: Worded, r: rec.EscapeGrapple) -> str:
    verdict = "escapes" if r.success else "fails to escape"
    check = resolved_value(r.parts, r.total)
    shown = format_resolved(check) if check is not None else str(r.total)
    return f"{e.actor} {verdict} from {e.targets}: {r.skill} {shown} vs {r.target_number}"


@WRITERS.of(rec.TotalDefense)
def _total_defense(e: Worded, r: rec.TotalDefense) -> str:
    # The ruleset's figure, kept in the record (003-09: +4); 000's +2 in older logs.
    bonus = 2 if r.bonus is None else r.bonus
    return f"{e.actor} takes total defense: +{bonus} to all defenses"


WRITERS.fixed(rec.ActionPoint, "{actor} spends an action point ({r.left} left)")
WRITERS.fixed(rec.StandUp, "{actor} stands up")
WRITERS.fixed(rec.DropProne, "{actor} drops prone")
WRITERS.fixed(rec.ReleaseGrapple, "{actor} lets go of {targets}")

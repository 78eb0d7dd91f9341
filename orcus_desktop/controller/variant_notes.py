"""Variant rules the GM applies, surfaced as `rule_note` log entries when they come up.

Each note names its mechanic id (docs/rulesets.md) and is written only under a ruleset that has
the rule, so Orcus (000) play logs nothing new. The use cases call these at the moment the rule
applies: when a creature helps an ally (`aid_problem`, `aid_roll_note`), read from the
ruleset's aid values. 004's notes after an attack and its skill use as an action are the
alloy_heroes variant's (`controller/variants/alloy_heroes/`).
"""

from __future__ import annotations

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.ruleset_powers import AUTOFIRE_KEYWORD
from orcus_desktop.model.combat import Combat
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.ruleset.hooks import Provocation


def autofire_provokes(ruleset: Ruleset, power: Power) -> bool:
    """004-09 (004 l.259): "Special Autofire" provokes, like a ranged attack."""
    return (
        Provocation.AUTOFIRE in ruleset.hooks.reaction_rules.provocations
        and AUTOFIRE_KEYWORD in power.keywords
    )


def aid_problem(ruleset: Ruleset, combat: Combat, helper_id: str, ally_id: str) -> str:
    """Why the helper cannot aid the ally: 004-10's "more than four (4) allies", or ""."""
    limit = ruleset.aid.max_helpers
    if limit is None:
        return ""
    helpers = {str(a.helper) for a in combat.aids if a.ally == ally_id}
    if helper_id not in helpers and len(helpers) >= limit:
        # 004-10 (004 l.362): "A single character may not receive aid another benefits from
        # more than four (4) allies".
        return f"no more than {limit} allies may aid one creature (004-10)"
    return ""


def aid_roll_note(engine: Engine, encounter: Encounter, helper_id: str, what: str) -> Encounter:
    """004-10 (004 l.356-359): aid needs a basic attack (or a check) against 10.

    ``what`` names the roll with ``{target}`` where its number goes ("a DC {target} check").
    """
    aid = engine.ruleset.aid
    if not aid.needs_roll:
        return encounter
    roll = what.replace("{target}", str(aid.defense))  # not format(): names may hold braces
    return engine.rule_note(
        encounter,
        helper_id,
        "004-10",
        f"{engine.name(encounter, helper_id)} {roll}; "
        f"if it fails, there is no +{aid.bonus} (undo the aid)",
    )

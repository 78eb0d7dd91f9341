"""Writing an encounter as the current version's JSON form (the inverse of the readers)."""

from __future__ import annotations

from typing import Any

from orcus_desktop.model.combat import Combat, Combatant
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.file_format.cover_choices import cover_choices_to
from orcus_desktop.model.file_format.fields import CURRENT_VERSION, FORMAT
from orcus_desktop.model.file_format.forcing import forcing_to
from orcus_desktop.model.file_format.initiative_choices import initiative_choices_to
from orcus_desktop.model.file_format.monster_groups import monster_groups_to
from orcus_desktop.model.file_format.notes import notes_to
from orcus_desktop.model.file_format.read_lighting import lighting_to
from orcus_desktop.model.file_format.ready_items import ready_items_to
from orcus_desktop.model.file_format.round_end import round_end_to
from orcus_desktop.model.file_format.zones import zones_to
from orcus_desktop.model.frozen import thaw as _thaw
from orcus_desktop.model.lighting import NO_LIGHTING
from orcus_desktop.rules.ruleset import RULESETS


def encounter_to_dict(encounter: Encounter) -> dict[str, Any]:
    """The current-version JSON form of an encounter (the inverse of `encounter_from_dict`)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": CURRENT_VERSION,
        "name": encounter.name,
        "grid": {"columns": encounter.grid.columns, "rows": encounter.grid.rows},
        "walls": [_wall_to(entry) for entry in encounter.walls],
        "terrain": [
            {"kind": patch.kind.value, "squares": [list(s) for s in sorted(patch.squares)]}
            for patch in encounter.terrain
        ],
        "creatures": [_creature_to(c) for c in encounter.creatures],
        # The ruleset by id and version only: a file never carries rules or code.
        "ruleset": {"id": encounter.ruleset_id, "version": _ruleset_version(encounter)},
    }
    if encounter.map_image is not None:
        image = encounter.map_image
        out["map_image"] = {
            "path": image.path,
            "pixels_per_square": image.pixels_per_square,
            "offset_px": list(image.offset_px),
        }
    if encounter.lighting != NO_LIGHTING:
        # Optional: files without it (all before issue 20) open bright everywhere.
        out["lighting"] = lighting_to(encounter.lighting)
    zones = zones_to(encounter.zones, encounter.grid)
    if zones:
        out["zones"] = zones
    if encounter.notes:  # the GM's notes; a file without notes is written as before
        out["gm_notes"] = notes_to(encounter.notes)
    if encounter.combat != Combat():
        # Optional in version 1: files without it load as "no combat running".
        out["combat"] = _combat_to(encounter.combat)
    return out


def _ruleset_version(encounter: Encounter) -> int:
    ruleset = RULESETS.get(encounter.ruleset_id)
    return ruleset.version if ruleset is not None else 1


def _combat_to(combat: Combat) -> dict[str, Any]:
    return {
        "phase": combat.phase.value,
        "round": combat.round,
        "order": list(combat.order),
        "current": combat.current,
        "combatants": [_combatant_to(c) for c in combat.combatants],
        "log": [
            {
                "seq": e.seq,
                "round": e.round,
                "kind": e.kind,
                "actor": e.actor,
                "targets": list(e.targets),
                "data": _thaw(e.data),
            }
            for e in combat.log
        ],
        "aids": [
            {
                "kind": a.kind.value,
                "helper": a.helper,
                "ally": a.ally,
                "enemy": a.enemy,
                "round_given": a.round_given,
            }
            for a in combat.aids
        ],
        "maintained": [
            {"owner": m.owner, "power": m.power, "kind": m.kind.value, "maintained": m.maintained}
            for m in combat.maintained
        ],
        "pending": None
        if combat.pending is None
        else {
            "attacker": combat.pending.attacker,
            "kind": combat.pending.kind,
            "power": combat.pending.power,
            "targets": list(combat.pending.targets),
            "options": _thaw(combat.pending.options),
            "text": combat.pending.text,
        },
        "owed_forced_moves": [
            {"target": m.target, "kind": m.kind.value, "squares": m.squares, "source": m.source}
            for m in combat.owed_forced_moves
        ],
        **(
            {}
            if combat.escalation_set is None
            else {
                "escalation_set": {
                    "value": combat.escalation_set.value,
                    "round": combat.escalation_set.round,
                }
            }
        ),
        **_engagements_to(combat),
        **initiative_choices_to(combat),
        **monster_groups_to(combat),
        **round_end_to(combat),
        **ready_items_to(combat),
        **forcing_to(combat),
        **cover_choices_to(combat.cover_choices),
    }


def _engagements_to(combat: Combat) -> dict[str, Any]:
    """001's pairs, offers, guards and turn sight (001-20..28), written when there are some."""
    out: dict[str, Any] = {}
    if combat.engagements:
        out["engagements"] = [
            {"engager": e.engager, "target": e.target} for e in combat.engagements
        ]
    if combat.guards:
        out["guards"] = [
            {"creature": g.creature, "guard": g.guard.value, "since": g.since}
            for g in combat.guards
        ]
    if combat.strike_offers:
        out["strike_offers"] = [
            {"reactor": o.reactor, "target": o.target, "kind": o.kind.value}
            for o in combat.strike_offers
        ]
    if combat.turn_sight is not None:  # 001-20
        sight = combat.turn_sight
        out["turn_sight"] = {"viewer": sight.viewer, "seen": sorted(sight.seen)}
    return out


def _combatant_to(c: Combatant) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": c.creature_id,
        "initiative": c.initiative,
        "initiative_roll": c.initiative_roll,
        "initiative_modifier": c.initiative_modifier,
        "tie_break": c.tie_break,
        "group": c.group,
        "surprised": c.surprised,
        "acted_round": c.acted_round,
        "delaying": c.delaying,
        "budget": [c.budget.standard, c.budget.move, c.budget.swift],
        "turn_budget": [c.turn_budget.standard, c.turn_budget.move, c.turn_budget.swift],
        "immediate_used": c.immediate_used,
        "action_point_spent": c.action_point_spent,
        "spent_action_point_turn": c.spent_action_point_turn,
        "moved_squares": c.moved_squares,
        **({"walk_left": c.walk_left} if c.walk_left else {}),
        "out_of_turn": None if c.out_of_turn is None else c.out_of_turn.value,
        "turn_started_round": c.turn_started_round,
        **({"initiative_check": c.initiative_check} if c.initiative_check else {}),
        "readied": None,
    }
    if c.readied is not None:
        out["readied"] = {
            "kind": c.readied.kind.value,
            "trigger": c.readied.trigger,
            "description": c.readied.description,
            "round_readied": c.readied.round_readied,
        }
    if c.opportunity_turn:
        out["opportunity_turn"] = c.opportunity_turn
    if c.tie_order:
        out["tie_order"] = c.tie_order
    return out


def _creature_to(creature: Creature) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": creature.id,
        "name": creature.name,
        "side": creature.side,
        "size": creature.size.value,
        "square": list(creature.square),
        "speed": creature.speed,
    }
    if creature.hidden:
        out["hidden"] = True
    if creature.statblock:
        out["statblock"] = _thaw(creature.statblock)
    if creature.state is not None:
        out["state"] = creature.state.to_dict()
    return out


def _wall_to(entry: WallEntry) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": entry.id,
        "kind": entry.wall.kind.value,
        "open": entry.wall.is_open,
        "points": [list(p) for p in entry.wall.points],
    }
    if entry.wall.secret:  # only when set: a plain door's entry reads as before (issue 31)
        out["secret"] = True
    return out

"""The one geometry view of an encounter, with the rules facts geometry needs.

`battlefield_for` turns a snapshot into a `geometry.Battlefield`: the dead leave the field (they
no longer block or threaten), a creature that cannot take opportunity actions now (dazed,
stunned, unconscious...; or its immediate action already spent this round) neither threatens
nor flanks (docs/rulings.md R-02, R-07), and a squeezing creature stands in its smaller space
(000 "Squeeze", R-131, R-250). The map, the session's previews and the headless
`query` command all build it here, so they give the same answers.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.combat_rules import CombatRules, opportunity_spent
from orcus_desktop.geometry.battlefield import Battlefield, Occupant, UnknownOccupantError
from orcus_desktop.geometry.grid import Size, Space
from orcus_desktop.geometry.light import UNLIMITED, LightArea, LightingScene, Senses
from orcus_desktop.geometry.lighting import light_levels
from orcus_desktop.geometry.seeing import sees
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.model.lighting import CENTRE
from orcus_desktop.model.progress import Progress, tell
from orcus_desktop.rules.conditions import INCAPACITATING_CONDITIONS, Condition, rules_for
from orcus_desktop.rules.statblock import Sense


def battlefield_for(encounter: Encounter, rules: CombatRules) -> Battlefield:
    """A `Battlefield` for the snapshot (build once per snapshot; it caches its indexes)."""
    combat = encounter.combat
    occupants: list[Occupant] = []
    fallen: list[Space] = []
    for creature in encounter.creatures:
        if rules.is_dead(encounter, creature.id):
            fallen.append(occupied_space(creature))  # no move ends there
            continue
        conditions = rules.conditions(encounter, creature.id)
        rows = [rules_for(c, rules.ruleset) for c in conditions]
        if any(row.off_map for row in rows):
            # 003-48 Swallowed, Exiled: "Does not occupy a space"; its square is kept for
            # its return, as the dead's are: no move ends there.
            fallen.append(occupied_space(creature))
            continue
        can_react = not any(row.no_immediate_actions for row in rows)
        combatant = combat.find(creature.id) if combat.active else None
        if combatant is not None and opportunity_spent(rules.ruleset, combat, combatant):
            can_react = False
        occupants.append(
            Occupant(
                id=creature.id,
                # 000 "Squeeze": "in the smaller space": it threatens, reaches,
                # flanks, blocks and provokes from there
                space=occupied_space(creature),
                side=creature.side,
                invisible=any(row.invisible for row in rows),  # docs/rulings.md R-115
                can_take_opportunity_actions=can_react,
                speed=creature.speed,
                helpless=Condition.HELPLESS in conditions,
                incapacitated=bool(INCAPACITATING_CONDITIONS & conditions),
                prone=Condition.PRONE in conditions,
                senses=senses_of(
                    rules,
                    creature,
                    blind=any(row.cannot_see for row in rows),
                ),
            )
        )
    return Battlefield(
        bounds=encounter.grid,
        walls=tuple(entry.wall for entry in encounter.walls),
        terrain=encounter.terrain,
        occupants=tuple(occupants),
        occupancy=rules.ruleset.hooks.movement_policy.occupancy,
        lighting=lighting_scene(encounter),
        fallen=tuple(fallen),
    )


def field_occupant(field: Battlefield, creature: Creature) -> Occupant:
    """The creature as the battlefield holds it, with its senses and blindness.

    The dead (and a creature off the map, 003-48) are not on it: built bare, seeing nothing
    (`vision.can_see`).
    """
    try:
        return field.occupant(creature.id)
    except UnknownOccupantError:
        return Occupant(creature.id, creature.space, creature.side, senses=_NO_EYES)


_NO_EYES = Senses(blind=True)


def creature_sees(field: Battlefield, viewer: Creature, seen: Creature) -> bool:
    """Whether `viewer` can see `seen` where they stand (`geometry.seeing.sees`, R-113)."""
    return sees(field, field_occupant(field, viewer), field_occupant(field, seen))


def senses_of(rules: CombatRules, creature: Creature, *, blind: bool = False) -> Senses:
    """The creature's special senses from its stat block (000 "Vision and Light").

    A sense without a range reaches without limit (`statblock.SenseRange`).
    """
    statblock = rules.statblock(creature)
    radii = dict.fromkeys(Sense, 0)
    for entry in statblock.senses if statblock is not None else ():
        radius = UNLIMITED if entry.range_squares is None else entry.range_squares
        radii[entry.sense] = max(radii[entry.sense], radius)
    return Senses(
        darkvision=radii[Sense.DARKVISION],
        blindsight=radii[Sense.BLINDSIGHT],
        tremorsense=radii[Sense.TREMORSENSE],
        truesight=radii[Sense.TRUESIGHT],
        blind=blind,
    )


def lighting_scene(encounter: Encounter, *, players: bool = False) -> LightingScene | None:
    """The geometry view of the encounter's light: lit sources where they shine now.

    A carried light shines from its bearer's space; one whose bearer has left the map shines
    from where it was placed. None when the map is bright everywhere (nothing to work out).
    `players`: the players' view, without the lights of creatures the GM hides (their light
    would give them away).
    """
    lighting = encounter.lighting
    if not lighting.shapes_sight:
        return None
    areas: list[LightArea] = []
    for source in lighting.sources:
        if not source.lit:
            continue
        bearer = encounter.find_creature(source.carried_by) if source.carried_by else None
        if players and bearer is not None and bearer.hidden:
            continue
        space = bearer.space if bearer is not None else Space(source.square, Size.MEDIUM)
        # a fixed light off its square's centre sees from where it stands (issue 33, R-141)
        origin = source.position if bearer is None and source.within != CENTRE else None
        areas.append(LightArea(space, source.bright, max(source.dim, source.bright), origin))
    return LightingScene(lighting.ambient, tuple(areas), lighting.magical_darkness)


def work_out_light(encounter: Encounter, progress: Progress | None = None) -> None:
    """Work out the encounter's light before it is shown (R-253), e.g. in the reading thread.

    Each light's squares and their combination are kept per map state (`geometry.lighting`),
    so the window built next finds them done instead of working them out while it is frozen
    (2,000 lights among 20,000 walls: about 2 s). Only a light-only battlefield is built: the
    light does not depend on who stands where, only on where carried lights are.

    Raises:
        ReadCancelledError: `progress` asked to stop.
    """
    scene = lighting_scene(encounter)
    if scene is None or not scene.lights:
        return
    field = Battlefield(
        bounds=encounter.grid,
        walls=tuple(entry.wall for entry in encounter.walls),
        terrain=encounter.terrain,
        lighting=scene,
    )
    # One call, not one a light: a map state keeps 1,024 lights' patches, and the combine
    # looks each up again (2,000 lights worked out one by one were all worked out twice).
    tell(progress, "Working out the light", 0.0)
    light_levels(field)
    tell(progress, "Working out the light", 1.0)


def players_battlefield(field: Battlefield, encounter: Encounter) -> Battlefield:
    """`field` as the players' view lights it (`lighting_scene(players=True)`)."""
    if not any(
        (bearer := encounter.find_creature(s.carried_by)) is not None and bearer.hidden
        for s in encounter.lighting.sources
        if s.carried_by is not None
    ):
        return field
    return replace(field, lighting=lighting_scene(encounter, players=True))

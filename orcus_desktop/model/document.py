"""The open encounter as a document: the current frozen snapshot plus change events.

Commands replace the snapshot through `Document.replace`; the document works out what changed
and emits fine-grained events *after* the change (napari's evented model), so the map scene and
the panels update only what they show. `reset` says the whole encounter was swapped (a file was
opened) and views should rebuild.
"""

from __future__ import annotations

from psygnal import Signal, SignalGroup

from orcus_desktop.model.encounter import Creature, Encounter


class DocumentEvents(SignalGroup):
    """Signals emitted after the document changed.

    Signals:
        creature_added: a creature was put on the map (the new snapshot).
        creature_removed: a creature left the map (its id).
        creature_changed: a creature's snapshot was replaced (the new snapshot).
        walls_changed: walls, windows or doors were added, removed or changed.
        terrain_changed: terrain was painted or erased.
        lighting_changed: a light source, the ambient light or the magical darkness changed.
        map_changed: the grid size, the background image, the encounter's name or its
            ruleset changed.
        combat_changed: initiative, round, turn, combat state or the combat log changed.
        zones_changed: a zone was placed, changed or removed.
        notes_changed: a GM note was added, edited or removed.
        reset: the whole encounter was replaced; rebuild every view from `document.encounter`.
    """

    creature_added = Signal(Creature)
    creature_removed = Signal(str)
    creature_changed = Signal(Creature)
    walls_changed = Signal()
    terrain_changed = Signal()
    lighting_changed = Signal()
    map_changed = Signal()
    combat_changed = Signal()
    zones_changed = Signal()
    notes_changed = Signal()
    reset = Signal()


class Document:
    """The encounter being edited and played.

    Attributes:
        events: the `DocumentEvents` emitted after each change.
    """

    def __init__(self, encounter: Encounter) -> None:
        self._encounter = encounter
        self.events = DocumentEvents()

    @property
    def encounter(self) -> Encounter:
        """The current snapshot (immutable; replaced, never mutated)."""
        return self._encounter

    def replace(self, encounter: Encounter) -> None:
        """Make `encounter` current and emit one event per kind of difference.

        Only commands call this (through `History`), so every change is undoable.
        """
        old = self._encounter
        if encounter is old:
            return
        self._encounter = encounter
        self._emit_differences(old, encounter)

    def reset(self, encounter: Encounter) -> None:
        """Replace the whole encounter (a file was opened) and emit `reset` only."""
        self._encounter = encounter
        self.events.reset.emit()

    def _emit_differences(self, old: Encounter, new: Encounter) -> None:
        events = self.events
        old_creatures = {c.id: c for c in old.creatures}
        new_creatures = {c.id: c for c in new.creatures}
        for creature_id in old_creatures.keys() - new_creatures.keys():
            events.creature_removed.emit(creature_id)
        for creature in new.creatures:
            before = old_creatures.get(creature.id)
            if before is None:
                events.creature_added.emit(creature)
            elif before is not creature and _creature_differs(before, creature):
                events.creature_changed.emit(creature)
        if old.walls != new.walls:
            events.walls_changed.emit()
        if old.terrain != new.terrain:
            events.terrain_changed.emit()
        if old.lighting != new.lighting:
            events.lighting_changed.emit()
        if (old.grid, old.map_image, old.name, old.ruleset_id) != (
            new.grid,
            new.map_image,
            new.name,
            new.ruleset_id,
        ):
            events.map_changed.emit()
        if old.combat is not new.combat and old.combat != new.combat:
            events.combat_changed.emit()
        if old.zones != new.zones:
            events.zones_changed.emit()
        if old.notes != new.notes:
            events.notes_changed.emit()


def _creature_differs(a: Creature, b: Creature) -> bool:
    # The stat block is excluded from Creature equality (compare=False); check it too.
    return a != b or a.statblock != b.statblock

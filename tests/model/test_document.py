"""Document events: emitted after the change, fine-grained, one per kind of difference."""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import Combat, CombatPhase
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.ids import WallId
from orcus_desktop.vocabulary import CreatureId


def _record(doc: Document) -> list[tuple[str, object]]:
    seen: list[tuple[str, object]] = []
    ev = doc.events
    ev.creature_added.connect(lambda c: seen.append(("added", c.id)))
    ev.creature_removed.connect(lambda i: seen.append(("removed", i)))
    ev.creature_changed.connect(lambda c: seen.append(("changed", c.id)))
    ev.walls_changed.connect(lambda: seen.append(("walls", None)))
    ev.terrain_changed.connect(lambda: seen.append(("terrain", None)))
    ev.map_changed.connect(lambda: seen.append(("map", None)))
    ev.combat_changed.connect(lambda: seen.append(("combat", None)))
    ev.reset.connect(lambda: seen.append(("reset", None)))
    return seen


def test_replace_emits_fine_grained_events_after_the_change() -> None:
    a = Creature(CreatureId("a"), "A", "heroes")
    b = Creature(CreatureId("b"), "B", "monsters", square=Square(2, 2))
    doc = Document(Encounter(GridBounds(10, 10), creatures=(a, b)))
    seen = _record(doc)
    observed: list[Square] = []
    doc.events.creature_changed.connect(
        lambda c: observed.append(doc.encounter.creature(c.id).square)
    )
    c = Creature(CreatureId("c"), "C", "heroes", square=Square(5, 5))
    new = doc.encounter.with_creature(a.moved_to(Square(1, 0))).without_creature("b")
    new = new.with_creature(c)
    new = replace(
        new,
        walls=(WallEntry(WallId("w"), Wall(WallKind.WALL, ((0, 0), (1, 0)))),),
        terrain=(TerrainPatch(TerrainKind.DIFFICULT, frozenset({Square(3, 3)})),),
        name="Renamed",
        combat=Combat(phase=CombatPhase.ROUNDS, round=1),
    )
    doc.replace(new)
    assert sorted(seen, key=str) == sorted(
        [
            ("removed", "b"),
            ("added", "c"),
            ("changed", "a"),
            ("walls", None),
            ("terrain", None),
            ("map", None),
            ("combat", None),
        ],
        key=str,
    )
    assert observed == [Square(1, 0)]  # the document already holds the new snapshot


def test_unchanged_creatures_and_reset() -> None:
    a = Creature(CreatureId("a"), "A", "heroes")
    doc = Document(Encounter(GridBounds(10, 10), creatures=(a,)))
    seen = _record(doc)
    doc.replace(doc.encounter.with_creature(replace(a)))  # equal copy: nothing to tell
    assert seen == []
    doc.reset(Encounter(GridBounds(3, 3)))
    assert seen == [("reset", None)]


def test_a_view_fed_only_by_events_stays_in_step() -> None:
    # docs/design.md#scene: scenes and panels are adapters fed by the document's events; a mirror
    # built from creature_added/removed/changed must always equal the document.
    from hypothesis import given, settings
    from hypothesis import strategies as st

    squares = st.builds(Square, st.integers(0, 4), st.integers(0, 4))
    creature_sets = st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), squares, max_size=4)

    @settings(max_examples=60, deadline=None)
    @given(st.lists(creature_sets, min_size=1, max_size=8))
    def run(snapshots: list[dict[CreatureId, Square]]) -> None:
        doc = Document(Encounter(GridBounds(5, 5)))
        mirror: dict[str, Creature] = {}
        doc.events.creature_added.connect(lambda c: mirror.__setitem__(c.id, c))
        doc.events.creature_removed.connect(lambda i: mirror.pop(i))
        doc.events.creature_changed.connect(lambda c: mirror.__setitem__(c.id, c))
        for wanted in snapshots:
            enc = doc.encounter
            for cid in enc.creature_ids():
                if cid not in wanted:
                    enc = enc.without_creature(cid)
            for cid, square in wanted.items():
                existing = enc.find_creature(cid)
                if existing is None:
                    enc = enc.with_creature(Creature(CreatureId(cid), cid, "x", square=square))
                else:
                    enc = enc.with_creature(existing.moved_to(square))
            doc.replace(enc)
            assert mirror == {c.id: c for c in doc.encounter.creatures}

    run()

"""Token labels tell the demo's creatures apart (issue 13, "Tokens"; model/creature_names.py)."""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.creature_names import (
    default_name,
    names_numbered_like_labels,
    token_labels,
)
from orcus_desktop.model.encounter import Creature
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.vocabulary import CreatureId


def demo_creatures() -> list[Creature]:
    return list(load_encounter(demo_encounter_path()).creatures)


def with_copies(creatures: list[Creature], *names: str) -> list[Creature]:
    """The demo plus one goblin-warrior token per name (the stat block does not matter here)."""
    goblin = next(c for c in demo_creatures() if c.id == "goblin-1")
    extra = [replace(goblin, id=CreatureId(f"extra-{i}"), name=n) for i, n in enumerate(names)]
    return [*creatures, *extra]


def test_the_demo_labels_are_all_different_and_number_the_goblin_warriors() -> None:
    labels = token_labels(demo_creatures())
    assert len(set(labels.values())) == len(labels)
    assert labels["goblin-1"] == "GW1"
    assert labels["goblin-2"] == "GW2"
    assert labels["goblin-archer"] == "GA"
    assert labels["ogre"] == "OB"  # no other "OB" in the demo: plain initials


def test_three_goblin_warriors_of_one_name_are_numbered_in_encounter_order() -> None:
    creatures = [c for c in demo_creatures() if not c.id.startswith("goblin-")]
    creatures = with_copies(creatures, "Goblin Warrior", "Goblin Warrior", "goblin  warrior")
    labels = token_labels(creatures)
    assert [labels[CreatureId(f"extra-{i}")] for i in range(3)] == ["GW1", "GW2", "GW3"]


def test_a_number_in_the_name_is_kept_and_the_unnumbered_take_what_is_left() -> None:
    labels = token_labels(with_copies(demo_creatures(), "Goblin Warrior"))
    assert (labels["goblin-1"], labels["goblin-2"], labels["extra-0"]) == ("GW1", "GW2", "GW3")


def test_orc_berserker_and_ogre_bruiser_do_not_both_show_ob() -> None:
    labels = token_labels(with_copies(demo_creatures(), "Orc Berserker"))
    assert labels["ogre"] == "OBr"
    assert labels["extra-0"] == "OBe"


def test_a_lone_creature_with_a_number_in_its_name_shows_it() -> None:
    labels = token_labels(with_copies([], "Goblin Warrior 7"))
    assert labels["extra-0"] == "GW7"


def test_labels_stay_unique_in_a_crowd_of_look_alike_names() -> None:
    names = ["Ogre", "Ogrillon", "Ogre 2", "Og", "OG", "Orc Guard", "Orc Grunt", "Og Re", "Ogre"]
    creatures = with_copies([], *names)
    labels = token_labels(creatures)
    assert len(set(labels.values())) == len(creatures)


def test_a_default_name_takes_the_lowest_free_number_of_its_kind() -> None:
    creatures = demo_creatures()
    assert default_name("Goblin Warrior", creatures) == "Goblin Warrior 3"
    assert default_name("Ogre Bruiser", creatures) == "Ogre Bruiser 2"  # the first counts as 1
    assert default_name("Orc Berserker", creatures) == "Orc Berserker 1"
    gap = [c for c in creatures if c.id != "goblin-1"]
    assert default_name("Goblin Warrior", gap) == "Goblin Warrior 1"


def test_unnumbered_members_of_a_kind_are_named_as_their_labels_number_them() -> None:
    """Issue 28: "Goblin Warrior" labelled GW1 beside "Goblin Warrior 2" is "Goblin Warrior 1"."""
    creatures = with_copies([], "Goblin Warrior", "Goblin Warrior 2", "Goblin Warrior")
    renamed = names_numbered_like_labels(creatures, "Goblin Warrior 2")
    labels = token_labels(creatures)
    assert renamed == {"extra-0": "Goblin Warrior 1", "extra-2": "Goblin Warrior 3"}
    assert (labels["extra-0"], labels["extra-2"]) == ("GW1", "GW3")
    # One of its kind keeps its plain name, and its label has no number either.
    alone = with_copies([], "Goblin Warrior")
    assert names_numbered_like_labels(alone, "Goblin Warrior") == {}
    assert token_labels(alone) == {"extra-0": "GW"}

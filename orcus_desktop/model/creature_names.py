"""Token labels that tell creatures apart, and default names for new creatures (issue 13).

The scheme (docs/design.md#scene shows labels on tokens, the player view included):

- A creature's *kind* is its name without a trailing number: "Goblin Warrior 2" and
  "Goblin Warrior" are both of the kind "Goblin Warrior" (case and spacing ignored).
- A kind's initials are the first letters of its first two words ("GW"), or the first two
  letters of a one-word name ("OG" for "Ogre").
- When two kinds have the same initials, each grows by the letters that follow, taken from the
  last word first ("Orc Berserker" -> "OBe", "Ogre Bruiser" -> "OBr"), one letter at a time
  until the kinds differ.
- Members of a kind with more than one creature, or whose name carries a number, are numbered:
  a creature keeps the number its name ends with ("Goblin Warrior 3" -> "GW3"); the others
  take the lowest numbers left, in encounter order ("GW1", "GW2", "GW3").

`token_labels` is the one place this is worked out; the map and the player view only show it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from orcus_desktop.model.encounter import Creature

_TRAILING_NUMBER = re.compile(r"^(.*?)\s+(\d{1,6})$")


@dataclass(frozen=True, slots=True)
class _Kind:
    initials: str
    tail: str  # the letters added one at a time when initials collide

    def label(self, extra: int) -> str:
        return self.initials + self.tail[:extra]


def split_number(name: str) -> tuple[str, int | None]:
    """A name's kind and its trailing number: "Goblin Warrior 2" -> ("Goblin Warrior", 2)."""
    text = " ".join(name.split())
    match = _TRAILING_NUMBER.match(text)
    if match and match.group(1).strip():
        return match.group(1), int(match.group(2))
    return text, None


def _kind(base: str) -> _Kind:
    words = [w for w in base.replace("-", " ").split() if w[:1].isalnum()]
    if len(words) >= 2:
        # The second word's letters first: they tell "Orc Berserker" from "Ogre Bruiser".
        tail = words[1][1:] + "".join(words[2:]) + words[0][1:]
        return _Kind((words[0][0] + words[1][0]).upper(), tail.lower())
    if words:
        word = words[0]
        return _Kind(word[:2].upper(), word[2:].lower())
    return _Kind((base[:2] or "?").upper(), base[2:].lower())


def token_labels(creatures: Sequence[Creature]) -> dict[str, str]:
    """Every creature's token label, unique among `creatures` (the scheme is the module's doc)."""
    members: dict[str, list[tuple[Creature, int | None]]] = {}
    kinds: dict[str, _Kind] = {}
    for creature in creatures:
        base, number = split_number(creature.name)
        key = base.casefold()
        members.setdefault(key, []).append((creature, number))
        kinds.setdefault(key, _kind(base))
    extra = _extra_letters(kinds)
    labels: dict[str, str] = {}
    for key, group in members.items():
        prefix = kinds[key].label(extra[key])
        for creature, number in _numbered(group):
            labels[creature.id] = prefix if number is None else f"{prefix}{number}"
    return _made_unique(labels, creatures)


def _extra_letters(kinds: dict[str, _Kind]) -> dict[str, int]:
    """How many letters each kind adds to its initials so that no two kinds look the same."""
    extra = dict.fromkeys(kinds, 0)
    while True:
        seen: dict[str, list[str]] = {}
        for key, kind in kinds.items():
            seen.setdefault(kind.label(extra[key]), []).append(key)
        grown = False
        for keys in seen.values():
            if len(keys) < 2:
                continue
            for key in keys:
                if extra[key] < len(kinds[key].tail):
                    extra[key] += 1
                    grown = True
        if not grown:
            return extra


def _numbered(group: list[tuple[Creature, int | None]]) -> Iterable[tuple[Creature, int | None]]:
    """Each member with its number: the one its name carries if free, else the lowest left."""
    if len(group) == 1:
        return group
    used: set[int] = set()
    kept: list[tuple[Creature, int | None]] = []
    for creature, number in group:
        if number is not None and number not in used:
            used.add(number)
            kept.append((creature, number))
        else:
            kept.append((creature, None))
    result: list[tuple[Creature, int | None]] = []
    free = 1
    for creature, number in kept:
        if number is None:
            while free in used:
                free += 1
            number = free
            used.add(number)
        result.append((creature, number))
    return result


def _made_unique(labels: dict[str, str], creatures: Sequence[Creature]) -> dict[str, str]:
    """A last guard for kinds whose letters run out ("Ogre 2" and a kind named "Og2"): primes."""
    seen: set[str] = set()
    for creature in creatures:
        label = labels[creature.id]
        while label in seen:
            label += "'"
        seen.add(label)
        labels[creature.id] = label
    return labels


def default_name(kind: str, creatures: Iterable[Creature]) -> str:
    """The name for one more creature of `kind`: "Goblin Warrior 3" after 1 and 2.

    The lowest number no creature of that kind uses; an unnumbered creature of the kind counts
    as 1, so a second "Ogre" is "Ogre 2".
    """
    base, _ = split_number(kind)
    key = base.casefold()
    used: set[int] = set()
    for creature in creatures:
        other, number = split_number(creature.name)
        if other.casefold() == key:
            used.add(1 if number is None else number)
    number = 1
    while number in used:
        number += 1
    return f"{base} {number}"


def names_numbered_like_labels(creatures: Sequence[Creature], kind: str) -> dict[str, str]:
    """The new names of the unnumbered creatures of `kind` that share it with others.

    Each takes the number its token label shows (`token_labels`: the lowest left, in encounter
    order), so that name and label read alike ("Goblin Warrior 1" / GW1; issue 28). A kind
    with one creature keeps its plain name, as its label has no number either.
    """
    base, _ = split_number(kind)
    key = base.casefold()
    group = [
        (c, number)
        for c in creatures
        for other, number in [split_number(c.name)]
        if other.casefold() == key
    ]
    if len(group) < 2:
        return {}
    renamed: dict[str, str] = {}
    for (creature, named), (_, number) in zip(group, _numbered(group), strict=True):
        if named is None and number is not None:
            renamed[creature.id] = f"{split_number(creature.name)[0]} {number}"
    return renamed

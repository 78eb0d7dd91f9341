"""The creature library: the bundled creatures, the GM's own, and library files to share.

Issue 17. A library file is JSON ``{"format": "orcus-creature-library", "version": 1,
"creatures": [stat block, ...]}``; every creature in it passes the one stat-block validation
(`rules.statblock_dicts.statblock_from_dict`, the same the editor and the encounter files
use), and a file that fails is refused whole with the field path of the first fault
(``creatures[2].defenses.ac: expected an integer``). The GM's own library is one such file in
a per-user folder the caller names (Qt's AppDataLocation in the app, a temporary folder in
tests), never inside the install folder.

A creature's tactical role (000 gives none; docs/rulings.md R-39)
is one of `TACTICAL_ROLES` among its keywords; its rank is the stat block's `role`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from psygnal import Signal

from orcus_desktop.controller.tools.library_drop import LibraryEntry
from orcus_desktop.geometry.grid import Size
from orcus_desktop.model.atomic_file import write_atomically
from orcus_desktop.model.file_format.fields import EncounterFileError
from orcus_desktop.model.file_format.limits import decode_json
from orcus_desktop.model.file_reading import UnreadableFileError, read_capped
from orcus_desktop.rules.monster_math import RANKS, Suggestion, suggest
from orcus_desktop.rules.powers import ActionKind, Frequency, TargetKind
from orcus_desktop.rules.ruleset import RULESETS
from orcus_desktop.rules.statblock import DEFAULT_HANDS, MOST_HANDS, Side, StatBlock
from orcus_desktop.rules.statblock_dicts import statblock_from_dict
from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import Origin

__all__ = [
    "DEFAULT_HANDS",
    "LIBRARY_FORMAT",
    "LIBRARY_VERSION",
    "MOST_HANDS",
    "POWER_ACTIONS",
    "POWER_DEFENSES",
    "POWER_ORIGINS",
    "POWER_TARGETS",
    "POWER_USAGES",
    "RANKS",
    "SIDES",
    "SIZES",
    "TACTICAL_ROLES",
    "CreatureFacts",
    "LibraryFileError",
    "Suggestion",
    "UserLibrary",
    "check_creature",
    "facts_of",
    "library_json",
    "parse_library",
    "read_library_file",
    "suggest",
]

POWER_USAGES: Final = tuple(f.value for f in Frequency)
POWER_ACTIONS: Final = tuple(a.value for a in ActionKind)
POWER_TARGETS: Final = tuple(t.value for t in TargetKind)
POWER_ORIGINS: Final = tuple(o.value for o in Origin)
POWER_DEFENSES: Final = tuple(d.value for d in Defense)
SIDES: Final = tuple(s.value for s in Side)
SIZES: Final = tuple(s.value for s in Size)
"""The values the editor offers (the rules' own enums, as stored)."""

LIBRARY_FORMAT = "orcus-creature-library"
LIBRARY_VERSION = 1
"""The library file layout written now; a newer version is refused (it may mean other fields)."""

MAX_LIBRARY_BYTES = 5_000_000
"""Safety cap on a library file read (docs/design.md#rules: caps for user input)."""

MAX_LIBRARY_CREATURES = 2000
"""Safety cap on the creatures of one library file."""

TACTICAL_ROLES: Final = (
    "artillery",
    "brute",
    "controller",
    "leader",
    "lurker",
    "skirmisher",
    "soldier",
)
"""The tactical roles a creature is tagged with (a keyword), for the library's filter."""

USER_LIBRARY_FILE = "library.json"


class LibraryFileError(ValueError):
    """A library file that cannot be used; the message names the field path at fault."""


@dataclass(frozen=True, slots=True)
class CreatureFacts:
    """What the library filters on, read from a stat block mapping."""

    name: str
    level: int
    rank: str
    tactical_role: str
    keywords: tuple[str, ...]
    rulesets: tuple[str, ...] = ()
    """The rulesets it was built for (empty: built for any, i.e. 000's numbers)."""

    def suits(self, ruleset_id: str) -> bool:
        """Built for `ruleset_id`, or for none in particular."""
        return not self.rulesets or ruleset_id in self.rulesets


def facts_of(statblock: Mapping[str, Any]) -> CreatureFacts:
    """The name, level, rank, tactical role and keywords of a (possibly partial) stat block."""
    level = statblock.get("level", 0)
    keywords = tuple(k for k in statblock.get("keywords", ()) if isinstance(k, str))
    role = next((k for k in keywords if k in TACTICAL_ROLES), "")
    rulesets = tuple(r for r in statblock.get("rulesets", ()) if isinstance(r, str))
    return CreatureFacts(
        str(statblock.get("name", "")),
        level if isinstance(level, int) and not isinstance(level, bool) else 0,
        str(statblock.get("role", "monster")),
        role,
        keywords,
        rulesets,
    )


def check_creature(data: object, where: str) -> StatBlock:
    """The stat block of `data`, validated; a fault is reported under `where`.

    Raises:
        LibraryFileError: not a valid stat block (``where.defenses.ac: ...``).
    """
    if not isinstance(data, Mapping):
        raise LibraryFileError(f"{where}: expected a creature (a mapping), got {data!r:.40}")
    try:
        block = statblock_from_dict(data)
    except (ValueError, TypeError, KeyError) as exc:
        message = str(exc)
        if message.startswith("statblock"):
            message = where + message.removeprefix("statblock")
        else:
            message = f"{where}: {message}"
        raise LibraryFileError(message) from None
    for index, ruleset_id in enumerate(block.rulesets):
        if ruleset_id not in RULESETS:
            known = ", ".join(RULESETS)
            raise LibraryFileError(
                f"{where}.rulesets[{index}]: unknown ruleset {ruleset_id!r} (known: {known})"
            )
    return block


def parse_library(data: object) -> list[dict[str, Any]]:
    """The creatures of a library file's JSON, each one validated.

    Raises:
        LibraryFileError: the layout, the version or a creature is wrong (with the field path).
    """
    if not isinstance(data, Mapping):
        raise LibraryFileError("file: expected a creature library (a JSON object)")
    if data.get("format") != LIBRARY_FORMAT:
        raise LibraryFileError(f"format: expected {LIBRARY_FORMAT!r}, got {data.get('format')!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise LibraryFileError(f"version: expected a whole number from 1, got {version!r}")
    if version > LIBRARY_VERSION:
        raise LibraryFileError(
            f"version: {version} is newer than this app reads ({LIBRARY_VERSION}); update it"
        )
    unknown = set(data) - {"format", "version", "creatures"}
    if unknown:
        raise LibraryFileError(f"{sorted(unknown)[0]}: not a field of a creature library")
    creatures = data.get("creatures")
    if not isinstance(creatures, list):
        raise LibraryFileError("creatures: expected a list of creatures")
    if len(creatures) > MAX_LIBRARY_CREATURES:
        raise LibraryFileError(f"creatures: more than {MAX_LIBRARY_CREATURES} creatures")
    out: list[dict[str, Any]] = []
    for index, item in enumerate(creatures):
        check_creature(item, f"creatures[{index}]")
        out.append(dict(item))
    names = [c["name"] for c in out]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise LibraryFileError(f"creatures[{index}].name: a second creature named {name!r}")
    return out


def read_library_file(path: Path) -> list[dict[str, Any]]:
    """The validated creatures of the library file at `path`.

    Raises:
        LibraryFileError: unreadable, too large, not JSON, or not a valid library.
    """
    try:
        raw = read_capped(path, MAX_LIBRARY_BYTES, "a creature library")
    except UnreadableFileError as exc:
        raise LibraryFileError(f"file: {exc}") from None
    try:
        data = decode_json(raw.decode("utf-8"), "a creature library")
    except UnicodeDecodeError:
        raise LibraryFileError("file: not UTF-8 text") from None
    except EncounterFileError as exc:
        raise LibraryFileError(f"file: {exc}") from None
    return parse_library(data)


def library_json(creatures: Iterable[Mapping[str, Any]]) -> str:
    """The text of a library file holding `creatures` (stat block mappings)."""
    data = {
        "format": LIBRARY_FORMAT,
        "version": LIBRARY_VERSION,
        "creatures": [dict(c) for c in creatures],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def entry_for(statblock: Mapping[str, Any], source: str) -> LibraryEntry:
    """The palette entry of a validated stat block."""
    block = statblock_from_dict(statblock)
    return LibraryEntry(
        block.name, block.side.value, block.size, block.speed, dict(statblock), source
    )


class UserLibrary:
    """The GM's own creatures: one library file in a per-user folder.

    Args:
        folder: where the file lives (created on the first save).

    Signals:
        changed: the creatures changed (an edit, or an undo of one).
    """

    SOURCE = "my library"
    changed = Signal()

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / USER_LIBRARY_FILE
        self._creatures: list[dict[str, Any]] = []
        self.problem = ""
        self.reload()

    def reload(self) -> None:
        """Read the file again; a broken one is kept aside (`problem` says why), never lost."""
        self.problem = ""
        if not self.path.exists():
            self._creatures = []
            return
        try:
            self._creatures = read_library_file(self.path)
        except LibraryFileError as exc:
            self.problem = f"{self.path.name}: {exc}"
            self._creatures = []

    @property
    def creatures(self) -> list[dict[str, Any]]:
        return [dict(c) for c in self._creatures]

    def names(self) -> list[str]:
        return [str(c["name"]) for c in self._creatures]

    def get(self, name: str) -> dict[str, Any] | None:
        return next((dict(c) for c in self._creatures if c["name"] == name), None)

    def entries(self) -> list[LibraryEntry]:
        return [entry_for(c, self.SOURCE) for c in self._creatures]

    def save(self, statblock: Mapping[str, Any], replacing: str | None = None) -> None:
        """Add a creature, or replace the one named `replacing` (its name may change).

        Raises:
            LibraryFileError: the stat block is not valid, or its name is taken by another.
        """
        check_creature(statblock, "creature")
        name = statblock["name"]
        if name != replacing and name in self.names():
            raise LibraryFileError(f"creature.name: your library already has a {name!r}")
        kept = [c for c in self._creatures if c["name"] != replacing]
        at = next((i for i, c in enumerate(self._creatures) if c["name"] == replacing), None)
        kept.insert(len(kept) if at is None else at, dict(statblock))
        self._write(kept)

    def delete(self, name: str) -> bool:
        kept = [c for c in self._creatures if c["name"] != name]
        if len(kept) == len(self._creatures):
            return False
        self._write(kept)
        return True

    def duplicate(self, name: str) -> str:
        """Copy the creature `name` as "name (copy)" (numbered when taken); its new name."""
        original = self.get(name)
        if original is None:
            raise LibraryFileError(f"creature.name: no {name!r} in your library")
        taken = set(self.names())
        new_name, n = f"{name} (copy)", 2
        while new_name in taken:
            new_name, n = f"{name} (copy {n})", n + 1
        self.save({**original, "name": new_name})
        return new_name

    def import_file(self, path: Path) -> list[str]:
        """Add the creatures of a library file (all or none); same names are replaced.

        Returns:
            The names imported.

        Raises:
            LibraryFileError: the file is not a valid library (nothing is imported).
        """
        incoming = read_library_file(path)
        names = {c["name"] for c in incoming}
        self._write([c for c in self._creatures if c["name"] not in names] + incoming)
        return [str(c["name"]) for c in incoming]

    def export_file(self, path: Path, names: Sequence[str] | None = None) -> int:
        """Write the named creatures (all by default) as a library file; how many."""
        chosen = [c for c in self._creatures if names is None or c["name"] in names]
        write_atomically(path, library_json(chosen))
        return len(chosen)

    def restore(self, creatures: Sequence[Mapping[str, Any]]) -> None:
        """Write back the creatures of an earlier `creatures` (undo and redo of an edit)."""
        self._write([dict(c) for c in creatures])

    def _write(self, creatures: list[dict[str, Any]]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomically(self.path, library_json(creatures))
        self._creatures = creatures
        self.changed.emit()

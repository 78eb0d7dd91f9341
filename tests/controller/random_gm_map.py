"""The random GM's hand on the map and the library while tokens stand on it, mid-fight or not.

What a GM does between (and during) turns: walls, windows and doors drawn, opened, kept
secret and erased; lights placed, carried, put out and removed, the ambient light and
magical darkness; terrain painted under the tokens; zones and notes; creatures placed from
the library, edited and removed; the grid resized; the encounter renamed; the GM's library
edited and the edit applied to the tokens on the map (issue 17); the ruleset switched (refused
in a fight: docs/rulesets.md); the fight ended. Each step goes through the façade.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from orcus_desktop.controller.editing import editing, library_edits, lighting_edits, map_import
from orcus_desktop.controller.editing.map_import import ImportMode
from orcus_desktop.controller.files.creature_library import entry_for
from orcus_desktop.controller.gm import notes, zones
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.library_drop import creature_from_entry
from orcus_desktop.geometry.features import TerrainKind, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Creature, MapImage
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import LightSource
from orcus_desktop.model.uvtt.importing import ImportedMap
from orcus_desktop.model.zones import ZoneDuration
from orcus_desktop.rules.ruleset import RULESETS
from orcus_desktop.vocabulary import CreatureId
from tests.conftest import REPO_ROOT
from tests.controller.random_gm_files import odd_map
from tests.controller.random_gm_steps import Choice, Hand, Played

LIBRARY = REPO_ROOT / "resources" / "creatures"
MAP_ART = REPO_ROOT / "resources" / "maps" / "goblin-shrine.png"

_PLACED = ("goblin_warrior.json", "ogre.json", "dire_rat.json", "fighter.json")
"""Library creatures the GM drops onto the map mid-fight (a Large one among them)."""

HOLD_MONSTER: dict[str, Any] = {
    "name": "Hold Monster",
    "category": "attack",
    "frequency": "at_will",
    "action": "standard",
    "origin": "ranged",
    "source": "arcane",
    "range": {"normal": 10},
    "targets": "one",
    "maintain": "swift",
    "attack": {"defense": "will", "ability": "intelligence"},
    "hit": {"conditions": [{"condition": "immobile", "duration": "until_countered"}]},
}
"""A power the GM writes into the Wizard: kept going with a swift action each turn (000
"Maintain"; no bundled creature has one)."""


def statblock(file: str) -> dict[str, Any]:
    """A bundled library creature's stat block."""
    data: dict[str, Any] = json.loads((LIBRARY / file).read_text(encoding="utf-8"))
    return data


def library_creature(file: str, creature_id: str, square: Square) -> Creature:
    """A token of a bundled library creature, as the GM drops it."""
    block = statblock(file)
    return Creature(
        CreatureId(creature_id),
        str(block["name"]),
        str(block["side"]),
        size=Size(block.get("size", "medium")),
        square=square,
        speed=int(block["speeds"]["walk"]),
        statblock=freeze(block),
    )


class KeptInMemory:
    """The GM's library as the random GM keeps it: `UserLibrary`'s creatures and `restore`,
    without its file (the file's own writing is tested with it)."""

    def __init__(self) -> None:
        self.creatures: list[dict[str, Any]] = []

    def save(self, statblock: Mapping[str, Any], replacing: str) -> None:
        """`UserLibrary.save`: the creature named `replacing` replaced, else added."""
        kept = [c for c in self.creatures if c["name"] != replacing]
        self.creatures = [*kept, dict(statblock)]

    def restore(self, creatures: Sequence[Mapping[str, Any]]) -> None:
        self.creatures = [dict(c) for c in creatures]


class MapHand(Hand):
    """Map, token, library and ruleset edits, as the GM makes them in the window.

    Args:
        rulesets: the rulesets the GM may switch to (all by default).
    """

    def __init__(
        self,
        session: GameSession,
        rng: random.Random,
        rulesets: tuple[str, ...] = tuple(sorted(RULESETS)),
    ) -> None:
        super().__init__(session, rng)
        self.rulesets = rulesets
        self.library = KeptInMemory()

    def step(self) -> Played | None:
        """One map, token, library or ruleset edit."""
        walls_and_light: list[Choice] = [
            self.draw_wall,
            self.open_or_close_door,
            self.keep_door_secret,
            self.erase_wall,
            self.lights,
            self.magical_darkness,
        ]
        ground: list[Choice] = [self.paint_terrain, self.erase_terrain, self.zone, self.note]
        tokens: list[Choice] = [
            self.place_creature,
            self.edit_creature,
            self.remove_creature,
            self.edit_library,
        ]
        whole_map: list[Choice] = [
            self.resize_grid,
            self.rename,
            self.switch_ruleset,
            self.map_image,
            self.import_map,
        ]
        return self.rng.choice(self.rng.choice([walls_and_light, ground, tokens, whole_map]))()

    # -- walls and doors -------------------------------------------------------------------

    def draw_wall(self) -> Played:
        """A wall, window or door along grid lines, one to three squares long."""
        at, length = self.square(), self.rng.randint(1, 3)
        x, y = float(at.col), float(at.row)
        end = (x + length, y) if self.rng.random() < 0.5 else (x, y + length)
        kind = self.rng.choice([WallKind.DOOR, WallKind.DOOR, WallKind.WALL, WallKind.WINDOW])
        wall = Wall(kind, ((x, y), end))
        return self.run(editing.add_wall, wall)

    def _walls(self, kind: WallKind | None = None) -> list[str]:
        walls = self.session.encounter.walls
        return [w.id for w in walls if kind is None or w.wall.kind is kind]

    def open_or_close_door(self) -> Played | None:
        doors = self._walls(WallKind.DOOR)
        if not doors:
            return None
        return self.run(editing.set_door_open, self.rng.choice(doors), self.rng.random() < 0.6)

    def keep_door_secret(self) -> Played | None:
        """R-151: a closed door kept secret (refused for an open one), or revealed."""
        doors = self._walls(WallKind.DOOR)
        if not doors:
            return None
        return self.run(editing.set_door_secret, self.rng.choice(doors), self.rng.random() < 0.6)

    def erase_wall(self) -> Played | None:
        walls = self._walls()
        return self.run(editing.remove_wall, self.rng.choice(walls)) if walls else None

    # -- light -----------------------------------------------------------------------------

    def lights(self) -> Played | None:
        """A light placed, changed or removed, or the ambient light set."""
        kinds: list[Choice] = [
            self.place_light,
            self.change_light,
            self.remove_light,
            lambda: self.run(
                lighting_edits.set_ambient_light, self.rng.choice(list(Illumination))
            ),
        ]
        return self.rng.choice(kinds)()

    def _bearer(self) -> CreatureId | None:
        return self.rng.choice([None, *map(CreatureId, self.creature_ids())])

    def place_light(self) -> Played:
        """A torch on a square, or carried by a creature (it shines from its bearer)."""
        bright = self.rng.randint(0, 4)
        dim = bright + self.rng.randint(0, 4)
        light = LightSource(LightId("new"), "Torch", self.square(), bright, dim)
        return self.run(lighting_edits.add_light, replace(light, carried_by=self._bearer()))

    def _light(self) -> LightSource | None:
        sources = self.session.encounter.lighting.sources
        return self.rng.choice(sources) if sources else None

    def change_light(self) -> Played | None:
        """Put out or light again, hand to another bearer or set down, or change its radii."""
        light = self._light()
        if light is None:
            return None
        pick = self.rng.randrange(3)
        if pick == 0:
            changed = replace(light, lit=not light.lit)
        elif pick == 1:
            changed = replace(light, carried_by=self._bearer())
        else:
            changed = replace(light, bright=light.dim, dim=light.dim + 2)
        return self.run(lighting_edits.update_light, changed)

    def remove_light(self) -> Played | None:
        light = self._light()
        return None if light is None else self.run(lighting_edits.remove_light, light.id)

    def _patch(self) -> list[Square]:
        """A few squares around one, often under a token."""
        ids = self.creature_ids()
        at = self.square()
        if ids and self.rng.random() < 0.5:
            at = self.session.encounter.creature(self.rng.choice(ids)).square
        grid = self.session.encounter.grid
        around = [Square(at.col + dc, at.row + dr) for dc in (0, 1) for dr in (0, 1)]
        return [s for s in around if grid.contains(s)]

    def magical_darkness(self) -> Played:
        erase = self.rng.random() < 0.3
        return self.run(lighting_edits.paint_magical_darkness, self._patch(), erase)

    # -- terrain, zones, notes -------------------------------------------------------------

    def paint_terrain(self) -> Played:
        """Terrain under the tokens too: a blocking square under a creature is refused."""
        return self.run(editing.paint_terrain, self.rng.choice(list(TerrainKind)), self._patch())

    def erase_terrain(self) -> Played:
        return self.run(editing.erase_terrain, self._patch())

    def zone(self) -> Played | None:
        """A zone placed (until removed, to its owner's next turn's end, sustained), removed,
        hidden or shown, or sustained."""
        placed = [z.id for z in self.session.encounter.zones]
        if not placed or self.rng.random() < 0.4:
            duration = self.rng.choice(list(ZoneDuration))
            owner = self.rng.choice([None, *self.creature_ids()])
            current = self.session.encounter.combat.current
            if current is not None and self.rng.random() < 0.6:
                owner = current  # a power's zone, placed in its user's turn
            return self.run(zones.place_zone, "Cloud", self._patch(), duration, owner)
        zone = self.rng.choice(placed)
        pick = self.rng.randrange(3)
        if pick == 0:
            return self.run(zones.remove_zone, zone)
        if pick == 1:
            return self.run(zones.set_zone_hidden, zone, self.rng.random() < 0.5)
        return self.sustain()

    def sustain(self) -> Played | None:
        """000 "Maintain": a sustained zone sustained, most often one of the creature whose
        turn it is; another zone, or another's, is refused in words."""
        encounter = self.session.encounter
        placed = [z.id for z in encounter.zones]
        if not placed:
            return None
        sustained = [z for z in encounter.zones if z.duration is ZoneDuration.SUSTAINED]
        own = [z for z in sustained if z.owner == encounter.combat.current]
        zone = self.rng.choice(placed)
        if sustained and self.rng.random() < 0.8:
            zone = self.rng.choice(own if own and self.rng.random() < 0.8 else sustained).id
        return self.run(zones.sustain_zone, zone)

    def note(self) -> Played:
        """Pin a note, reword one, or take one off."""
        pinned = [n.id for n in self.session.encounter.notes]
        if not pinned or self.rng.random() < 0.4:
            at = self.square()
            return self.run(notes.add_note, (at.col + 0.5, at.row + 0.5), "Trap")
        note = self.rng.choice(pinned)
        if self.rng.random() < 0.5:
            return self.run(notes.edit_note, note, "Trap (sprung)")
        return self.run(notes.remove_note, note)

    # -- creatures and the grid ------------------------------------------------------------

    def place_creature(self) -> Played:
        """A creature dropped from the library on any square (occupied ones are refused)."""
        entry = entry_for(statblock(self.rng.choice(_PLACED)), "bundled")
        at = self.square()
        creature = creature_from_entry(self.session.encounter, entry, (at.col + 0.5, at.row + 0.5))
        return self.call(
            f"place_creature({creature.id!r} at {creature.square})",
            lambda: self.session.run(editing.place_creature, creature),
        )

    def edit_creature(self) -> Played | None:
        """The token's side, size, speed or hidden flag changed, mid-fight too."""
        ids = self.creature_ids()
        if not ids:
            return None
        who = self.rng.choice(ids)
        pick = self.rng.randrange(4)
        if pick == 0:
            side = self.rng.choice(["heroes", "monsters", "neutral"])
            return self.run(editing.update_creature, who, side=side)
        if pick == 1:
            return self.run(editing.update_creature, who, size=self.rng.choice(list(Size)))
        if pick == 2:
            speed = self.rng.choice([0, 2, 6, 12])
            return self.run(editing.update_creature, who, speed=speed)
        return self.run(editing.update_creature, who, hidden=self.rng.random() < 0.5)

    def remove_creature(self) -> Played | None:
        """A token taken off the map, the current creature or one an offer waits on too."""
        ids = self.creature_ids()
        if len(ids) <= 2:
            return None
        return self.run(editing.remove_creature, self.rng.choice(ids))

    def resize_grid(self) -> Played:
        """Grow or shrink the grid: refused while a token would be left off it."""
        grid = self.session.encounter.grid
        columns = max(1, grid.columns + self.rng.choice([-3, -1, 1, 2]))
        rows = max(1, grid.rows + self.rng.choice([-2, -1, 1, 2]))
        return self.run(editing.resize_grid, columns, rows)

    def rename(self) -> Played:
        name = self.rng.choice(["The Ford", "Goblin Cave", "The Ford"])
        return self.run(editing.rename_encounter, name)

    # -- the library, the ruleset, the fight -----------------------------------------------

    def edit_library(self) -> Played:
        """Issue 17: save a creature to the GM's library, maybe applied to its placed tokens.

        The Ogre saved tougher or bigger (a Huge ogre may no longer fit where it stands: the
        application is refused, the library edit stays), or a copy kept under a new name; or
        the Wizard given a maintained power (`HOLD_MONSTER`).
        """
        if self.rng.random() < 0.3:
            return self.give_wizard_hold_monster()
        ogre = statblock("ogre.json")
        tougher = dict(ogre, max_hp=int(ogre["max_hp"]) + self.rng.choice([-20, 10, 40]))
        edited = dict(tougher, size=self.rng.choice(["large", "huge", "medium"]))
        return self._saved(edited, f"Ogre size={edited['size']} max_hp={edited['max_hp']}")

    def give_wizard_hold_monster(self) -> Played:
        """The Wizard saved with a maintained power (`HOLD_MONSTER`), most often applied to
        its tokens."""
        wizard = statblock("wizard.json")
        edited = dict(wizard, powers=[*wizard["powers"], HOLD_MONSTER])
        return self._saved(edited, "Wizard with Hold Monster (maintained)")

    def _saved(self, edited: dict[str, Any], what: str) -> Played:
        """`edited` saved over the library creature of its name, applied to its tokens (most
        often) as the library's "apply to the map" does."""
        before = list(self.library.creatures)
        name = str(edited["name"])
        self.library.save(edited, replacing=name)
        change = library_edits.LibraryChange(
            f"Save {name} to your library", self.library, before, self.library.creatures
        )
        apply_to = (name, edited) if self.rng.random() < 0.7 else None
        return self.call(
            f"edit_library({what}, applied={apply_to is not None})",
            lambda: self.session.edit_library(change, apply_to),
        )

    def switch_ruleset(self) -> Played:
        """Another ruleset: refused during a fight (docs/rulesets.md), done outside one."""
        ruleset_id = self.rng.choice(self.rulesets)
        return self.call(
            f"switch_ruleset({ruleset_id!r})", lambda: self.session.switch_ruleset(ruleset_id)
        )

    def map_image(self) -> Played:
        """The map art set, recalibrated, or taken away; now and then stretched over the grid
        as a tiny or huge image would be (a calibration the file cannot keep: R-210)."""
        per_square = self.rng.choice([50.0, 70.0, 50.0, 70.0, 20 / 12, 5000.0])
        art = MapImage(str(MAP_ART), per_square)  # absolute, as picked
        image = self.rng.choice([None, art])
        return self.run(editing.set_map_image, image)

    def import_map(self) -> Played:
        """A Universal VTT map imported over the fight: merged, or replacing the map (a grid
        too small for the tokens is refused); now and then a file with absurd numbers, refused
        in one line or imported as it reads (`random_gm_files.py`)."""
        if self.rng.random() < 0.3:
            return self.import_odd_map()
        columns, rows = self.rng.choice([(6, 5), (12, 9), (16, 12)])
        door = Wall(WallKind.DOOR, ((3.0, 0.0), (3.0, 1.0)))
        wall = Wall(WallKind.WALL, ((0.0, 4.0), (4.0, 4.0)))
        torch = LightSource(LightId("l1"), "Brazier", Square(1, 1), 2, 4)
        imported = ImportedMap(
            "Crypt", GridBounds(columns, rows), (door, wall), None, (torch,), Illumination.DIM
        )
        mode = self.rng.choice(list(ImportMode))
        return self.call(
            f"import_map({columns}x{rows}, {mode})",
            lambda: self.session.run(map_import.import_map, imported, mode),
        )

    def import_odd_map(self) -> Played:
        """Import map on a Universal VTT file with one absurd part, or cut short."""
        mode = self.rng.choice(list(ImportMode))
        with tempfile.TemporaryDirectory(prefix="random-gm-map-") as folder:
            imported = odd_map(self.rng, Path(folder))
        what = f"import_map(odd file, {mode})"
        if isinstance(imported, str):
            return Played(what, OperationResult.refused("import_map", imported))
        return self.call(what, lambda: self.session.run(map_import.import_map, imported, mode))

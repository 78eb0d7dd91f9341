"""The random GM's hostile files: a damaged copy of the fight it saved, an odd map to import.

A GM opens files others hand-edited or a crash cut short, and imports maps from other tools
with any numbers in them (issue 12, issue 29). The random GM does both mid-fight, from what it
is playing now: the file it saved, cut at any byte or changed by the fuzzer's mutations
(`tests/fuzz_files.py`) and with a creature's id swapped for one no creature has wherever the
fight names it (a held attack, an owed push, an offer, an engagement); and a Universal VTT map
of absurd size, scale, walls or lights (`tests/uvtt_files.py`). Either is refused in one line,
or opens to a sound encounter that saves and reopens, or imports as the GM's own map would.
"""

from __future__ import annotations

import base64
import json
import math
import random
from pathlib import Path
from typing import Any

from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import (
    EncounterFileError,
    encounter_to_dict,
    read_encounter_file,
)
from orcus_desktop.model.uvtt import import_uvtt_file
from orcus_desktop.model.uvtt.importing import ImportedMap
from tests.fuzz_files import MUTATIONS, check, mutated
from tests.hostile_files import bomb_png
from tests.uvtt_files import png_bytes, polyline, uvtt_map, write_map

GHOST = "ghost"
"""An id no creature has."""


def _ghost_reference(rng: random.Random, data: Any) -> None:
    """Every mention of one creature's id (outside its own entry) names a ghost instead."""
    creatures = [c for c in data.get("creatures", ()) if isinstance(c, dict) and "id" in c]
    if not creatures:
        return
    gone = rng.choice(creatures)["id"]
    stack: list[Any] = [
        v for k, v in data.items() if k != "creatures" and isinstance(v, dict | list)
    ]
    while stack:
        item = stack.pop()
        pairs = list(item.items()) if isinstance(item, dict) else list(enumerate(item))
        for key, value in pairs:
            if value == gone:
                item[key] = GHOST
            elif isinstance(value, dict | list):
                stack.append(value)


def damaged_copy(rng: random.Random, encounter: Encounter, path: Path) -> Path:
    """`encounter`'s file at `path`, cut short at any byte or with one to three mutations."""
    data = encounter_to_dict(encounter)
    if rng.random() < 0.3:
        text = json.dumps(data, ensure_ascii=False)
        text = text[: rng.randrange(len(text))]
    else:
        text = mutated(rng, data, (*MUTATIONS, _ghost_reference, _ghost_reference))
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


def open_damaged(rng: random.Random, encounter: Encounter, folder: Path) -> Encounter | None:
    """The GM opens a damaged copy of `encounter`'s file: what opened, or None when refused.

    Raises:
        AssertionError: the load crashed, or opened a state that breaks the invariant or does
            not save and reopen (`tests/fuzz_files.py::check`).
    """
    path = damaged_copy(rng, encounter, folder / "damaged.json")
    if check(path) == "refused":
        return None
    return read_encounter_file(path).encounter


def _absurd(rng: random.Random) -> dict[str, Any]:
    """A small Universal VTT map with one absurd part."""
    data = uvtt_map(size=(8.0, 6.0), ppg=4, image=png_bytes(32, 24))
    pick = rng.randrange(8)
    if pick == 0:
        data["resolution"]["map_size"] = {"x": rng.choice([1e9, -4.0, 0.0, math.nan]), "y": 6.0}
    elif pick == 1:
        data["resolution"]["pixels_per_grid"] = rng.choice([0, -20, 1e12, math.inf])
    elif pick == 2:
        far = rng.choice([1e12, -1e9, 9.5, math.nan])
        data["line_of_sight"] = [polyline((1.0, 1.0), (far, 2.0))]
    elif pick == 3:
        data["lights"] = [{"position": {"x": 1.5, "y": 1.5}, "range": rng.choice([1e9, -3, 0])}]
    elif pick == 4:
        data["lights"] = [{"position": {"x": rng.choice([-50.0, 1e7]), "y": 2.5}, "range": 4}]
    elif pick == 5:
        data["portals"] = [{"position": {"x": 2, "y": 2}, "bounds": [], "closed": "maybe"}]
    elif pick == 6:
        data["image"] = base64.b64encode(bomb_png(60_000, real=False)).decode("ascii")
    else:
        data["resolution"]["map_origin"] = {"x": rng.choice([-1e9, 1e300]), "y": 0.0}
    return data


def odd_map(rng: random.Random, folder: Path) -> ImportedMap | str:
    """The GM imports a Universal VTT file with absurd numbers (or cut short): the map, or the
    one-line refusal the GM reads. Any other exception escapes (the UI's last line of defence
    would hide it behind "cannot be imported")."""
    path = write_map(folder / "odd.dd2vtt", _absurd(rng))
    if rng.random() < 0.2:
        text = path.read_text(encoding="utf-8")
        path.write_text(text[: rng.randrange(len(text))], encoding="utf-8")
    try:
        imported, _ = import_uvtt_file(path, None)
    except EncounterFileError as exc:
        message = str(exc)
        assert message, "an empty refusal"
        assert "\n" not in message, repr(message)
        return message
    return imported

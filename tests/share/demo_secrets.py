"""What of the demo encounter must never reach a player's browser (issue 32's acceptance).

Read from the demo file itself, so a new monster, power or note is checked too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from orcus_desktop.assets import demo_encounter_path


def demo_secrets(path: Path | None = None) -> list[str]:
    """The words only the GM may read.

    The hidden creatures' names, every monster's id (a hidden one's would give it away), powers
    and notes, the encounter's name, the file's and the map image's names. The heroes' names
    are no secret (a device may pick a hero by name).
    """
    path = path or demo_encounter_path()
    data = json.loads(path.read_text(encoding="utf-8"))
    image = Path(data["map_image"]["path"])
    secrets = {path.name, path.stem, data["name"], image.name, image.stem}
    for creature in data["creatures"]:
        statblock = creature.get("statblock") or {}
        if creature.get("hidden"):
            secrets.add(creature["name"])
        if creature["side"] != "heroes":
            secrets.add(Id(creature["id"]))
            secrets.update(power["name"] for power in statblock.get("powers", []))
            if statblock.get("notes"):
                secrets.add(statblock["notes"])
    return sorted(secrets)


HIT_POINTS = re.compile(
    r"(?<![\w-])(?:hp|max_hp|hit points?)(?![\w-])|(?<![\w.:-])\d+\s*/\s*\d+(?![\w.-])",
    re.IGNORECASE,
)
"""Hit points as a page would write them: "HP", "hit points", "24/29"."""


class Id(str):
    """A creature's id: matched as written ("ogre" is an id; "Ogre Bruiser" a name the players'
    strip may show)."""

    __slots__ = ()


def leaks(texts: list[str], secrets: list[str], urls: Sequence[str] = ()) -> list[str]:
    """The secrets found in any of `texts` or `urls`, and hit-point wordings in `texts`."""
    found = []
    for secret in secrets:
        flags = 0 if isinstance(secret, Id) else re.IGNORECASE
        pattern = re.compile(rf"(?<![\w-]){re.escape(secret)}(?![\w-])", flags)
        if any(pattern.search(text) for text in [*texts, *urls]):
            found.append(secret)
    found += sorted({m.group(0) for text in texts for m in HIT_POINTS.finditer(text)})
    return found

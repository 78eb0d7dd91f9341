"""Seeded mutation of valid encounter files (issue 12), for the suite and for a long run.

`mutated_file(seed)` turns the bundled demo (in combat) into a careless or hostile file: deep
nesting, huge numbers, NaN and infinities, wrong types, dangling ids, inconsistent combat, far
coordinates, odd text, duplicated or missing fields. `check(path)` opens it the way the app
does and says how it ended. The long run in docs/files.md:

    python -m tests.fuzz_files 10000
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.cli import query_main
from orcus_desktop.model.invariants import encounter_problems
from orcus_desktop.model.serialization import (
    EncounterFileError,
    read_encounter_file,
    save_encounter,
)

# Text-level stand-ins: json.dumps cannot write these, so a placeholder string is swapped in.
_RAW = {
    "@HUGE@": "9" * 5000,
    "@LONGFLOAT@": "1." + "5" * 400,
    "@NAN@": "NaN",
    "@INF@": "Infinity",
    "@NEGINF@": "-Infinity",
    "@OVERFLOW@": "1e400",
    "@SURROGATE@": '"Gob\\udcfflin"',
}


def base_document() -> dict[str, Any]:
    """The demo encounter in round 1, with a log entry and an aid: every part a file can have."""
    data: dict[str, Any] = json.loads(demo_encounter_path().read_text(encoding="utf-8"))
    ids = [c["id"] for c in data["creatures"]]
    data["combat"] = {
        "phase": "rounds",
        "round": 1,
        "order": ids,
        "current": ids[0],
        "combatants": [{"id": i, "initiative": 20 - n} for n, i in enumerate(ids)],
        "log": [{"seq": 1, "round": 1, "kind": "turn_start", "actor": ids[0], "targets": []}],
        "aids": [
            {"kind": "attack", "helper": ids[0], "ally": ids[1], "enemy": ids[4], "round_given": 1}
        ],
    }
    data["creatures"][0]["state"] = {"current_hp": 10}
    # Issues 13 and 20: zones and lights, whose creatures are references too.
    data["lighting"] = {
        "ambient": "dim",
        "sources": [
            {
                "id": "light-1",
                "name": "Torch",
                "square": [4, 6],
                "bright": 4,
                "dim": 8,
                "colour": "#ffcc66",
                "carried_by": ids[0],
                "lit": True,
            },
            {
                "id": "light-2",
                "name": "Lamp",
                "square": [8, 8],
                "bright": 2,
                "dim": 4,
                "colour": "#ffeeaa",
                "carried_by": None,
                "lit": False,
            },
        ],
        "magical_darkness": [[5, 5], [5, 6]],
    }
    data["zones"] = [
        {
            "id": "zone-1",
            "name": "Stinking cloud",
            "squares": [[6, 6], [6, 7]],
            "duration": "end_of_owner_next_turn",
            "owner": ids[2],
        }
    ]
    return data


def _slots(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) in the document."""
    out: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        item = stack.pop()
        keys = list(item) if isinstance(item, dict) else range(len(item))
        for key in keys:
            out.append((item, key))
            if isinstance(item[key], dict | list):
                stack.append(item[key])
    return out


def _nest(rng: random.Random, data: Any) -> None:
    container, key = rng.choice(_slots(data))
    shape = rng.choice(["LIST", "OBJECT"])
    container[key] = f"@NEST-{shape}-{rng.choice([5, 70, 1000, 100_000])}@"  # see mutated_text


def _number(rng: random.Random, data: Any) -> None:
    numbers = [(c, k) for c, k in _slots(data) if isinstance(c[k], int | float)] or _slots(data)
    container, key = rng.choice(numbers)
    raw = list(_RAW)[:6]
    container[key] = rng.choice([*raw, 10**30, -(10**30), 2**63, 1e308, -1])


def _wrong_type(rng: random.Random, data: Any) -> None:
    container, key = rng.choice(_slots(data))
    container[key] = rng.choice([None, True, "x", [], {}, 3.5, -1, [1, 2], {"a": 1}])


def _dangling_id(rng: random.Random, data: Any) -> None:
    combat = data.get("combat")
    if not isinstance(combat, dict):
        return
    field = rng.choice(["current", "order", "combatants", "aids", "log", "light", "zone"])
    ghost = rng.choice(["ghost", "", 7, None])
    lighting, zones = data.get("lighting"), data.get("zones")
    if (
        field == "light"
        and isinstance(lighting, dict)
        and isinstance(lighting.get("sources"), list)
    ):
        for source in lighting["sources"]:
            if isinstance(source, dict):
                source["carried_by"] = ghost
    elif field == "zone" and isinstance(zones, list):
        for zone in zones:
            if isinstance(zone, dict):
                zone["owner"] = ghost
    elif field == "current":
        combat["current"] = ghost
    elif field == "order" and isinstance(combat.get("order"), list):
        combat["order"].append(ghost)
    elif field == "combatants" and isinstance(combat.get("combatants"), list):
        combat["combatants"].append({"id": ghost})
    elif field == "aids" and isinstance(combat.get("aids"), list) and combat["aids"]:
        if isinstance(combat["aids"][0], dict):
            combat["aids"][0]["enemy"] = ghost
    elif (
        isinstance(combat.get("log"), list)
        and combat["log"]
        and isinstance(combat["log"][0], dict)
    ):
        combat["log"][0]["actor"] = ghost


def _inconsistent_combat(rng: random.Random, data: Any) -> None:
    combat = data.get("combat")
    if not isinstance(combat, dict) or not combat.get("order"):
        return
    choice = rng.randrange(5)
    if choice == 0:
        combat["order"] = combat["order"][1:]  # the current creature leaves the order
    elif choice == 1:
        combat["phase"] = "setup"
    elif choice == 2:
        combat["order"] = combat["order"] + combat["order"][:1]
    elif choice == 3:
        combat["round"] = 0
    else:
        combat["combatants"] = combat["combatants"][1:]


def _far(rng: random.Random, data: Any) -> None:
    far = rng.choice([1e8, 2.0**31, 1e308, -1e8, 1001, 10**6, "@INF@", "@NAN@"])
    if rng.random() < 0.5 and data.get("walls"):
        wall = rng.choice(data["walls"])
        if isinstance(wall, dict) and isinstance(wall.get("points"), list) and wall["points"]:
            wall["points"][rng.randrange(len(wall["points"]))] = [far, 1]
    elif data.get("creatures"):
        creature = rng.choice(data["creatures"])
        if isinstance(creature, dict):
            creature["square"] = [far, 2] if rng.random() < 0.5 else [1, 1]  # or overlap


def _odd_text(rng: random.Random, data: Any) -> None:
    texts = [(c, k) for c, k in _slots(data) if isinstance(c[k], str)] or _slots(data)
    container, key = rng.choice(texts)
    container[key] = rng.choice(
        [
            "@SURROGATE@",
            "Bell\x07\x1b[31m",
            "N" * 10_000,
            "N" * 20_000,
            "\u05e9\u05dc\u05d5\u05dd \u202bGoblin",
            "",
            "\x00",
        ]
    )


def _rules_state(rng: random.Random, data: Any) -> None:
    creatures = [c for c in data.get("creatures", []) if isinstance(c, dict)]
    if not creatures:
        return
    creature = rng.choice(creatures)
    creature["state"] = rng.choice(
        [
            {"current_hp": 500},
            {"current_hp": 5, "dead": True},
            {"current_hp": -3, "dead": True, "temp_hp": 4},
            {"current_hp": "many"},
            {"conditions": [{"condition": "nonsense"}]},
        ]
    )
    if rng.random() < 0.3 and isinstance(creature.get("statblock"), dict):
        creature["statblock"]["max_hp"] = rng.choice([0, "x", None, -5])


def _drop_or_duplicate(rng: random.Random, data: Any) -> None:
    if rng.random() < 0.5 and data.get("creatures"):
        data["creatures"].append(dict(rng.choice(data["creatures"])))
    else:
        container, key = rng.choice(_slots(data))
        if isinstance(container, dict):
            del container[key]
        else:
            container.pop(key)


MUTATIONS: tuple[Callable[[random.Random, Any], None], ...] = (
    _nest,
    _number,
    _wrong_type,
    _dangling_id,
    _inconsistent_combat,
    _far,
    _odd_text,
    _rules_state,
    _drop_or_duplicate,
)


def mutated_text(seed: int) -> str:
    """The JSON text of the demo after one to three seeded mutations."""
    return mutated(random.Random(seed), base_document())


def mutated(
    rng: random.Random,
    data: Any,
    mutations: tuple[Callable[[random.Random, Any], None], ...] = MUTATIONS,
) -> str:
    """The JSON text of `data` (an encounter file's document, changed in place) after one to
    three of `mutations` picked by `rng`."""
    for _ in range(rng.randint(1, 3)):
        rng.choice(mutations)(rng, data)
    text = json.dumps(data, ensure_ascii=False)
    for placeholder, raw in _RAW.items():
        text = text.replace(f'"{placeholder}"', raw)
    return re.sub(r'"@NEST-(LIST|OBJECT)-(\d+)@"', _nested, text)


def _nested(match: re.Match[str]) -> str:
    depth = int(match[2])
    if match[1] == "LIST":
        return "[" * depth + "1" + "]" * depth
    return '{"x":' * depth + "1" + "}" * depth


def check(path: Path) -> str:
    """Open `path` as the app does; "refused", "opened" or "opened-without" (creatures left out).

    Raises:
        AssertionError: the load crashed, or opened into a state that breaks the invariant, or
            the opened encounter cannot be saved and reopened.
    """
    try:
        result = read_encounter_file(path)
    except EncounterFileError as exc:
        message = str(exc)
        assert message, "an empty refusal"
        assert "\n" not in message, repr(message)
        return "refused"
    problems = list(encounter_problems(result.encounter))
    assert not problems, problems
    again = path.with_name("resaved.json")
    save_encounter(again, result.encounter)
    assert read_encounter_file(again).encounter == result.encounter
    return "opened-without" if result.unreadable else "opened"


def check_cli(path: Path) -> int:
    """Run `query distance` on `path`; assert it answers or says one line and exits 2."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = query_main(["distance", str(path), "--from", "brakka", "--to", "ogre"])
    lines = err.getvalue().splitlines()
    assert (status, len(lines)) in ((0, 0), (2, 1)), (status, err.getvalue()[:300])
    return status


def main(argv: list[str]) -> int:
    """The long run: N files, figures on stdout."""
    count = int(argv[0]) if argv else 10_000
    tally: dict[str, int] = {}
    slowest = 0.0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.json"
        for seed in range(count):
            path.write_text(mutated_text(seed), encoding="utf-8", errors="surrogatepass")
            began = time.perf_counter()
            outcome = check(path)
            check_cli(path)
            slowest = max(slowest, time.perf_counter() - began)
            tally[outcome] = tally.get(outcome, 0) + 1
    total = time.perf_counter() - start
    print(f"{count} files in {total:.0f} s (slowest {slowest * 1000:.0f} ms): {tally}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

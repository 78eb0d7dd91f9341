"""Reading a big file faster changes nothing a file means (R-253).

The depth, the long numbers and the text needing repair are found from the file's characters
when it holds no backslash, and by walking its values otherwise: both ways refuse and repair
the same files the same way. Equal stat blocks are read once; the collector is as it was.
"""

from __future__ import annotations

import gc
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.geometry.features import TerrainKind, TerrainPatch
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model import invariants
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format import limits
from orcus_desktop.model.file_format.limits import MAX_NESTING_DEPTH, MAX_NUMBER_CHARS, decode_json
from orcus_desktop.model.invariants import step_problems
from orcus_desktop.model.progress import ReadCancelledError
from orcus_desktop.model.serialization import EncounterFileError, read_encounter_file
from orcus_desktop.rules.statblock_dicts import statblock_from_dict

FIGHTER = Path(__file__).parents[2] / "resources" / "creatures" / "fighter.json"


def nested(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


@pytest.mark.parametrize("escaped", [False, True], ids=["plain", "with a backslash"])
def test_nesting_past_the_limit_is_refused_either_way(escaped: bool) -> None:
    inner = '"a\\"b"' if escaped else '"ab"'
    assert decode_json(nested(MAX_NESTING_DEPTH, inner)) is not None
    with pytest.raises(EncounterFileError, match="nested more than 64 levels deep"):
        decode_json(nested(MAX_NESTING_DEPTH + 1, inner))


def test_brackets_inside_text_do_not_nest() -> None:
    text = json.dumps({"name": "[" * 200 + "{" * 200, "more": ["]]]"]})
    assert decode_json(text) == json.loads(text)


@pytest.mark.parametrize("escaped", [False, True], ids=["plain", "with a backslash"])
def test_a_number_past_the_limit_is_refused_either_way(escaped: bool) -> None:
    name = '"a\\tb"' if escaped else '"ab"'
    longest = "9" * MAX_NUMBER_CHARS
    assert decode_json(f'{{"n": {name}, "v": {longest}}}') == {
        "n": json.loads(name),
        "v": int(longest),
    }
    for literal in ("9" * (MAX_NUMBER_CHARS + 1), "-" + "9" * MAX_NUMBER_CHARS):
        with pytest.raises(EncounterFileError, match=f"a number of {len(literal)} digits"):
            decode_json(f'{{"n": {name}, "v": {literal}}}')


def test_digits_inside_text_are_only_text() -> None:
    text = json.dumps({"serial": "1" * 500, "v": 3})
    assert decode_json(text) == {"serial": "1" * 500, "v": 3}


def write(tmp_path: Path, data: dict[str, Any], name: str = "cave.orcus") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def encounter_data(**more: Any) -> dict[str, Any]:
    return {"format": "orcus-encounter", "version": 1, "grid": {"columns": 20, "rows": 20}, **more}


def test_text_needing_repair_is_repaired_whatever_else_the_file_holds(tmp_path: Path) -> None:
    entry = {"seq": 1, "round": 0, "kind": "note", "data": {"note": "n" * 10_001}}
    data = encounter_data(name="Cave\x7f", combat={"log": [entry]})
    result = read_encounter_file(write(tmp_path, data))
    assert result.encounter.name == "Cave"
    assert result.encounter.combat.log[0].data["note"] == "n" * 10_000
    assert sorted(result.repairs) == [
        "combat.log[0].data.note: cut from 10001 to 10000 characters",
        "name: control characters were removed",
    ]


def test_plain_text_needs_no_repair_and_other_text_is_kept(tmp_path: Path) -> None:
    result = read_encounter_file(write(tmp_path, encounter_data(name="Höhle [of] {doom}")))
    assert result.encounter.name == "Höhle [of] {doom}"
    assert result.repairs == ()


def test_equal_stat_blocks_are_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    statblock = json.loads(FIGHTER.read_text(encoding="utf-8"))
    other = {**statblock, "name": "Captain"}
    creatures = [
        {"id": f"g{i}", "name": f"Guard {i}", "square": [i % 20, i // 20], "statblock": statblock}
        for i in range(50)
    ] + [{"id": "cap", "square": [5, 5], "statblock": other}]
    parsed: list[object] = []

    def counting(raw: Any) -> Any:
        parsed.append(raw)
        return statblock_from_dict(raw)

    monkeypatch.setattr(f"{invariants.__name__}.statblock_from_dict", counting)
    invariants._statblock_cache.clear()
    encounter = read_encounter_file(write(tmp_path, encounter_data(creatures=creatures))).encounter
    guards = encounter.creatures[:50]
    assert len(parsed) == 2  # the guards' one stat block and the captain's
    assert all(guard.statblock is guards[0].statblock for guard in guards)
    assert dict(encounter.creatures[50].statblock)["name"] == "Captain"


def test_terrain_reads_as_before(tmp_path: Path) -> None:
    squares = [[1, 2], [3, 4], [1, 2]]
    data = encounter_data(terrain=[{"kind": "difficult", "squares": squares}])
    patch = read_encounter_file(write(tmp_path, data)).encounter.terrain[0]
    assert patch.squares == frozenset({Square(1, 2), Square(3, 4)})
    assert all(type(square) is Square for square in patch.squares)
    for bad, problem in (
        ([1, True], "terrain[0].squares[1]: expected a whole number from -1000000 to 1000000"),
        ([1, 20], "terrain[0].squares[1]: square (1, 20) is off the 20x20 grid"),
        ([1], "terrain[0].squares[1]: expected [column, row]"),
    ):
        data = encounter_data(terrain=[{"kind": "difficult", "squares": [[0, 0], bad]}])
        with pytest.raises(EncounterFileError) as refused:
            read_encounter_file(write(tmp_path, data))
        assert str(refused.value) == f"cave.orcus: {problem}"


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_as_it_was_after_a_read(tmp_path: Path, enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        read_encounter_file(write(tmp_path, encounter_data()))
        assert gc.isenabled() is enabled
        with pytest.raises(EncounterFileError):
            read_encounter_file(write(tmp_path, {"format": "nonsense"}))
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_terrain_off_the_grid_is_named_as_before() -> None:
    on_grid = TerrainPatch(TerrainKind.DIFFICULT, frozenset({Square(1, 1), Square(4, 4)}))
    off = TerrainPatch(TerrainKind.BLOCKING, frozenset({Square(4, 4), Square(7, 0), Square(5, 2)}))
    encounter = Encounter(GridBounds(5, 5), terrain=(on_grid, off))
    assert list(step_problems(None, encounter)) == [
        "terrain[1].squares: (5, 2) is off the grid",
        "terrain[1].squares: (7, 0) is off the grid",
    ]
    assert list(step_problems(None, replace(encounter, terrain=(on_grid,)))) == []


def _old_decode(text: str) -> object:
    """What the decoder did before R-253: a call per integer, then a walk for the depth."""
    try:
        data = json.loads(
            text,
            parse_int=limits._parse_int,
            parse_float=limits._parse_float,
            parse_constant=limits._refuse_constant,
        )
    except RecursionError:
        return "too deep"
    except json.JSONDecodeError as exc:
        return f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
    except EncounterFileError as exc:
        return str(exc)
    return "too deep" if limits.check_depth(data) else data


def _new_decode(text: str) -> object:
    try:
        return decode_json(text)
    except EncounterFileError as exc:
        message = str(exc)
        if "nested more than" in message:
            return "too deep"
        if "invalid JSON" in message:
            return message[message.index("invalid JSON") : -1]
        return message


def _random_json(rng: random.Random, depth: int = 0) -> str:
    atoms = ["1", "-7", "1.5", "1e400", "NaN", '"a"', '"\\u0041"', '"\\"[{"', "true", "null"]
    atoms += ["é", "9" * 41, '""']
    roll = rng.random()
    if depth > 5 or roll < 0.35:
        atom = rng.choice(atoms)
        return f'"{atom}"' if atom == "é" else atom
    space = rng.choice(["", " ", "\n ", "\t"])
    if roll < 0.65:
        items = [_random_json(rng, depth + 1) for _ in range(rng.randrange(5))]
        return f"[{space}{(',' + space).join(items)}{space}]"
    keys = [rng.choice(['"k"', '"a"', '"b"']) for _ in range(rng.randrange(5))]
    members = [f"{k}{space}:{space}{_random_json(rng, depth + 1)}" for k in keys]
    return f"{{{space}{(',' + space).join(members)}{space}}}"


def test_a_text_decoded_in_parts_means_what_it_meant_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(limits, "DECODED_WHOLE_AT_MOST", 0)  # every text in parts
    rng = random.Random(253)
    texts = ["\ufeff{}", " {} ", "{} x", "", '{"a":1,}', "[1,]", '{"a" 1}', "[1 2]"]
    texts.append('{"a": [' + nested(MAX_NESTING_DEPTH) + "]}")
    for _ in range(1500):
        text = _random_json(rng)
        if rng.random() < 0.4:  # damaged: one character more or less
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(',]}[{":x1 ') + text[at:]
        texts.append(text)
    for text in texts:
        assert _new_decode(text) == _old_decode(text), text


def test_a_big_text_tells_how_far_its_decoding_is_and_can_be_cancelled() -> None:
    walls = [{"id": f"w{i}", "points": [[i, 0], [i, 1]]} for i in range(40_000)]
    text = json.dumps({"format": "orcus-encounter", "walls": walls})
    assert len(text) > limits.DECODED_WHOLE_AT_MOST
    told: list[float] = []

    def tell(_label: str, done: float) -> bool:
        told.append(done)
        return True

    data, _scan = limits.decode_json_scanned(text, "a file", tell)
    assert data == json.loads(text)
    assert told == sorted(told)
    assert 0 < told[0] < 0.5 < told[-1] <= 1
    with pytest.raises(ReadCancelledError):
        limits.decode_json_scanned(text, "a file", lambda _label, _done: False)

"""`orcus-desktop rules [show ID]` and `query ... --ruleset ID` (issue 11, item 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orcus_desktop.app import main
from orcus_desktop.cli import query_main, rules_main
from orcus_desktop.rules.ruleset import RULESETS, Ruleset
from tests.test_cli_query import ENCOUNTER


def test_rules_lists_every_ruleset_and_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(RULESETS)
    alloy = next(line for line in lines if line.startswith("alloy-heroes"))
    assert alloy.split()[1] == "004"
    assert "Alloy Heroes (004)" in alloy
    assert not any("[experimental]" in line for line in lines)


def test_rules_show_prints_fields_tables_and_hooks(capsys: pytest.CaptureFixture[str]) -> None:
    assert rules_main(["show", "alloy-heroes"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["id"] == "alloy-heroes"
    assert data["minimum_halved_damage"] == 0
    assert data["actions"]["opportunity_uses_immediate"] is False
    assert data["cover"]["levels"][1]["label"] == "improved cover"
    assert data["hooks"]["damage"] == "alloy"
    assert Ruleset.from_dict(data) == RULESETS["alloy-heroes"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["show", "pathfinder"], "unknown ruleset 'pathfinder'"),
        (["show"], "the following arguments are required: ID"),
        (["list"], "invalid choice"),
    ],
)
def test_rules_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert rules_main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("orcus-desktop rules: ")
    assert message in err


def _write(tmp_path: Path, **extra: object) -> Path:
    path = tmp_path / "fight.json"
    path.write_text(json.dumps({**ENCOUNTER, **extra}), encoding="utf-8")
    return path


def test_query_takes_the_encounters_ruleset_or_the_one_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _write(tmp_path, ruleset={"id": "alloy-heroes", "version": 1})
    argv = ["sight", str(path), "--from", "fighter", "--to", "orc"]
    assert query_main(argv) == 0
    default = json.loads(capsys.readouterr().out)
    assert query_main([*argv, "--ruleset", "4e-quickref"]) == 0
    assert json.loads(capsys.readouterr().out) == default  # same cover scale numbers
    # 001-11: the map buckets 001's four-level scale too (here: no line of effect, total).
    assert query_main([*argv, "--ruleset", "strike"]) == 0
    assert json.loads(capsys.readouterr().out)["cover"] == default["cover"] == "total"


@pytest.mark.parametrize(
    ("extra", "argv_tail", "message"),
    [
        ({}, ["--ruleset", "pathfinder"], "unknown ruleset 'pathfinder'"),
        ({"ruleset": {"id": "pathfinder"}}, [], "ruleset: unknown ruleset 'pathfinder'"),
    ],
)
def test_query_with_an_unknown_ruleset_exits_2(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    extra: dict[str, object],
    argv_tail: list[str],
    message: str,
) -> None:
    path = _write(tmp_path, **extra)
    assert query_main(["distance", str(path), "--from", "fighter", "--to", "orc", *argv_tail]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert message in err

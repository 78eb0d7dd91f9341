"""The variants are plug-ins of the rules layer (issue 30 item 1, docs/rulesets.md "Where the code
lives"): a variant registers its hooks and rulesets, the catalog refuses what would make a file
or a ruleset mean something else, and deleting a variant's package leaves 000 playing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from orcus_desktop.rules.ruleset import ORCUS, RULESETS, ruleset_by_id
from orcus_desktop.rules.ruleset.catalog import RulesVariant, register_variant
from orcus_desktop.rules.ruleset.hooks import Flow, HookNames, register_hooks
from orcus_desktop.rules.variants import VARIANTS, install

ROOT = Path(__file__).resolve().parents[2]


def test_a_ruleset_naming_a_hook_no_one_registered_is_refused_and_not_listed() -> None:
    before = dict(RULESETS)
    ghost = ORCUS.with_changes(id="ghost", hooks=HookNames(encounter_flow="ghost-flow"))
    with pytest.raises(ValueError, match="unknown hook 'ghost-flow'"):
        register_variant(RulesVariant(rulesets=(ghost,)))
    assert dict(RULESETS) == before


def test_a_hook_or_ruleset_name_cannot_be_taken_over_by_another_variant() -> None:
    # A file names only the ruleset id: an id or hook name meaning another thing would change
    # a saved fight's rules.
    with pytest.raises(ValueError, match="'square-fireballs' is registered already"):
        register_hooks((Flow("square-fireballs", "a different flow"),))
    impostor = ORCUS.with_changes(id="strike", name="Not Strike!")
    with pytest.raises(ValueError, match="'strike' is taken"):
        register_variant(RulesVariant(rulesets=(impostor,)))
    assert ruleset_by_id("strike").name == "Strike! / Shoot! / Spell! (001)"


def test_installing_again_changes_nothing() -> None:
    before = list(RULESETS.items())
    install()
    assert list(RULESETS.items()) == before
    assert [r.id for v in VARIANTS for r in v.rulesets] == list(RULESETS)[1:-1]


# The 001 controller modules still import rules/variants/strike until they move into
# controller/variants/strike (issue 30); the other three can go today.
REMOVABLE = ("quick_reference", "alloy_heroes", "square_fireballs")


def test_deleting_variants_and_their_registry_lines_leaves_orcus_playing(tmp_path: Path) -> None:
    shutil.copytree(
        ROOT / "orcus_desktop", tmp_path / "orcus_desktop", ignore=shutil.ignore_patterns("*.pyc")
    )
    shutil.copytree(ROOT / "resources", tmp_path / "resources")
    variants = tmp_path / "orcus_desktop" / "rules" / "variants"
    registry = variants / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    for name in REMOVABLE:
        shutil.rmtree(variants / name)
        text = re.sub(rf"\b{name}, |, {name}\b", "", text)
        text = re.sub(rf"\n\s*{name}\.VARIANT,", "", text)
    registry.write_text(text, encoding="utf-8")

    def run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "orcus_desktop", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    listed = [line.split()[0] for line in run("rules").splitlines()]
    assert listed == ["orcus", "strike", "orcus-no-negative-hp"]
    demo = tmp_path / "resources" / "encounters" / "demo.json"
    assert run("query", "waiting", str(demo)).strip() == '{"waiting": []}'

"""003's contradictions as docs/rulings.md decides them: R-87 (003-32) and R-88 (003-39)."""

from __future__ import annotations

from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import questions
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from tests.controller.test_square_fireballs_status import _conditions, _fight, _stealth_fight


def test_prone_in_cover_gains_superior_cover_never_total() -> None:
    """R-87: 003-32, 003 l.358 "if already in Cover, gains Total Cover (an additional -3 ...)"
    is Superior Cover (-5 in all): the prone creature can still be targeted."""
    s = _stealth_fight(first="hero")
    assert s.run(gm_edits.add_condition, "orc", Condition.PRONE, DurationKind.UNTIL_COUNTERED).ok
    for measured in ("half", "three_quarters"):  # Cover, Superior Cover
        choices = AttackChoices(cover={"orc": measured})
        (ranged,), problem = s.ask(attacks.preview_attack, "hero", "Arcane Bolt", ["orc"], choices)
        assert problem == ""  # not Total Cover: still a target
        assert (-5, "superior cover") in ranged.attack_parts
    # Melee sees no step: the cover stays as measured.
    choices = AttackChoices(cover={"orc": "half"})
    (melee,), _ = s.ask(attacks.preview_attack, "hero", "Basic Melee Attack", ["orc"], choices)
    assert (-2, "cover") in melee.attack_parts


def test_a_deafen_is_a_dazzle_next_to_blindness() -> None:
    """R-88: 003-39, 003 l.458 "Deafened: Renamed to Dazzled", as written."""
    s = _fight()
    assert s.run(gm_edits.add_condition, "orc", Condition.BLINDED).ok
    assert s.run(gm_edits.add_condition, "orc", Condition.DEAFENED).ok
    held = {c.condition for c in _conditions(s, "orc")}
    assert held == {Condition.BLINDED, Condition.DAZZLED}
    assert Condition.DEAFENED not in s.ask(questions.gm_conditions)

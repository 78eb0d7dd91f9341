"""The frozen result types of the rules engine, gathered in one place.

Every rules function returns ``(new_state, result)`` or a result; the controller records them in
the log and the document, and :mod:`orcus_desktop.rules.format` turns them into text. They are
defined next to the code that produces them; this module re-exports them so a consumer can
``from orcus_desktop.rules.results import AttackResult, DamageApplied, ...``.
"""

from __future__ import annotations

from orcus_desktop.rules.attack_application import AttackApplied, TargetApplied
from orcus_desktop.rules.attack_rolls import AttackResult, TargetAttack, TargetDamage
from orcus_desktop.rules.checks import CheckResult
from orcus_desktop.rules.damage import DamageApplied, DamageComputation, DamageStep
from orcus_desktop.rules.derived import AttackPreview
from orcus_desktop.rules.dice_values import DiceRoll, DieResult, RollTerm
from orcus_desktop.rules.healing import HealingApplied, RallyResult, TempHpGranted
from orcus_desktop.rules.modifiers import ResolvedValue, Stacked
from orcus_desktop.rules.state import Expired
from orcus_desktop.rules.turns import DeathSave, EffectSave, EndOfTurn, SavingThrow, StartOfTurn

__all__ = [
    "AttackApplied",
    "AttackPreview",
    "AttackResult",
    "CheckResult",
    "DamageApplied",
    "DamageComputation",
    "DamageStep",
    "DeathSave",
    "DiceRoll",
    "DieResult",
    "EffectSave",
    "EndOfTurn",
    "Expired",
    "HealingApplied",
    "RallyResult",
    "ResolvedValue",
    "RollTerm",
    "SavingThrow",
    "Stacked",
    "StartOfTurn",
    "TargetApplied",
    "TargetAttack",
    "TargetDamage",
    "TempHpGranted",
]

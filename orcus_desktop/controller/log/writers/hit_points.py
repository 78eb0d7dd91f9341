"""Hit points, effects and saves in the log.

Damage, healing and temporary hit points, conditions and persistent damage gained and ended,
saving throws and death saves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from orcus_desktop.controller.log import records as rec
from orcus_desktop.controller.log.writers.base import Worded, Writers, damage_text, save_text
from orcus_desktop.rules.conditions import ConditionInstance
from orcus_desktop.rules.format import healing_text, temp_hp_text

WRITERS: Final = Writers()


@WRITERS.of(rec.Damage)
def _damage(e: Worded, r: rec.Damage) -> str:
    return damage_text(e.targets, r)


@WRITERS.of(rec.Healing)
def _healing(e: Worded, r: rec.Healing) -> str:
    return healing_text(e.targets, r)


@WRITERS.of(rec.Regeneration)
def _regeneration(e: Worded, r: rec.Regeneration) -> str:
    return "Regeneration: " + healing_text(e.targets, r)


@WRITERS.of(rec.PersistentDamageTaken)
def _persistent_damage(e: Worded, r: rec.PersistentDamageTaken) -> str:
    return "Persistent damage: " + damage_text(e.targets, replace(r.damage, source=""))


@WRITERS.of(rec.TempHp)
def _temp_hp(e: Worded, r: rec.TempHp) -> str:
    return temp_hp_text(e.targets, r.offered, r.before, r.after)


@WRITERS.of(rec.ConditionAdded)
def _condition_added(e: Worded, r: rec.ConditionAdded) -> str:
    by = f" (by {e.actor})" if e.entry.actor else ""
    if isinstance(r.effect, ConditionInstance) and r.effect.downgraded_from is not None:
        return f"{e.targets}: {e.effect(r.effect)}{by}"  # the GM's downgrade (003-21)
    return f"{e.targets} is {e.effect(r.effect)}{by}"


@WRITERS.of(rec.PersistentAdded)
def _persistent_added(e: Worded, r: rec.PersistentAdded) -> str:
    return f"{e.targets} takes {e.effect(r.effect)}"


@WRITERS.of(rec.EffectEnded)
def _effect_ended(e: Worded, r: rec.EffectEnded) -> str:
    effects = ", ".join(e.effect(x) for x in r.effects)
    reason = f" ({r.reason})" if r.reason else ""
    return f"{e.targets}: {effects} ends{reason}"


@WRITERS.of(rec.SavingThrow)
def _saving_throw(e: Worded, r: rec.SavingThrow) -> str:
    text = f"{e.actor} saves against {e.effect(r.effect)}: {save_text(r.save, r.typed_in)}"
    if r.downgraded is not None:  # 003-21
        text += f"; {e.effect(r.downgraded)}"  # "Stunned downgraded to Dazed (save ends)"
    return text


@WRITERS.of(rec.DeathSave)
def _death_save(e: Worded, r: rec.DeathSave) -> str:
    text = f"{e.actor} makes a death saving throw: {save_text(r.save)}"
    if r.spent_recovery:
        text += "; a natural 20: spends a recovery and wakes"
    elif not r.save.success:
        text += f"; failure {r.failures}"
    if r.died:
        text += f"; {e.actor} dies"
    return text

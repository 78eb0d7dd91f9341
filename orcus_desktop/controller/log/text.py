"""The wording of the combat log: the one text for each entry, for the log panel and any export.

The log stores structured events (`model.combat.LogEntry`), read into typed records by
`log_records`. Rolls and explained numbers are rebuilt from the records and printed by
`rules.format` ("Orc: 18 (d20) +3 Strength +0 half level = 21 vs AC 15 -> hit"). An attack
takes several lines: its targets and what they took are indented below it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from string import Formatter
from typing import Any, Final

from orcus_desktop.controller.log import records as rec
from orcus_desktop.controller.log.records import (
    Damage,
    Effect,
    LogRecord,
    LogRecordError,
    RollRecord,
    SaveRecord,
    record_of,
    resolved_value,
)
from orcus_desktop.model.combat import LogEntry
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import ConditionInstance
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.format import (
    damage_outcome,
    format_resolved,
    format_roll,
    healing_text,
    save_verdict,
    temp_hp_text,
)
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import ForcedMovementKind

NameOf = Callable[[str | None], str]
"""Creature id -> the name to print ("" for None; a creature gone keeps its id)."""

Label = Callable[[str], str]
"""The encounter's ruleset's name for a term (`Ruleset.label`); `plain_label` is 000's."""


def plain_label(key: str) -> str:
    """A term as 000 names it: its id with spaces ("three_quarters" -> "three quarters")."""
    return key.replace("_", " ")


DURATION_TEXT: Final[dict[DurationKind, str]] = {
    DurationKind.END_OF_TARGET_NEXT_TURN: "end of its next turn",
    DurationKind.END_OF_USER_NEXT_TURN: "end of the user's next turn",
    DurationKind.START_OF_TARGET_NEXT_TURN: "start of its next turn",
    DurationKind.START_OF_USER_NEXT_TURN: "start of the user's next turn",
    DurationKind.SAVE_ENDS: "save ends",
    DurationKind.END_OF_ENCOUNTER: "end of the encounter",
    DurationKind.UNTIL_COUNTERED: "until countered",
    DurationKind.END_OF_SURPRISE_ROUND: "end of the surprise round",
    DurationKind.END_OF_TARGET_TURN: "end of its turn",
}
"""How a duration reads after a condition: "Dazed (save ends)"."""


def names_of(encounter: Encounter) -> dict[str, str]:
    """Creature id -> display name, for `describe`."""
    return {c.id: c.name for c in encounter.creatures}


def describe(entry: LogEntry, names: Mapping[str, str]) -> str:
    """`entry_text` with the names from a mapping (an id not in it prints as itself)."""
    return entry_text(entry, lambda cid: names.get(cid, cid) if cid else "")


def entry_text(entry: LogEntry, name: NameOf, label: Label = plain_label) -> str:
    """The entry as text (several lines for an attack); never raises.

    ``label`` names conditions as the encounter's ruleset does (`Ruleset.label`). An entry of
    an unknown kind, or whose details do not have its kind's layout, gets the generic line of
    `fallback_text`.
    """
    try:
        record = record_of(entry)
        return _WRITERS[type(record)](_Entry(entry, name, label), record)
    except (LogRecordError, ValueError, LookupError):
        return fallback_text(entry, name)


def fallback_text(entry: LogEntry, name: NameOf) -> str:
    """The generic line: who, the kind in words, and the targets ("Alice delay (Bob)")."""
    actor = name(entry.actor) if entry.actor else ""
    targets = ", ".join(name(t) for t in entry.targets)
    return f"{actor} {entry.kind.replace('_', ' ')}".strip() + (f" ({targets})" if targets else "")


# -- pieces ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Entry:
    """The entry being worded, with the names of its creatures."""

    entry: LogEntry
    name: NameOf
    label: Label = plain_label

    def effect(self, effect: Effect | None) -> str:
        return effect_text(effect, self.label)

    @property
    def actor(self) -> str:
        return self.name(self.entry.actor) if self.entry.actor else ""

    @property
    def targets(self) -> str:
        return ", ".join(self.name(t) for t in self.entry.targets)

    def round(self, stated: int | None) -> int:
        """The round a record states, else the entry's (older files do not state it)."""
        return self.entry.round if stated is None else stated


def roll_text(roll: RollRecord | None) -> str:
    """The roll with every die (`rules.format.format_roll`); its total if it cannot be rebuilt."""
    if roll is None:
        return ""
    try:
        return format_roll(roll.to_dice_roll())
    except LogRecordError:
        return str(roll.total)


def condition_name(condition: ConditionInstance, label: Label = plain_label) -> str:
    """``Dazed``, or ``Stunned downgraded to Dazed`` (003-21).

    The one wording of a downgrade for the log, the tracker, the effect list and the token
    tooltip.
    """
    now = label(condition.condition.value).capitalize()
    if condition.downgraded_from is None:
        return now
    return f"{label(condition.downgraded_from.value).capitalize()} downgraded to {now}"


def effect_text(
    effect: Effect | None, label: Label = plain_label, persistent: str = "persistent damage"
) -> str:
    """``Dazed (save ends)`` or ``5 fire persistent damage (save ends)``.

    ``label`` names conditions (the ruleset's `Ruleset.label`: 004 "Snared"); ``persistent``
    names persistent damage (the panels say only "persistent").
    """
    if effect is None:
        return "an effect"
    kind = effect.duration.kind
    when = DURATION_TEXT.get(kind, kind.value)
    if isinstance(effect, ConditionInstance):
        what = condition_name(effect, label)
    else:
        types = " ".join(t.value for t in effect.types)
        what = f"{effect.amount} {types + ' ' if types else ''}{persistent}"
    return f"{what} ({when})"


def damage_text(target: str, d: Damage) -> str:
    """``Orc takes 9 damage from Longsword (...): HP 30 -> 21; staggered``."""
    text = f"{target} takes {d.amount} damage"
    if d.source:
        text += f" from {d.source}"
    if d.steps:
        text += f" ({d.rolled}" + "".join(f" {v:+d} ({reason})" for v, reason in d.steps) + ")"
    return text + damage_outcome(d)


def _save_text(save: SaveRecord, typed_in: bool = False) -> str:
    total = resolved_value(save.parts, save.total)
    shown = format_resolved(total) if total is not None else str(save.total)
    typed = " (typed in)" if typed_in else ""
    return save_verdict(shown, save.target_number, save.success) + typed


# -- one writer per record type ----------------------------------------------------------------

_Writer = Callable[[_Entry, Any], str]
_WRITERS: Final[dict[type[LogRecord], _Writer]] = {}


def _writes(*types: type[LogRecord]) -> Callable[[_Writer], _Writer]:
    def register(writer: _Writer) -> _Writer:
        for record_type in types:
            _WRITERS[record_type] = writer
        return writer

    return register


def _fixed(record_type: type[LogRecord], text: str) -> None:
    """A kind worded by a template: {actor}, {targets} and the record's fields as {r.field}.

    A field the record type does not have is refused here, when the module loads, not when an
    entry is worded.
    """
    known = {f.name for f in fields(record_type)}
    for _text, field_name, _spec, _conversion in Formatter().parse(text):
        if field_name is None or field_name in ("actor", "targets"):
            continue
        if not field_name.startswith("r.") or field_name[2:] not in known:
            raise ValueError(f"{record_type.__name__}: no field {field_name!r} in {text!r}")
    _WRITERS[record_type] = lambda e, r: text.format(actor=e.actor, targets=e.targets, r=r)


def worded_types() -> frozenset[type[LogRecord]]:
    """The record types with their own wording (every registered kind, the tests check)."""
    return frozenset(_WRITERS)


# -- the turn flow


@_writes(rec.Initiative)
def _initiative(e: _Entry, r: rec.Initiative) -> str:
    if r.entered_total is not None:
        return f"{e.actor}: initiative {r.entered_total} (entered by the GM)"
    notes = ([f"group {r.group}"] if r.group else []) + (["die typed in"] if r.typed_in else [])
    text = f"{e.actor} rolls initiative: {roll_text(r.roll)}"
    return text + (f" ({', '.join(notes)})" if notes else "")


@_writes(rec.InitiativeChoiceMade)
def _initiative_choice(e: _Entry, r: rec.InitiativeChoiceMade) -> str:
    tie = f", {r.tie_choice} the tied" if r.tie_choice in ("before", "after") else ""
    return f"{r.mechanic}: {e.actor} rolls {r.check.capitalize()} for initiative{tie}"


@_writes(rec.InitiativeLadder)
def _initiative_ladder(e: _Entry, r: rec.InitiativeLadder) -> str:
    order = ", then ".join(e.name(c) for c in r.first_to_last)
    rolls = "; ".join(
        f"step {s.step}: {e.name(s.unit)} "
        + (f"d6 {s.d6}" if s.d6 is not None else f"{(s.check or '').capitalize()} {s.total}")
        for s in r.steps
    )
    return f"{r.mechanic}: tie at initiative {r.initiative} goes {order}" + (
        f" ({rolls})" if rolls else ""
    )


@_writes(rec.InitiativeTie)
def _initiative_tie(e: _Entry, r: rec.InitiativeTie) -> str:
    first = ", then ".join(e.name(c) for c in r.winner_first)
    return f"Tie at initiative {r.initiative} (modifier {r.modifier}): a coin flip puts {first}"


@_writes(rec.InitiativeEdit)
def _initiative_edit(e: _Entry, r: rec.InitiativeEdit) -> str:
    before = f", acts before {e.name(r.before)}" if r.before else ""
    return f"{e.actor}: initiative {r.old} -> {r.new}{before}"


@_writes(rec.CombatStart)
def _combat_start(e: _Entry, r: rec.CombatStart) -> str:
    return "Combat starts" + (" with a surprise round" if r.surprise_round else "")


@_writes(rec.RoundStart)
def _round_start(e: _Entry, r: rec.RoundStart) -> str:
    if r.surprise:
        return "— Surprise round —"
    return f"— Round {e.round(r.round)} —"


@_writes(rec.RoundEnd)
def _round_end(e: _Entry, r: rec.RoundEnd) -> str:
    number = e.round(r.round)
    # The surprise round is stored as round 0 (rounds count from 1 after it, 000 "Surprised").
    return "End of the surprise round" if number == 0 else f"End of round {number}"


@_writes(rec.CombatEnd)
def _combat_end(e: _Entry, r: rec.CombatEnd) -> str:
    return f"Combat ends (round {e.round(r.rounds)})"


@_writes(rec.TurnStart)
def _turn_start(e: _Entry, r: rec.TurnStart) -> str:
    return f"{e.actor}'s turn" + (" (re-entering after a delay)" if r.resumed else "")


@_writes(rec.DelayResume)
def _delay_resume(e: _Entry, r: rec.DelayResume) -> str:
    return f"{e.actor} stops delaying: acts after {e.name(r.after)} (initiative {r.initiative})"


@_writes(rec.Ready)
def _ready(e: _Entry, r: rec.Ready) -> str:
    what = f": {r.description}" if r.description else ""
    return f"{e.actor} readies a {r.action} action{what} (trigger: {r.trigger})"


_fixed(rec.SurpriseEnd, 'No one is surprised any more (000 "Surprised")')
_fixed(rec.TurnSkipped, "{actor} loses its turn ({r.reason})")
_fixed(
    rec.ReadiedTriggered,
    "{actor} takes its readied {r.action} action before {targets} "
    "(trigger: {r.trigger}; initiative now {r.initiative})",
)
_fixed(rec.ReadiedLapsed, "{actor}'s readied action lapses (trigger: {r.trigger})")
_fixed(rec.AttackDropped, "{r.what} does not happen: {r.reason}")
_fixed(rec.TurnEnd, "{actor} ends its turn")
_fixed(rec.TurnLost, "{actor} delayed too long: its turn this round is lost")
_fixed(rec.Delay, "{actor} delays")
_fixed(rec.JoinCombat, "{actor} joins the combat")
_fixed(rec.ReadiedPassed, "{actor} lets its readied action pass")


@_writes(rec.AttackHeld)
def _attack_held(e: _Entry, r: rec.AttackHeld) -> str:
    return f"{r.what} waits for the {opportunity_attacks(e.label)}"


@_writes(rec.OpportunityDeclined)
def _opportunity_declined(e: _Entry, r: rec.OpportunityDeclined) -> str:
    return f"{e.actor} lets the {opportunity_attack(e.label)} pass"


_fixed(rec.MoveStopped, "{actor} is stopped where it provoked")

# -- moving


@_writes(rec.Move)
def _move(e: _Entry, r: rec.Move) -> str:
    if r.mode == "gm":
        text = f"{e.actor} is moved by the GM"
    else:
        # The ruleset's name for the move (004 "adjust" for a shift, 002-004 "run" for a dash).
        text = f"{e.actor} moves {plural(r.cost, 'square')} ({e.label(r.mode)})"
    return text + _offered(e, r.provoked)


@_writes(rec.ChargeMove)
def _charge_move(e: _Entry, r: rec.ChargeMove) -> str:
    return f"{e.actor} charges {e.targets}: moves {plural(r.cost, 'square')}"


def _offered(e: _Entry, provoked: tuple[str, ...] | None) -> str:
    if not provoked:
        return ""
    return f"; {opportunity_attack(e.label)} offered to " + ", ".join(e.name(p) for p in provoked)


@_writes(rec.ForcedMove)
def _forced_move(e: _Entry, r: rec.ForcedMove) -> str:
    try:
        past = ForcedMovementKind(r.movement).past
    except ValueError:  # a kind this version does not know: say it as written
        past = r.movement
    by = f" by {e.actor}" if e.entry.actor else ""
    if r.moved is None or r.moved >= r.squares:  # a full move, or a file without `moved`
        return f"{e.targets} is {past} {plural(r.squares, 'square')}{by}"
    # 003-43: it ended short (a collision or an edge follows); say how far it really went.
    how = "stopped at once" if r.moved == 0 else "stopped short"
    return f"{e.targets} is {past} {r.moved} of {plural(r.squares, 'square')}{by} ({how})"


# -- attacks


@_writes(rec.Attack)
def _attack(e: _Entry, r: rec.Attack) -> str:
    # A monster's power is often its weapon ("Shortbow"): not "uses Shortbow with Shortbow".
    weapon = f" with {r.weapon}" if r.weapon and r.weapon != r.power else ""
    # 001-23/24: the strike a reaction was made as ("... as a Counter Strike!").
    made_as = f" as a {r.reaction}" if r.reaction else ""
    lines = [f"{e.actor} uses {r.power}{weapon} ({r.origin}){made_as}"]
    for roll, label in (
        (r.hit_damage, "damage on a hit"),
        (r.miss_damage, "damage on a miss"),
        (r.effect_damage, "effect damage"),
    ):
        if roll is not None:
            lines.append(f"  {label}: {roll_text(roll)}")
    for t in r.targets:
        lines += ["  " + line for line in _attack_target(e, t)]
    if r.provoked:
        offered = ", ".join(e.name(p) for p in r.provoked)
        lines.append(f"  {opportunity_attack(e.label)} offered to {offered}")
    return "\n".join(lines)


def term(label: Label, key: str, plain: str) -> str:
    """The ruleset's own name for `key` (004-29 "battle superiority"), else `plain`.

    `plain` is 000's word: a name `label` shares with 000 (`ORCUS`) reads as `plain`, so a
    line under 000 is the same with the ruleset's labels or without (`plain_label`).

    An attack's line, card and summary speak one ruleset's words, as its parts do.
    """
    named = label(key)
    return plain if named in (plain_label(key), ORCUS.label(key)) else named


def opportunity_attack(label: Label) -> str:
    """000's "opportunity attack" as the ruleset names it (004 "attack of opportunity")."""
    return term(label, "opportunity_attack", "opportunity attack")


def an_opportunity_attack(label: Label) -> str:
    """`opportunity_attack` with its article ("an attack of opportunity", "a Counter ...")."""
    named = opportunity_attack(label)
    return f"{'an' if named[:1].lower() in 'aeiou' else 'a'} {named}"


def opportunity_attacks(label: Label) -> str:
    """The plural of `opportunity_attack` (004 "attacks of opportunity")."""
    return term(label, "opportunity_attacks", "opportunity attacks")


def defense_name(label: Label, defense: str) -> str:
    """A defense as the ruleset names it (004-37 "Defense", 001-38 "Block"), else 000's ("AC").

    A name 000 does not have reads "defense".
    """
    try:
        plain = Defense(defense).label
    except ValueError:
        return "defense"
    return term(label, defense, plain)


def _attack_target(e: _Entry, t: rec.AttackTarget) -> list[str]:
    target = e.name(t.target)
    attack = resolved_value(t.attack_parts, t.attack)
    defense = resolved_value(t.defense_parts, t.defense)
    if attack is None or defense is None:
        line = f"{target}: no attack roll"
    else:
        verdict = "CRITICAL HIT" if t.critical else ("hit" if t.hit else "miss")
        auto = f", {t.automatic}" if t.automatic else ""
        kind = defense_name(e.label, str(t.defense_kind))
        # An unmodified defense reads "vs AC 17", not "vs AC 17 (Goblin AC) = 17".
        plain = not defense.modifiers and not defense.ignored and defense.override is None
        against = str(defense.total) if plain else format_resolved(defense)
        line = f"{target}: {format_resolved(attack)} vs {kind} {against} -> {verdict}{auto}"
        if t.combat_advantage:
            advantage = term(e.label, "combat_advantage", "combat advantage")
            line += f" ({advantage}: {', '.join(t.combat_advantage)})"
    if t.cover and t.cover != "none":
        cover = term(e.label, t.cover, "")  # 004 "improved cover", 001 "3/4 cover"
        line += f"; {cover}" if cover else f"; cover: {plain_label(t.cover)}"
    lines = [line]
    lines += ["  " + damage_text(target, d) for d in t.damage]
    lines += [f"  {target} is {e.effect(c)}" for c in t.conditions]
    lines += [f"  {target} takes {e.effect(p)}" for p in t.persistent]
    lines += [f"  {target}: {movement} {n}" for movement, n in t.forced_movement]
    lines += ["  " + healing_text(target, h) for h in t.healing]
    # The power's words the app does not carry out ("An enemy adjacent to you takes..."):
    # "Goblin: An enemy adjacent..." read as if the goblin were that enemy.
    lines += [f"  for the GM to apply: {text}" for text in t.text]
    return lines


# -- hit points, effects and saves


@_writes(rec.Damage)
def _damage(e: _Entry, r: rec.Damage) -> str:
    return damage_text(e.targets, r)


@_writes(rec.Healing)
def _healing(e: _Entry, r: rec.Healing) -> str:
    return healing_text(e.targets, r)


@_writes(rec.Regeneration)
def _regeneration(e: _Entry, r: rec.Regeneration) -> str:
    return "Regeneration: " + healing_text(e.targets, r)


@_writes(rec.PersistentDamageTaken)
def _persistent_damage(e: _Entry, r: rec.PersistentDamageTaken) -> str:
    return "Persistent damage: " + damage_text(e.targets, replace(r.damage, source=""))


@_writes(rec.TempHp)
def _temp_hp(e: _Entry, r: rec.TempHp) -> str:
    return temp_hp_text(e.targets, r.offered, r.before, r.after)


@_writes(rec.ConditionAdded)
def _condition_added(e: _Entry, r: rec.ConditionAdded) -> str:
    by = f" (by {e.actor})" if e.entry.actor else ""
    if isinstance(r.effect, ConditionInstance) and r.effect.downgraded_from is not None:
        return f"{e.targets}: {e.effect(r.effect)}{by}"  # the GM's downgrade (003-21)
    return f"{e.targets} is {e.effect(r.effect)}{by}"


@_writes(rec.PersistentAdded)
def _persistent_added(e: _Entry, r: rec.PersistentAdded) -> str:
    return f"{e.targets} takes {e.effect(r.effect)}"


@_writes(rec.EffectEnded)
def _effect_ended(e: _Entry, r: rec.EffectEnded) -> str:
    effects = ", ".join(e.effect(x) for x in r.effects)
    reason = f" ({r.reason})" if r.reason else ""
    return f"{e.targets}: {effects} ends{reason}"


@_writes(rec.SavingThrow)
def _saving_throw(e: _Entry, r: rec.SavingThrow) -> str:
    text = f"{e.actor} saves against {e.effect(r.effect)}: {_save_text(r.save, r.typed_in)}"
    if r.downgraded is not None:  # 003-21
        text += f"; {e.effect(r.downgraded)}"  # "Stunned downgraded to Dazed (save ends)"
    return text


@_writes(rec.DeathSave)
def _death_save(e: _Entry, r: rec.DeathSave) -> str:
    text = f"{e.actor} makes a death saving throw: {_save_text(r.save)}"
    if r.spent_recovery:
        text += "; a natural 20: spends a recovery and wakes"
    elif not r.save.success:
        text += f"; failure {r.failures}"
    if r.died:
        text += f"; {e.actor} dies"
    return text


# -- combat actions


@_writes(rec.HelpAttack, rec.HelpDefense)
def _help(e: _Entry, r: rec.HelpAttack | rec.HelpDefense) -> str:
    ally, enemy = (e.name(t) for t in e.entry.targets[:2])
    verb = "attack" if isinstance(r, rec.HelpAttack) else "defend against"
    return f"{e.actor} helps {ally} {verb} {enemy} (+{r.bonus})"


@_writes(rec.AidAnother)
def _aid_another(e: _Entry, r: rec.AidAnother) -> str:
    return f"{e.actor} aids {e.targets}" + (f": {r.note}" if r.note else "")


@_writes(rec.RuleNote)
def _rule_note(e: _Entry, r: rec.RuleNote) -> str:
    return f"{r.mechanic}: {r.note}" if r.mechanic else r.note


@_writes(rec.ZoneChange)
def _zone(e: _Entry, r: rec.ZoneChange) -> str:
    text = f"Zone {r.zone} {r.event}" + (
        f" by {e.actor}" if e.actor and r.event == "placed" else ""
    )
    return text + (f": {r.why}" if r.why else "")


@_writes(rec.DiceRolled)
def _dice_rolled(e: _Entry, r: rec.DiceRolled) -> str:
    return f"GM rolls {r.label or r.expression}: {format_roll(r.to_dice_roll())}"


@_writes(rec.Rally)
def _rally(e: _Entry, r: rec.Rally) -> str:
    return f"{e.actor} rallies: " + healing_text(e.actor, r.healing)


@_writes(rec.Maintain)
def _maintain(e: _Entry, r: rec.Maintain) -> str:
    return f"{e.actor} maintains {r.power or 'a power'}"


@_writes(rec.MaintainLapsed)
def _maintain_lapsed(e: _Entry, r: rec.MaintainLapsed) -> str:
    return f"{e.actor} did not maintain {r.power or 'a power'}: it ends"


@_writes(rec.Grapple)
def _grapple(e: _Entry, r: rec.Grapple) -> str:
    how = " (automatically: the target is helpless)" if r.automatic else ""
    return f"{e.actor} grapples {e.targets}{how}"


@_writes(rec.EscapeGrapple)
def _escape(e: _Entry, r: rec.EscapeGrapple) -> str:
    verdict = "escapes" if r.success else "fails to escape"
    check = resolved_value(r.parts, r.total)
    shown = format_resolved(check) if check is not None else str(r.total)
    return f"{e.actor} {verdict} from {e.targets}: {r.skill} {shown} vs {r.target_number}"


@_writes(rec.TotalDefense)
def _total_defense(e: _Entry, r: rec.TotalDefense) -> str:
    # The ruleset's figure, kept in the record (003-09: +4); 000's +2 in older logs.
    bonus = 2 if r.bonus is None else r.bonus
    return f"{e.actor} takes total defense: +{bonus} to all defenses"


_fixed(rec.ActionPoint, "{actor} spends an action point ({r.left} left)")
_fixed(rec.StandUp, "{actor} stands up")
_fixed(rec.DropProne, "{actor} drops prone")
_fixed(rec.ReleaseGrapple, "{actor} lets go of {targets}")


def plural(n: int, word: str) -> str:
    """``1 square``, ``3 squares``: a count in a result's text or a status line."""
    return f"{n} {word}{'' if n == 1 else 's'}"

"""Reading the combat part of an encounter file: initiative, turns, aids, the log."""

from __future__ import annotations

from orcus_desktop.model.combat import (
    ActionBudget,
    Aid,
    AidKind,
    Combat,
    Combatant,
    CombatPhase,
    EscalationSet,
    LogEntry,
    Maintained,
    OwedForcedMove,
    PendingAttack,
    ReadiedAction,
    TurnSight,
)
from orcus_desktop.model.file_format.cover_choices import cover_choices_from
from orcus_desktop.model.file_format.fields import (
    EncounterFileError,
    boolean,
    enum_at,
    known_id,
    list_at,
    mapping,
    optional_whole,
    text,
    whole,
)
from orcus_desktop.model.file_format.forcing import forcing_from
from orcus_desktop.model.file_format.initiative_choices import (
    CHECK_VALUES,
    initiative_choices_from,
)
from orcus_desktop.model.file_format.limits import MAX_LOG_ENTRIES
from orcus_desktop.model.file_format.monster_groups import monster_groups_from
from orcus_desktop.model.file_format.ready_items import ready_items_from
from orcus_desktop.model.file_format.round_end import round_end_from
from orcus_desktop.model.frozen import freeze as _freeze
from orcus_desktop.model.held import HELD_KINDS
from orcus_desktop.model.log_sequence import LogSequence
from orcus_desktop.rules.engagement import Engagement, StrikeKind, StrikeOffer
from orcus_desktop.rules.guards import Guard, Guarding
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId, ForcedMovementKind


def combat_from(item: object, creature_ids: set[str]) -> Combat:
    data = mapping(item, "combat")
    phase = enum_at(CombatPhase, data.get("phase", "setup"), "combat.phase")
    round_ = whole(data.get("round", 0), "combat.round", 0, 10**6)
    order = tuple(
        CreatureId(known_id(v, f"combat.order[{i}]", creature_ids))
        for i, v in enumerate(list_at(data.get("order", []), "combat.order"))
    )
    current_raw = data.get("current")
    current = (
        None
        if current_raw is None
        else CreatureId(known_id(current_raw, "combat.current", creature_ids))
    )
    combatants = tuple(
        _combatant_from(v, f"combat.combatants[{i}]", creature_ids)
        for i, v in enumerate(list_at(data.get("combatants", []), "combat.combatants"))
    )
    log = LogSequence(
        _log_entry_from(v, f"combat.log[{i}]")
        for i, v in enumerate(list_at(data.get("log", []), "combat.log", MAX_LOG_ENTRIES))
    )
    aids = tuple(
        _aid_from(v, f"combat.aids[{i}]", creature_ids)
        for i, v in enumerate(list_at(data.get("aids", []), "combat.aids"))
    )
    maintained = tuple(
        _maintained_from(v, f"combat.maintained[{i}]", creature_ids)
        for i, v in enumerate(list_at(data.get("maintained", []), "combat.maintained"))
    )
    pending = None
    if data.get("pending") is not None:
        pending = _pending_from(data["pending"], "combat.pending", creature_ids)
    # Files saved before forced movement was kept in the document have none owed.
    owed_raw = list_at(data.get("owed_forced_moves", []), "combat.owed_forced_moves")
    owed = tuple(
        _owed_from(v, f"combat.owed_forced_moves[{i}]", creature_ids)
        for i, v in enumerate(owed_raw)
    )
    escalation = None
    if data.get("escalation_set") is not None:
        raw = mapping(data["escalation_set"], "combat.escalation_set")
        escalation = EscalationSet(
            whole(raw.get("value", 0), "combat.escalation_set.value", 0, 10**6),
            whole(raw.get("round", 0), "combat.escalation_set.round", 0, 10**6),
        )
    # Files saved before 001's engagement was kept have none (001-25).
    engaged_raw = list_at(data.get("engagements", []), "combat.engagements")
    pairs = tuple(
        _engagement_from(v, f"combat.engagements[{i}]", creature_ids)
        for i, v in enumerate(engaged_raw)
    )
    offers = tuple(
        _offer_from(v, f"combat.strike_offers[{i}]", creature_ids)
        for i, v in enumerate(list_at(data.get("strike_offers", []), "combat.strike_offers"))
    )
    return Combat(
        phase,
        round_,
        order,
        current,
        combatants,
        log,
        aids,
        maintained,
        pending,
        owed,
        pairs,
        offers,
        escalation_set=escalation,
        initiative_choices=initiative_choices_from(data, creature_ids),
        guards=tuple(
            _guarding_from(v, f"combat.guards[{i}]", creature_ids)
            for i, v in enumerate(list_at(data.get("guards", []), "combat.guards"))
        ),
        turn_sight=_turn_sight_from(data.get("turn_sight"), creature_ids),
        monster_groups=monster_groups_from(data, creature_ids),
        round_end_activities=round_end_from(data),
        ready_items=ready_items_from(data, creature_ids),
        forcing=forcing_from(data, creature_ids, round_),
        cover_choices=cover_choices_from(data, creature_ids),
    )


def _turn_sight_from(item: object, creature_ids: set[str]) -> TurnSight | None:
    """001-20's snapshot; files saved before it was kept have none (no band applies)."""
    if item is None:
        return None
    data = mapping(item, "combat.turn_sight")
    seen = list_at(data.get("seen", []), "combat.turn_sight.seen")
    return TurnSight(
        CreatureId(known_id(data.get("viewer"), "combat.turn_sight.viewer", creature_ids)),
        frozenset(
            CreatureId(known_id(v, f"combat.turn_sight.seen[{i}]", creature_ids))
            for i, v in enumerate(seen)
        ),
    )


def _guarding_from(item: object, where: str, creature_ids: set[str]) -> Guarding:
    data = mapping(item, where)
    return Guarding(
        creature=CreatureId(known_id(data.get("creature"), f"{where}.creature", creature_ids)),
        guard=enum_at(Guard, data.get("guard"), f"{where}.guard"),
        since=whole(data.get("since", 0), f"{where}.since", -1, 10**6),
    )


def _initiative_check(value: object, where: str) -> str:
    """001-01: "" (000) or the check the combatant rolled."""
    if value not in CHECK_VALUES:
        raise EncounterFileError(f"{where}.initiative_check: not an initiative check")
    return str(value)


def _offer_from(item: object, where: str, creature_ids: set[str]) -> StrikeOffer:
    data = mapping(item, where)
    return StrikeOffer(
        reactor=CreatureId(known_id(data.get("reactor"), f"{where}.reactor", creature_ids)),
        target=CreatureId(known_id(data.get("target"), f"{where}.target", creature_ids)),
        kind=enum_at(StrikeKind, data.get("kind"), f"{where}.kind"),
    )


def _engagement_from(item: object, where: str, creature_ids: set[str]) -> Engagement:
    data = mapping(item, where)
    return Engagement(
        engager=CreatureId(known_id(data.get("engager"), f"{where}.engager", creature_ids)),
        target=CreatureId(known_id(data.get("target"), f"{where}.target", creature_ids)),
    )


def _owed_from(item: object, where: str, creature_ids: set[str]) -> OwedForcedMove:
    data = mapping(item, where)
    source = data.get("source")
    return OwedForcedMove(
        target=CreatureId(known_id(data.get("target"), f"{where}.target", creature_ids)),
        # "slide" (4th Edition's word) reads as a slip, as it always has.
        kind=enum_at(ForcedMovementKind, data.get("kind"), f"{where}.kind"),
        squares=whole(data.get("squares"), f"{where}.squares", 0, 1000),
        source=None
        if source is None
        else CreatureId(known_id(source, f"{where}.source", creature_ids)),
    )


def _pending_from(item: object, where: str, creature_ids: set[str]) -> PendingAttack:
    data = mapping(item, where)
    kind = text(data.get("kind"), f"{where}.kind")
    if kind not in HELD_KINDS:
        expected = ", ".join(f'"{k}"' for k in HELD_KINDS)
        raise EncounterFileError(f"{where}.kind: expected one of {expected}")
    return PendingAttack(
        attacker=CreatureId(known_id(data.get("attacker"), f"{where}.attacker", creature_ids)),
        kind=kind,
        power=text(data.get("power", ""), f"{where}.power"),
        targets=tuple(
            CreatureId(known_id(v, f"{where}.targets[{i}]", creature_ids))
            for i, v in enumerate(list_at(data.get("targets", []), f"{where}.targets"))
        ),
        options=_freeze(mapping(data.get("options", {}), f"{where}.options")),
        text=text(data.get("text", ""), f"{where}.text"),
    )


def _maintained_from(item: object, where: str, creature_ids: set[str]) -> Maintained:
    data = mapping(item, where)
    return Maintained(
        owner=CreatureId(known_id(data.get("owner"), f"{where}.owner", creature_ids)),
        power=text(data.get("power"), f"{where}.power"),
        kind=enum_at(ActionKind, data.get("kind"), f"{where}.kind"),
        maintained=boolean(data.get("maintained", True), f"{where}.maintained"),
    )


def _aid_from(item: object, where: str, creature_ids: set[str]) -> Aid:
    data = mapping(item, where)
    return Aid(
        kind=enum_at(AidKind, data.get("kind"), f"{where}.kind"),
        helper=CreatureId(known_id(data.get("helper"), f"{where}.helper", creature_ids)),
        ally=CreatureId(known_id(data.get("ally"), f"{where}.ally", creature_ids)),
        enemy=CreatureId(known_id(data.get("enemy"), f"{where}.enemy", creature_ids)),
        round_given=whole(data.get("round_given", 0), f"{where}.round_given", 0, 10**6),
    )


def _combatant_from(item: object, where: str, creature_ids: set[str]) -> Combatant:
    data = mapping(item, where)
    big = 10**6
    budget = _budget(data.get("budget", [1, 1, 1]), f"{where}.budget")
    turn_budget = _budget(data.get("turn_budget", [1, 1, 1]), f"{where}.turn_budget")
    readied = None
    if data.get("readied") is not None:
        r = mapping(data["readied"], f"{where}.readied")
        readied = ReadiedAction(
            kind=enum_at(ActionKind, r.get("kind"), f"{where}.readied.kind"),
            trigger=text(r.get("trigger", ""), f"{where}.readied.trigger"),
            description=text(r.get("description", ""), f"{where}.readied.description"),
            round_readied=whole(
                r.get("round_readied", 0), f"{where}.readied.round_readied", 0, big
            ),
        )
    group = data.get("group")
    if group is not None and not isinstance(group, str):
        raise EncounterFileError(f"{where}.group: expected text")
    return Combatant(
        creature_id=CreatureId(known_id(data.get("id"), f"{where}.id", creature_ids)),
        initiative=whole(data.get("initiative", 0), f"{where}.initiative", -big, big),
        initiative_roll=optional_whole(data.get("initiative_roll"), f"{where}.initiative_roll"),
        initiative_modifier=whole(
            data.get("initiative_modifier", 0), f"{where}.initiative_modifier", -big, big
        ),
        tie_break=whole(data.get("tie_break", 0), f"{where}.tie_break", -big, big),
        tie_order=whole(data.get("tie_order", 0), f"{where}.tie_order", 0, big),
        initiative_check=_initiative_check(data.get("initiative_check", ""), where),
        group=group,
        surprised=boolean(data.get("surprised", False), f"{where}.surprised"),
        acted_round=whole(data.get("acted_round", -1), f"{where}.acted_round", -1, big),
        delaying=boolean(data.get("delaying", False), f"{where}.delaying"),
        readied=readied,
        budget=budget,
        turn_budget=turn_budget,
        immediate_used=boolean(data.get("immediate_used", False), f"{where}.immediate_used"),
        opportunity_turn=text(data.get("opportunity_turn", ""), f"{where}.opportunity_turn"),
        action_point_spent=boolean(
            data.get("action_point_spent", False), f"{where}.action_point_spent"
        ),
        spent_action_point_turn=boolean(
            data.get("spent_action_point_turn", False), f"{where}.spent_action_point_turn"
        ),
        moved_squares=whole(data.get("moved_squares", 0), f"{where}.moved_squares", 0, big),
        walk_left=whole(data.get("walk_left", 0), f"{where}.walk_left", 0, big),
        turn_started_round=whole(
            data.get("turn_started_round", -1), f"{where}.turn_started_round", -1, big
        ),
        out_of_turn=None
        if data.get("out_of_turn") is None
        else enum_at(ActionKind, data.get("out_of_turn"), f"{where}.out_of_turn"),
    )


def _budget(value: object, where: str) -> ActionBudget:
    items = list_at(value, where)
    if len(items) != 3:
        raise EncounterFileError(f"{where}: expected [standard, move, swift]")
    return ActionBudget(*(whole(v, where, 0, 99) for v in items))


def _log_entry_from(item: object, where: str) -> LogEntry:
    data = mapping(item, where)
    actor = data.get("actor")
    if actor is not None and not isinstance(actor, str):
        raise EncounterFileError(f"{where}.actor: expected text")
    targets = list_at(data.get("targets", []), f"{where}.targets")
    if not all(isinstance(t, str) for t in targets):
        raise EncounterFileError(f"{where}.targets: expected a list of ids")
    return LogEntry(
        seq=whole(data.get("seq", 0), f"{where}.seq", 0, 10**9),
        round=whole(data.get("round", 0), f"{where}.round", 0, 10**6),
        kind=text(data.get("kind"), f"{where}.kind"),
        actor=None if actor is None else CreatureId(actor),
        targets=tuple(CreatureId(t) for t in targets),
        data=_freeze(mapping(data.get("data", {}), f"{where}.data")),
    )

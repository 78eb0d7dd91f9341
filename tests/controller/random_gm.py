"""A seeded random GM: plays a ruleset through the façade (`GameSession`) as a GM could.

Each step picks what a GM could do now: an action the Actions panel offers as allowed (from the
availability table), a reaction to an offer (taken or let pass), placing or leaving an owed push,
a GM edit (damage, healing, hit points, conditions, a hidden token), a GM move, end turn, undo
or redo. `RandomGm.step` returns what it did and what the session answered; the property test
(test_random_gm.py) checks the document after every step. Used with a fixed seed budget in the
suite and for long runs on demand (docs/design.md#testing, ORCUS_RANDOM_GM_STEPS).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from orcus_desktop.controller.actions import (
    aid_actions,
    attacks,
    combat_actions,
    forced_placement,
    grappling,
    interrupts,
)
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.table import ActionOption
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.alloy_heroes import cover_choices, skill_uses
from orcus_desktop.controller.variants.strike import (
    engagement,
    strike_states,
    table_actions,
    withdrawing,
)
from orcus_desktop.controller.variants.strike.table_actions import TableAction, TableCheck
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.forced import forced_destinations
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.combat import AidKind
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import WallId
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.guards import Guard
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId, ForcedMovementKind, MoveMode
from tests.conftest import REPO_ROOT

_LIBRARY = REPO_ROOT / "resources" / "creatures"

# (library file, id, top-left square): heroes west, monsters east; an ogre (Large) and a small
# rogue and rat, so squeezing, reach and sizes are in play.
_CAST = (
    ("fighter.json", "fighter", Square(2, 3)),
    ("cleric.json", "cleric", Square(1, 5)),
    ("wizard.json", "wizard", Square(0, 2)),
    ("rogue.json", "rogue", Square(3, 6)),
    ("ogre.json", "ogre", Square(7, 3)),
    ("goblin_warrior.json", "goblin", Square(6, 6)),
    ("goblin_archer.json", "archer", Square(10, 1)),
    ("dire_rat.json", "rat", Square(5, 1)),
)

_MODES = {
    CombatAction.WALK: MoveMode.WALK,
    CombatAction.CRAWL: MoveMode.CRAWL,
    CombatAction.SQUEEZE: MoveMode.SQUEEZE,
    CombatAction.DASH: MoveMode.DASH,
    CombatAction.FIVE_FOOT_STEP: MoveMode.SHIFT,
}

BUDGET_REFUSAL = re.compile(r"has no (\w+ )?action left")
"""A refusal for a spent action: never the answer to an action the panel called available."""


def _statblock(file: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((_LIBRARY / file).read_text(encoding="utf-8"))
    return data


def battle(ruleset_id: str) -> Encounter:
    """The random GM's map: 12×9 squares, a wall with a gap, a pillar, difficult ground."""
    creatures = []
    for file, cid, square in _CAST:
        block = _statblock(file)
        creatures.append(
            Creature(
                CreatureId(cid),
                str(block["name"]),
                str(block["side"]),
                size=Size(block.get("size", "medium")),
                square=square,
                speed=int(block["speeds"]["walk"]),
                statblock=freeze(block),
            )
        )
    walls = (
        WallEntry(WallId("w1"), Wall(WallKind.WALL, ((5.0, 0.0), (5.0, 1.0)))),
        WallEntry(WallId("w2"), Wall(WallKind.WALL, ((5.0, 3.0), (5.0, 5.0)))),
    )
    terrain = (
        TerrainPatch(TerrainKind.BLOCKING, frozenset({Square(9, 7)})),
        TerrainPatch(TerrainKind.DIFFICULT, frozenset({Square(4, 4), Square(4, 5)})),
    )
    return Encounter(
        GridBounds(12, 9),
        walls=walls,
        terrain=terrain,
        creatures=tuple(creatures),
        ruleset_id=ruleset_id,
    )


def random_session(ruleset_id: str, seed: int) -> GameSession:
    """A session on `battle(ruleset_id)` with an undo history long enough for any run."""
    doc = Document(battle(ruleset_id))
    return GameSession(doc, History(doc, limit=1_000_000), random.Random(seed))


@dataclass(frozen=True, slots=True)
class Played:
    """One step of the random GM: what it asked for, the answer, and the promise it relied on.

    Attributes:
        what: the call, as a reader of a failure wants it ("shove('ogre', 'fighter', ...)").
        result: the session's answer (a refusal is a result).
        offered: the availability option that called the action allowed, if one did.
    """

    what: str
    result: OperationResult
    offered: ActionOption | None = None


class RandomGm:
    """Picks and plays one step at a time, from `rng`, through `session` only."""

    def __init__(self, session: GameSession, rng: random.Random) -> None:
        self.session = session
        self.rng = rng

    # -- the step ------------------------------------------------------------------------

    def step(self) -> Played:
        """One GM step, chosen among what the app offers now."""
        combat = self.session.encounter.combat
        if not combat.active:
            return self._start_combat()
        choices: list[tuple[float, Callable[[], Played | None]]] = [
            (8.0, self._act),
            (1.5, self._gm_edit),
            (0.6, self._gm_move),
            (1.0, self._end_turn),
            (0.8, self._undo),
            (0.4, self._redo),
            (0.4, self._trigger_readied),
            (0.5, self._use_skill),
            (0.5, self._cover_shot),
            # 001-24: more often once creatures are engaged, so the Free Strikes! come.
            (2.0 if combat.engagements else 0.3, self._strike_action),
        ]
        if combat.pending is not None or combat.strike_offers:
            choices.append((10.0, self._react))
        if combat.owed_forced_moves:
            choices.append((10.0, self._place_forced))
        if combat.cover_choices:
            choices.append((10.0, self._answer_cover))
        for _ in range(20):
            played = self._weighted(choices)()
            if played is not None:
                return played
        return self._end_turn()

    def _weighted(
        self, choices: list[tuple[float, Callable[[], Played | None]]]
    ) -> Callable[[], Played | None]:
        total = sum(w for w, _ in choices)
        pick = self.rng.uniform(0, total)
        for weight, choice in choices:
            pick -= weight
            if pick <= 0:
                return choice
        return choices[-1][1]

    def _call(
        self, what: str, call: Callable[[], OperationResult], offered: ActionOption | None = None
    ) -> Played:
        return Played(what, call(), offered)

    # -- combat flow ---------------------------------------------------------------------

    def _start_combat(self) -> Played:
        s = self.session
        if not s.encounter.combat.order:
            dice: dict[str, int] = {c.id: self.rng.randint(1, 20) for c in s.encounter.creatures}
            return self._call(
                f"roll_initiative({dice})", lambda: s.run(initiative.roll_initiative, dice=dice)
            )
        return self._call("start_combat()", lambda: s.run(initiative.start_combat))

    def _end_turn(self) -> Played:
        die = self.rng.randint(1, 20)
        saves = {i: self.rng.randint(1, 20) for i in range(1, 40)}
        # what waits is answered first, or let pass with the turn's end.
        let_pass = self.rng.random() < 0.5
        return self._call(
            f"end_turn(death_save_die={die}, let_pass={let_pass})",
            lambda: self.session.end_turn(save_dice=saves, death_save_die=die, let_pass=let_pass),
        )

    def _undo(self) -> Played:
        return self._call("undo()", self.session.undo)

    def _redo(self) -> Played:
        return self._call("redo()", self.session.redo)

    def _dice(self, n: int = 6) -> list[int]:
        return [self.rng.randint(1, 20) for _ in range(n)]

    # -- the current creature's actions --------------------------------------------------

    def _act(self) -> Played | None:
        s = self.session
        combat = s.encounter.combat
        # The current creature, or one whose readied action triggered (it acts out of turn).
        actors = [combat.current] if combat.current is not None else []
        actors += [
            c.creature_id
            for c in combat.combatants
            if c.out_of_turn not in (None, ActionKind.OPPORTUNITY) and c.creature_id not in actors
        ]
        if not actors:
            return None
        actor = self.rng.choice(actors)
        available = s.available_actions(actor)
        options: list[Any] = [o for o in available.actions if o.allowed]
        options += [p for p in available.powers if p.allowed]
        if not options:
            return None
        option = self.rng.choice(options)
        if isinstance(option, ActionOption):
            return self._action(actor, option)
        return self._power(actor, option.name)

    def _others(self, actor: str, *, enemies: bool | None = None) -> list[str]:
        encounter = self.session.encounter
        side = encounter.creature(actor).side
        return [
            c.id
            for c in encounter.creatures
            if c.id != actor and (enemies is None or (c.side != side) == enemies)
        ]

    def _power(self, actor: str, name: str) -> Played | None:
        s = self.session
        targets = list(s.ask(attacks.power_targets, actor, name))
        if targets:
            chosen = self.rng.sample(targets, self.rng.randint(1, min(2, len(targets))))
        else:
            chosen = []
        dice = self._dice()
        return self._call(
            f"use_power({actor!r}, {name!r}, {chosen}, dice={dice})",
            lambda: s.use_power(actor, name, chosen, dice=dice),
        )

    def _cover_shot(self) -> Played | None:
        """The current creature shoots at a target behind cover, with a roll that misses only
        through it (004-27: the covering creature is struck, or may take the hit, R-154)."""
        s = self.session
        actor = s.encounter.combat.current
        if actor is None:
            return None
        powers = [p.name for p in s.available_actions(actor).powers if p.allowed]
        shot = next(
            (
                (name, preview)
                for name in self.rng.sample(powers, len(powers))
                for target_id in s.ask(attacks.power_targets, actor, name)
                for preview in s.ask(attacks.preview_attack, actor, name, [target_id])[0][:1]
                if preview.facts.cover != "none" and preview.defense is not None
            ),
            None,
        )
        if shot is None:
            return None
        name, preview = shot
        assert preview.defense is not None
        dice = self._dice()
        dice[0] = max(2, min(19, preview.defense - preview.attack_bonus - 1))
        target = preview.target
        return self._call(
            f"use_power({actor!r}, {name!r}, [{target!r}], dice={dice})",
            lambda: s.use_power(actor, name, [target], dice=dice),
        )

    def _square(self) -> Square:
        grid = self.session.encounter.grid
        return Square(self.rng.randrange(grid.columns), self.rng.randrange(grid.rows))

    def _action(self, actor: str, option: ActionOption) -> Played | None:  # noqa: C901, PLR0912 -- split pending (issue 30 item 7)
        s = self.session
        action = option.action
        rng = self.rng
        if action in _MODES:
            mode = _MODES[action]
            reach = sorted(s.reachable_squares(actor, mode), key=lambda q: (q.col, q.row))
            if not reach:
                return None
            to = rng.choice(reach)
            return self._call(
                f"move_creature({actor!r}, {to}, {mode})",
                lambda: s.move_creature(actor, to, mode),
                option,
            )
        enemies = self._others(actor, enemies=True)
        allies = self._others(actor, enemies=False)
        target = rng.choice(enemies) if enemies else None
        dice = self._dice()
        simple = {
            CombatAction.TOTAL_DEFENSE,
            CombatAction.RALLY,
            CombatAction.STAND_UP,
            CombatAction.DROP_PRONE,
            CombatAction.SPEND_ACTION_POINT,
        }
        if action in simple:
            return self._call(
                f"take_action({action}, {actor!r})",
                lambda: s.run(combat_actions.take_action, action, actor),
                option,
            )
        if action is CombatAction.END_TURN:
            return self._end_turn()
        if action is CombatAction.DELAY:
            return self._call("delay()", s.delay, option)
        if action is CombatAction.READY:
            kind = rng.choice([ActionKind.STANDARD, ActionKind.MOVE])
            return self._call(
                f"ready_action({actor!r}, {kind})",
                lambda: s.run(initiative.ready_action, actor, kind, "an enemy comes near"),
                option,
            )
        if target is None:
            return None
        if action is CombatAction.BASIC_ATTACK:
            ranged = rng.random() < 0.3
            return self._call(
                f"basic_attack({actor!r}, {target!r}, ranged={ranged}, dice={dice})",
                lambda: s.run(attacks.basic_attack, actor, target, ranged=ranged, dice=dice),
                option,
            )
        if action is CombatAction.CHARGE:
            ends = s.ask(combat_actions.charge_destinations, actor, target)
            if not ends:
                return None
            end = rng.choice(ends)
            return self._call(
                f"charge({actor!r}, {end}, {target!r}, dice={dice})",
                lambda: s.run(combat_actions.charge, actor, end, target, dice=dice),
                option,
            )
        if action is CombatAction.SHOVE:
            return self._call(
                f"shove({actor!r}, {target!r}, dice={dice})",
                lambda: s.run(combat_actions.shove, actor, target, dice=dice),
                option,
            )
        if action is CombatAction.GRAPPLE:
            return self._call(
                f"grapple({actor!r}, {target!r}, dice={dice})",
                lambda: s.run(grappling.grapple, actor, target, dice=dice),
                option,
            )
        if action is CombatAction.COUP_DE_GRACE:
            return self._call(
                f"coup_de_grace({actor!r}, {target!r})",
                lambda: s.run(combat_actions.coup_de_grace, actor, target, dice=dice),
                option,
            )
        if action is CombatAction.ESCAPE_GRAPPLE:
            die = rng.randint(1, 20)
            return self._call(
                f"escape_grapple({actor!r}, die={die})",
                lambda: s.run(grappling.escape_grapple, actor, die=die),
                option,
            )
        if action is CombatAction.RELEASE_GRAPPLE:
            return self._call(
                f"release_grapple({actor!r})",
                lambda: s.run(grappling.release_grapple, actor),
                option,
            )
        if action is CombatAction.MOVE_GRAPPLED:
            to, their = self._square(), self._square()
            return self._call(
                f"move_grappled({actor!r}, {target!r}, {to}, {their})",
                lambda: s.run(grappling.move_grappled, actor, target, to, their, dice=dice),
                option,
            )
        if action in (CombatAction.HELP_ATTACK, CombatAction.HELP_DEFENSE) and allies:
            ally = rng.choice(allies)
            aid = AidKind.ATTACK if action is CombatAction.HELP_ATTACK else AidKind.DEFENSE
            return self._call(
                f"{action}({actor!r}, {ally!r}, {target!r})",
                lambda: s.run(aid_actions.help_ally, actor, ally, target, aid),
                option,
            )
        return None

    # -- reactions -----------------------------------------------------------------------

    def _use_skill(self) -> Played | None:
        """004-09's Use a Skill (a Combat menu item, not an Actions-panel row): refused in words
        under the other rulesets, held for attacks of opportunity next to an enemy under 004."""
        s = self.session
        actor = s.encounter.combat.current
        if actor is None:
            return None
        skill = self.rng.choice(["Heal", "Perception", "Athletics", "Stealth"])
        kind = self.rng.choice([ActionKind.STANDARD, ActionKind.MOVE])
        die = self.rng.randint(1, 20)
        return self._call(
            f"use_skill({actor!r}, {skill!r}, {kind}, die={die})",
            lambda: s.run(skill_uses.use_skill, actor, skill, kind, die=die, target_number=15),
        )

    def _strike_action(self) -> Played | None:
        """001's Combat-menu actions (Block, Dodge, Dispel, Hide, Crouch, Withdraw, a table
        action): each waits for its engagers' Free Strikes! (001-24, R-127, R-153), and is
        refused in words under the other rulesets."""
        s = self.session
        actor = s.encounter.combat.current
        if actor is None:
            return None
        pick = self.rng.randrange(6)
        if pick < 3:
            kind = list(Guard)[pick]
            return self._call(
                f"guard({actor!r}, {kind})", lambda: s.run(engagement.guard, actor, kind)
            )
        if pick == 3:
            die = self.rng.randint(1, 20)
            return self._call(
                f"hide({actor!r}, die={die})", lambda: s.run(strike_states.hide, actor, die)
            )
        if pick == 4:
            return self._call(f"withdraw({actor!r})", lambda: s.run(withdrawing.withdraw, actor))
        total = self.rng.randint(1, 25)
        check = TableCheck(TableAction.SEARCH, "the lever", total=total, dc=12)
        return self._call(
            f"table_action({actor!r}, search {total} vs 12)",
            lambda: s.run(table_actions.take_table_action, actor, check),
        )

    def _react(self) -> Played | None:
        s = self.session
        combat = s.encounter.combat
        reactors = [
            c.creature_id
            for c in combat.combatants
            if s.encounter.find_creature(c.creature_id) is not None
            and s.available_actions(c.creature_id).option(CombatAction.OPPORTUNITY_ATTACK).allowed
        ]
        reactors += [o.reactor for o in combat.strike_offers if o.reactor not in reactors]
        if not reactors:
            return None
        reactor = self.rng.choice(reactors)
        if self.rng.random() < 0.4:
            return self._call(
                f"decline_opportunity_attack({reactor!r})",
                lambda: s.run(interrupts.decline_opportunity_attack, reactor),
            )
        target = combat.pending.attacker if combat.pending is not None else None
        offer = next((o for o in combat.strike_offers if o.reactor == reactor), None)
        if offer is not None:
            target = offer.target
        if target is None:
            return None
        dice = self._dice()
        option = s.available_actions(reactor).option(CombatAction.OPPORTUNITY_ATTACK)
        return self._call(
            f"opportunity_attack({reactor!r}, {target!r}, dice={dice})",
            lambda: s.run(interrupts.opportunity_attack, reactor, target, dice=dice),
            option if option.allowed else None,
        )

    def _answer_cover(self) -> Played:
        """004 l.760 (R-154): the covering creature takes the hit, or lets the target have it."""
        coverer = self.session.encounter.combat.cover_choices[0].coverer
        take = self.rng.random() < 0.5
        return self._call(
            f"answer_cover_choice({coverer!r}, take={take})",
            lambda: self.session.run(cover_choices.answer, coverer, take=take),
        )

    def _trigger_readied(self) -> Played | None:
        s = self.session
        readied = [c.creature_id for c in s.encounter.combat.combatants if c.readied is not None]
        if not readied:
            return None
        who = self.rng.choice(readied)
        trigger = self.rng.choice(self._others(who) or [who])
        return self._call(
            f"trigger_readied({who!r}, {trigger!r})",
            lambda: s.run(initiative.trigger_readied, who, trigger),
        )

    def _place_forced(self) -> Played:
        s = self.session
        owed = s.encounter.combat.owed_forced_moves[0]
        if self.rng.random() < 0.15:
            return self._call(
                f"leave_forced_move({owed.target!r})",
                lambda: s.run(forced_placement.leave_forced_move, owed.target),
            )
        # The squares the forced-move tool offers (controller/tools/forced_move_tool.py).
        places = forced_destinations(
            s.battlefield(),
            owed.target,
            ForcedMovementKind(owed.kind),
            owed.squares,
            source_id=owed.source,
            along_lines=s.ruleset.hooks.movement_policy.forced_along_lines,
        )
        if not places:
            return self._call(
                f"leave_forced_move({owed.target!r})",
                lambda: s.run(forced_placement.leave_forced_move, owed.target),
            )
        to = self.rng.choice(sorted(places, key=lambda q: (q.col, q.row)))
        return self._call(
            f"force_move({owed.target!r}, {owed.kind}, {owed.squares}, {to})",
            lambda: s.run(
                forced_placement.force_move,
                owed.target,
                str(owed.kind),
                owed.squares,
                to,
                source_id=owed.source,
            ),
        )

    # -- the GM's own hand ---------------------------------------------------------------

    def _gm_edit(self) -> Played | None:
        s = self.session
        rng = self.rng
        who = rng.choice([c.id for c in s.encounter.creatures])
        pick = rng.randrange(7)
        if pick == 0:
            amount = rng.choice([1, 5, 12, 30, 100])
            return self._call(
                f"apply_damage({who!r}, {amount})",
                lambda: s.run(gm_edits.apply_damage, who, amount),
            )
        if pick == 1:
            amount = rng.choice([1, 8, 50])
            return self._call(
                f"heal({who!r}, {amount})", lambda: s.run(gm_edits.heal, who, amount)
            )
        if pick == 2:
            hp = rng.choice([-20, -1, 0, 1, 20, 500])
            return self._call(
                f"set_hit_points({who!r}, {hp})", lambda: s.run(gm_edits.set_hit_points, who, hp)
            )
        if pick == 3:
            amount = rng.choice([0, 5])
            return self._call(
                f"grant_temp_hp({who!r}, {amount})",
                lambda: s.run(gm_edits.grant_temp_hp, who, amount),
            )
        if pick == 4:
            condition = rng.choice(s.ask(questions.gm_conditions))
            duration = rng.choice(list(DurationKind))
            return self._call(
                f"add_condition({who!r}, {condition}, {duration})",
                lambda: s.run(gm_edits.add_condition, who, condition, duration),
            )
        state = s.encounter.creature(who).state
        effects = [e.effect_id for e in (state.conditions if state else ())]
        effects += [e.effect_id for e in (state.persistent if state else ())]
        if pick == 5 and effects:
            effect = rng.choice(effects)
            if rng.random() < 0.5:
                return self._call(
                    f"remove_effect({who!r}, {effect})",
                    lambda: s.run(gm_edits.remove_effect, who, effect),
                )
            die = rng.randint(1, 20)
            return self._call(
                f"saving_throw({who!r}, {effect}, die={die})",
                lambda: s.run(gm_edits.saving_throw, who, effect, die=die),
            )
        if pick == 6:
            die = rng.randint(1, 20)
            return self._call(
                f"hide({who!r}, die={die})", lambda: s.run(strike_states.hide, who, die)
            )
        return None

    def _gm_move(self) -> Played:
        s = self.session
        who = self.rng.choice([c.id for c in s.encounter.creatures])
        to = self._square()
        current = s.encounter.combat.current
        if current is not None and current != who and self.rng.random() < 0.4:
            # Into the line of fire: halfway between the current creature and another, so
            # shots past a creature (its cover, 004-27 and R-154) come up.
            a = s.encounter.creature(current).square
            b = s.encounter.creature(self.rng.choice(self._others(current))).square
            to = Square((a.col + b.col) // 2, (a.row + b.row) // 2)
        return self._call(f"move_creature({who!r}, {to}, gm)", lambda: s.move_creature(who, to))

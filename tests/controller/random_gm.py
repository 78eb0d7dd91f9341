"""A seeded random GM: plays a ruleset through the façade (`GameSession`) as a GM could.

Each step picks what a GM could do now: an action the Actions panel offers as allowed (from the
availability table), a reaction to an offer (taken or let pass), placing or leaving an owed push,
a GM edit (damage, healing, hit points, conditions, a hidden token), a GM move, end turn (most
likely right after readying an action), undo or redo; the map, the tokens, the library and the
ruleset edited (`random_gm_map.py`); the initiative, the GM's rolls and the variants' own steps
(`random_gm_turns.py`); now and then the scene for what random states seldom offer (a helpless
enemy next to the creature whose turn it is, a Hidden creature under 003, a maintained power or
sustained zone due, "Against who?"), most often played next (`RandomGm._set_up_now`,
`RandomGm._set_the_scene`). `RandomGm.step` returns what it did and what the session answered;
the property test (test_random_gm.py) checks the document after every step. Used with a fixed
seed budget in the suite and for long runs on demand (docs/design.md#testing,
ORCUS_RANDOM_GM_STEPS).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from typing import ClassVar

from orcus_desktop.controller.actions import (
    aid_actions,
    attacks,
    combat_actions,
    forced_placement,
    grappling,
    interrupts,
)
from orcus_desktop.controller.attacks import attack_powers
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.table import (
    READY_KINDS,
    ActionOption,
    PowerOption,
    why_not,
)
from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.alloy_heroes import cover_choices, skill_uses
from orcus_desktop.controller.variants.strike import (
    engagement,
    interposition,
    strike_states,
    table_actions,
    withdrawing,
)
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.controller.variants.strike.table_actions import TableAction, TableCheck
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.forced import forced_destinations
from orcus_desktop.geometry.grid import GridBounds, Space, Square, spaces_adjacent
from orcus_desktop.model.combat import AidKind
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter, WallEntry
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.zones import ZoneDuration
from orcus_desktop.rules.conditions import HELPLESS_CONDITIONS, Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.guards import Guard
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import RULESETS
from orcus_desktop.vocabulary import ForcedMovementKind, MoveMode
from tests.controller.random_gm_coverage import CountingSession
from tests.controller.random_gm_map import MapHand, library_creature
from tests.controller.random_gm_steps import Choice, Hand, Played
from tests.controller.random_gm_turns import TurnHand

__all__ = ["BUDGET_REFUSAL", "Played", "RandomGm", "battle", "random_session"]

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

_SIMPLE = frozenset(
    {
        CombatAction.TOTAL_DEFENSE,
        CombatAction.RALLY,
        CombatAction.STAND_UP,
        CombatAction.DROP_PRONE,
        CombatAction.SPEND_ACTION_POINT,
    }
)
"""The panel's actions with no target: taken as they are."""

OnEnemy = Callable[["RandomGm", str, str, ActionOption], "Played | None"]
"""How the random GM plays an action on an enemy: (gm, actor, target, option)."""

BUDGET_REFUSAL = re.compile(
    r"has no (\w+ )?action left"  # 000's budget (availability.py)
    r"|has taken its (one )?action"  # 001-05: a move, then one action (strike_turns.py)
    r"|only a single action this turn, already taken"  # R-121's limiting conditions
)
"""A refusal for a spent action: never the answer to an action the panel called available."""


def battle(ruleset_id: str) -> Encounter:
    """The random GM's map: 12×9 squares, a wall with a gap, a pillar, difficult ground."""
    creatures = [library_creature(file, cid, square) for file, cid, square in _CAST]
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


def random_session(ruleset_id: str, seed: int) -> CountingSession:
    """A session on `battle(ruleset_id)` with an undo history long enough for any run; it
    counts the use cases it runs (`random_gm_coverage.py`)."""
    doc = Document(battle(ruleset_id))
    return CountingSession(doc, History(doc, limit=1_000_000), random.Random(seed))


class RandomGm(Hand):
    """Picks and plays one step at a time, from `rng`, through `session` only.

    Args:
        rulesets: the rulesets the GM may switch to between fights (all by default).
    """

    def __init__(
        self,
        session: GameSession,
        rng: random.Random,
        rulesets: tuple[str, ...] = tuple(sorted(RULESETS)),
    ) -> None:
        super().__init__(session, rng)
        self.map = MapHand(session, rng, rulesets)
        self.turns = TurnHand(session, rng)
        self.last: Played | None = None
        self.scene: Choice | None = None
        """What the last step set the scene for (`_set_the_scene`), most likely next."""

    # -- the step ------------------------------------------------------------------------

    def step(self) -> Played:
        """One GM step, chosen among what the app offers now."""
        scene, self.scene = self.scene, None
        self.last = self._step(scene)
        if not self.last.result.ok:
            self.scene = None
        return self.last

    def _step(self, scene: Choice | None = None) -> Played:
        combat = self.session.encounter.combat
        if not combat.active:
            return self._between_fights()
        choices: list[tuple[float, Choice]] = [
            (8.0, self._act),
            (1.5, self._gm_edit),
            (0.6, self._gm_move),
            (1.0, self._end_turn),
            (0.8, self._undo),
            (0.4, self._redo),
            (0.4, self._trigger_readied),
            (0.5, self._use_skill),
            # 004-27: a miss only through cover strikes the covering creature.
            (
                1.5 if self.session.encounter.ruleset_id == "alloy-heroes" else 0.5,
                self._cover_shot,
            ),
            # 001-24: more often once creatures are engaged, so the Free Strikes! come.
            (2.0 if combat.engagements else 0.3, self._strike_action),
            (1.5, self.map.step),
            (1.5, self.turns.step),
            (0.1, self._end_combat),
            (0.4, self._set_the_scene),
            (0.5, self._stepping_in_scene),
            (0.6, self._hiding_scene),
            (0.4, self._downgrade_scene),
        ]
        if combat.pending is not None or combat.strike_offers:
            choices.append((10.0, self._react))
        if combat.owed_forced_moves:
            choices.append((10.0, self._place_forced))
        if combat.cover_choices:
            choices.append((10.0, self._answer_cover))
        if self._readied_last():
            choices.append((12.0, self._end_turn))  # 000 "Ready": then the turn ends
        choices += self._set_up_now()
        if scene is not None:
            choices.append((30.0, scene))
        for _ in range(20):
            played = self._weighted(choices)()
            if played is not None:
                return played
        return self._end_turn()

    def _set_up_now(self) -> list[tuple[float, Choice]]:
        """What the state of the fight calls for now, which random play seldom sets up: the
        GM's "Against who?" answer (001-10/29), a maintained power or sustained zone of the
        creature whose turn it is, due this turn (000 "Maintain"), and 003's Raise the Alarm,
        Search and Sneak when the panel offers them (003-11, 003-47)."""
        encounter = self.session.encounter
        combat, current = encounter.combat, encounter.combat.current
        found: list[tuple[float, Choice]] = []
        if interposition.offered(encounter):
            found.append((10.0, self._against_who))
        if current is None:
            return found
        if any(m.owner == current and not m.maintained for m in combat.maintained):
            found.append((8.0, self.turns.maintain))  # kept up most turns
        if any(
            z.owner == current and z.duration is ZoneDuration.SUSTAINED and not z.sustained
            for z in encounter.zones
        ):
            found.append((2.0, self.map.sustain))
        offered = {
            "raise_alarm": self.turns.alarm,
            "stealth_search": self.turns.search,
            "stealth_sneak": self.turns.sneak,
        }
        found += [
            (3.0, play)
            for key, play in offered.items()
            if not self.session.ask(why_not, current, key)
        ]
        return found

    def _between_fights(self) -> Played:
        """Set up (the map, surprise, groups, the ruleset), then roll and start the fight."""
        pick = self.rng.random()
        between = None
        if pick < 0.5 and self._first_undecided():
            between = self.turns.first()  # 001-36: once initiative is rolled, before it starts
        elif pick < 0.1:
            between = self.map.switch_ruleset()
        elif pick < 0.25:
            between = self.turns.setup_step()
        elif pick < 0.35:
            between = self.map.step()
        elif pick < 0.4:  # 000 "Maintain": no bundled creature maintains a power
            between = self.map.give_wizard_hold_monster()
        elif pick < 0.5 and self.session.ruleset.hooks.flow.raise_the_alarm:
            between = self.turns.set_surprised()  # an ambush: 003-11's alarm then helps
        return between or self._start_combat()

    def _first_undecided(self) -> bool:
        """Initiative is rolled, the fight not started, and the ruleset asks who goes first."""
        combat = self.session.encounter.combat
        return bool(combat.order) and self.session.ask(strike_questions.adjudicates_first)

    def _end_combat(self) -> Played:
        """The GM ends the fight; the next steps set up and start another."""
        return self.call("end_combat()", lambda: self.session.run(initiative.end_combat))

    def _readied_last(self) -> bool:
        """The last step readied an action (000 "Ready", 003-52) or an item (001 l.330)."""
        last = self.last
        return last is not None and last.result.ok and last.what.startswith("ready")

    def _weighted(self, choices: list[tuple[float, Choice]]) -> Choice:
        total = sum(w for w, _ in choices)
        pick = self.rng.uniform(0, total)
        for weight, choice in choices:
            pick -= weight
            if pick <= 0:
                return choice
        return choices[-1][1]

    # -- combat flow ---------------------------------------------------------------------

    def _start_combat(self) -> Played:
        s = self.session
        if not s.encounter.combat.order:
            dice: dict[str, int] = {c.id: self.rng.randint(1, 20) for c in s.encounter.creatures}
            return self.call(
                f"roll_initiative({dice})", lambda: s.run(initiative.roll_initiative, dice=dice)
            )
        return self.call("start_combat()", lambda: s.run(initiative.start_combat))

    def _end_turn(self) -> Played:
        die = self.rng.randint(1, 20)
        saves = {i: self.rng.randint(1, 20) for i in range(1, 40)}
        # what waits is answered first, or let pass with the turn's end.
        let_pass = self.rng.random() < 0.5
        return self.call(
            f"end_turn(death_save_die={die}, let_pass={let_pass})",
            lambda: self.session.end_turn(save_dice=saves, death_save_die=die, let_pass=let_pass),
        )

    def _undo(self) -> Played:
        return self.call("undo()", self.session.undo)

    def _redo(self) -> Played:
        return self.call("redo()", self.session.redo)

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
        options: list[ActionOption | PowerOption] = [o for o in available.actions if o.allowed]
        options += [p for p in available.powers if p.allowed]
        if not options:
            return None
        option = self.rng.choice(options)
        for chance, picks in self._favoured(actor, options):
            if picks and self.rng.random() < chance:
                option = self.rng.choice(picks)
        if isinstance(option, ActionOption):
            return self._action(actor, option)
        return self._power(actor, option)

    def _favoured(
        self, actor: str, options: list[ActionOption | PowerOption]
    ) -> list[tuple[float, list[ActionOption | PowerOption]]]:
        """The options a GM picks more often when offered, with how often: a grappled
        creature tries to escape; a helpless enemy next to it gets a coup de grace (000 "Coup
        de Grace"); a power whose hit owes a push (000 "Pull, Push") or that is maintained
        (000 "Maintain") is used."""

        def acting(action: CombatAction) -> list[ActionOption | PowerOption]:
            return [o for o in options if getattr(o, "action", None) is action]

        def using(key: str) -> list[ActionOption | PowerOption]:
            named = self._powers_with(actor, key)
            return [o for o in options if getattr(o, "name", None) in named]

        finishing = acting(CombatAction.COUP_DE_GRACE) if self._helpless_next_to(actor) else []
        return [
            (0.5, acting(CombatAction.ESCAPE_GRAPPLE)),
            (0.5, finishing),
            (0.3, using("forced_movement")),
            (0.3, using("maintain")),
        ]

    def _powers_with(self, actor: str, key: str) -> set[str]:
        """The actor's powers with `key` in their entry or their hit ("maintain": maintained;
        "forced_movement": a hit that pushes, pulls or slides, the owed move the GM places)."""
        block = self.session.encounter.creature(actor).statblock or {}
        return {
            str(p["name"])
            for p in block.get("powers", ())
            if isinstance(p, Mapping) and (key in p or key in (p.get("hit") or {}))
        }

    def _helpless_next_to(self, actor: str) -> list[str]:
        """The helpless enemies adjacent to the actor, not dead (000 "Coup de Grace": "a
        helpless adjacent opponent"), as the targeting tool offers them."""
        s = self.session
        me = s.encounter.creature(actor).space
        return [
            e
            for e in self.others(actor, enemies=True)
            if spaces_adjacent(me, s.encounter.creature(e).space)
            and HELPLESS_CONDITIONS & s.rules.conditions(s.encounter, e)
            and not s.rules.is_dead(s.encounter, e)
        ]

    def _power(self, actor: str, option: PowerOption) -> Played | None:
        """A power the panel offered as allowed, on one or two of the targets it may take."""
        s, name = self.session, option.name
        targets = list(s.ask(attacks.power_targets, actor, name))
        if targets:
            chosen = self.rng.sample(targets, self.rng.randint(1, min(2, len(targets))))
        else:
            chosen = []
        dice = self.dice()
        return self.call(
            f"use_power({actor!r}, {name!r}, {chosen}, dice={dice})",
            lambda: s.use_power(actor, name, chosen, dice=dice),
            option,
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
        dice = self.dice()
        # A total the cover alone makes miss: without its penalty the roll meets the defense
        # exactly, so a covering creature with a higher defense is missed (the choice, R-154).
        penalty = sum(v for v, source in preview.attack_parts if "cover" in source.lower())
        total = preview.defense + penalty if penalty < 0 else preview.defense - 1
        dice[0] = max(2, min(19, total - preview.attack_bonus))
        target = preview.target
        return self.call(
            f"use_power({actor!r}, {name!r}, [{target!r}], dice={dice})",
            lambda: s.use_power(actor, name, [target], dice=dice),
        )

    def _action(self, actor: str, option: ActionOption) -> Played | None:
        """The action the panel offered, with its targets and dice picked as a GM would."""
        if option.action in _MODES:
            return self._walk(actor, option)
        if option.action in _SIMPLE:
            return self.call(
                f"take_action({option.action}, {actor!r})",
                lambda: self.session.run(combat_actions.take_action, option.action, actor),
                option,
            )
        if option.action is CombatAction.END_TURN:
            return self._end_turn()
        if option.action is CombatAction.DELAY:
            return self.call("delay()", self.session.delay, option)
        if option.action is CombatAction.READY:
            return self._ready(actor, option)
        enemies = self.others(actor, enemies=True)
        play = self._on_enemy.get(option.action)
        if play is None or not enemies:
            return None
        return play(self, actor, self.near(actor, enemies), option)

    def _walk(self, actor: str, option: ActionOption) -> Played | None:
        mode = _MODES[option.action]
        reach = sorted(self.session.reachable_squares(actor, mode), key=lambda q: (q.col, q.row))
        if not reach:
            return None
        to = self.rng.choice(reach)
        return self.call(
            f"move_creature({actor!r}, {to}, {mode})",
            lambda: self.session.move_creature(actor, to, mode),
            option,
        )

    def _ready(self, actor: str, option: ActionOption) -> Played:
        """000 "Ready": an action readied (End turn is likely next), of the kinds the table
        allows (004-20: Ready is offered while any kind it readies is left)."""
        kinds = [
            k
            for k in READY_KINDS
            if not self.session.ask(why_not, actor, CombatAction.READY.value, k.value)
        ]
        kind = self.rng.choice(kinds or [ActionKind.STANDARD])
        return self.call(
            f"ready_action({actor!r}, {kind})",
            lambda: self.session.run(initiative.ready_action, actor, kind, "an enemy comes near"),
            option,
        )

    def _basic_attack(self, actor: str, target: str, option: ActionOption) -> Played:
        ranged = self.rng.random() < 0.3
        return self.run_offered(
            option, attacks.basic_attack, actor, target, ranged=ranged, dice=self.dice()
        )

    def _charge(self, actor: str, target: str, option: ActionOption) -> Played | None:
        ends = self.session.ask(combat_actions.charge_destinations, actor, target)
        if not ends:
            return None
        end = self.rng.choice(ends)
        return self.run_offered(
            option, combat_actions.charge, actor, end, target, dice=self.dice()
        )

    def _shove(self, actor: str, target: str, option: ActionOption) -> Played:
        return self.run_offered(option, combat_actions.shove, actor, target, dice=self.dice())

    def _grapple(self, actor: str, target: str, option: ActionOption) -> Played:
        return self.run_offered(option, grappling.grapple, actor, target, dice=self.dice())

    def _finish_off(self) -> Played | None:
        """The creature whose turn it is gives a helpless enemy next to it a coup de grace,
        when the panel offers it."""
        actor = self.session.encounter.combat.current
        if actor is None or not self._helpless_next_to(actor):
            return None
        option = self.session.available_actions(actor).option(CombatAction.COUP_DE_GRACE)
        return self._coup_de_grace(actor, actor, option) if option.allowed else None

    def _coup_de_grace(self, actor: str, target: str, option: ActionOption) -> Played:
        helpless = self._helpless_next_to(actor)
        if helpless:  # the targeting tool offers only these (targeting_tool.py)
            target = self.rng.choice(helpless)
        # With the creature's basic melee attack, as the targeting request names it.
        basic = self.session.ask(attack_powers.basic_attack_name, actor) or ""
        return self.run_offered(
            option, combat_actions.coup_de_grace, actor, target, basic, dice=self.dice()
        )

    def _escape_grapple(self, actor: str, target: str, option: ActionOption) -> Played:
        die = self.rng.randint(1, 20)
        return self.run_offered(option, grappling.escape_grapple, actor, die=die)

    def _release_grapple(self, actor: str, target: str, option: ActionOption) -> Played:
        return self.run_offered(option, grappling.release_grapple, actor)

    def _move_grappled(self, actor: str, target: str, option: ActionOption) -> Played:
        to, their = self.square(), self.square()
        return self.run_offered(
            option, grappling.move_grappled, actor, target, to, their, dice=self.dice()
        )

    def _help(self, actor: str, target: str, option: ActionOption) -> Played | None:
        allies = self.others(actor, enemies=False)
        if not allies:
            return None
        ally = self.rng.choice(allies)
        aid = AidKind.ATTACK if option.action is CombatAction.HELP_ATTACK else AidKind.DEFENSE
        return self.call(
            f"{option.action}({actor!r}, {ally!r}, {target!r})",
            lambda: self.session.run(aid_actions.help_ally, actor, ally, target, aid),
            option,
        )

    _on_enemy: ClassVar[dict[CombatAction, OnEnemy]] = {
        CombatAction.BASIC_ATTACK: _basic_attack,
        CombatAction.CHARGE: _charge,
        CombatAction.SHOVE: _shove,
        CombatAction.GRAPPLE: _grapple,
        CombatAction.COUP_DE_GRACE: _coup_de_grace,
        CombatAction.ESCAPE_GRAPPLE: _escape_grapple,
        CombatAction.RELEASE_GRAPPLE: _release_grapple,
        CombatAction.MOVE_GRAPPLED: _move_grappled,
        CombatAction.HELP_ATTACK: _help,
        CombatAction.HELP_DEFENSE: _help,
    }
    """The panel's actions played on an enemy (picked at random): how each is played."""

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
        return self.call(
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
            return self.call(
                f"guard({actor!r}, {kind})", lambda: s.run(engagement.guard, actor, kind)
            )
        if pick == 3:
            die = self.rng.randint(1, 20)
            return self.call(
                f"hide({actor!r}, die={die})", lambda: s.run(strike_states.hide, actor, die)
            )
        if pick == 4:
            return self.call(f"withdraw({actor!r})", lambda: s.run(withdrawing.withdraw, actor))
        total = self.rng.randint(1, 25)
        check = TableCheck(TableAction.SEARCH, "the lever", total=total, dc=12)
        return self.call(
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
            return self.call(
                f"decline_opportunity_attack({reactor!r})",
                lambda: s.run(interrupts.decline_opportunity_attack, reactor),
            )
        target = combat.pending.attacker if combat.pending is not None else None
        offer = next((o for o in combat.strike_offers if o.reactor == reactor), None)
        if offer is not None:
            target = offer.target
        if target is None:
            return None
        dice = self.dice()
        option = s.available_actions(reactor).option(CombatAction.OPPORTUNITY_ATTACK)
        return self.call(
            f"opportunity_attack({reactor!r}, {target!r}, dice={dice})",
            lambda: s.run(interrupts.opportunity_attack, reactor, target, dice=dice),
            option if option.allowed else None,
        )

    def _against_who(self) -> Played:
        """001-10/29 "Against Who?": one of the creatures offered steps in, or nobody does."""
        offered = interposition.offered(self.session.encounter)
        if self.rng.random() < 0.4:
            return self.run(interposition.keep_target)
        return self.run(interposition.interpose, self.rng.choice(offered))

    def _answer_cover(self) -> Played:
        """004 l.760 (R-154): the covering creature takes the hit, or lets the target have it."""
        coverer = self.session.encounter.combat.cover_choices[0].coverer
        take = self.rng.random() < 0.5
        return self.call(
            f"answer_cover_choice({coverer!r}, take={take})",
            lambda: self.session.run(cover_choices.answer, coverer, take=take),
        )

    def _trigger_readied(self) -> Played | None:
        s = self.session
        readied = [c.creature_id for c in s.encounter.combat.combatants if c.readied is not None]
        if not readied:
            return None
        who = self.rng.choice(readied)
        trigger = self.rng.choice(self.others(who) or [who])
        return self.call(
            f"trigger_readied({who!r}, {trigger!r})",
            lambda: s.run(initiative.trigger_readied, who, trigger),
        )

    def _place_forced(self) -> Played:
        s = self.session
        owed = s.encounter.combat.owed_forced_moves[0]
        if self.rng.random() < 0.3:
            return self.call(
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
            return self.call(
                f"leave_forced_move({owed.target!r})",
                lambda: s.run(forced_placement.leave_forced_move, owed.target),
            )
        to = self.rng.choice(sorted(places, key=lambda q: (q.col, q.row)))
        return self.call(
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
            return self.call(
                f"apply_damage({who!r}, {amount})",
                lambda: s.run(gm_edits.apply_damage, who, amount),
            )
        if pick == 1:
            amount = rng.choice([1, 8, 50])
            return self.call(f"heal({who!r}, {amount})", lambda: s.run(gm_edits.heal, who, amount))
        if pick == 2:
            hp = rng.choice([-20, -1, 0, 1, 20, 500])
            return self.call(
                f"set_hit_points({who!r}, {hp})", lambda: s.run(gm_edits.set_hit_points, who, hp)
            )
        if pick == 3:
            amount = rng.choice([0, 5])
            return self.call(
                f"grant_temp_hp({who!r}, {amount})",
                lambda: s.run(gm_edits.grant_temp_hp, who, amount),
            )
        if pick == 4:
            condition = rng.choice(s.ask(questions.gm_conditions))
            duration = rng.choice(list(DurationKind))
            return self.call(
                f"add_condition({who!r}, {condition}, {duration})",
                lambda: s.run(gm_edits.add_condition, who, condition, duration),
            )
        state = s.encounter.creature(who).state
        effects = [e.effect_id for e in (state.conditions if state else ())]
        effects += [e.effect_id for e in (state.persistent if state else ())]
        if pick == 5 and effects:
            effect = rng.choice(effects)
            if rng.random() < 0.5:
                return self.call(
                    f"remove_effect({who!r}, {effect})",
                    lambda: s.run(gm_edits.remove_effect, who, effect),
                )
            die = rng.randint(1, 20)
            return self.call(
                f"saving_throw({who!r}, {effect}, die={die})",
                lambda: s.run(gm_edits.saving_throw, who, effect, die=die),
            )
        if pick == 6:
            die = rng.randint(1, 20)
            return self.call(
                f"hide({who!r}, die={die})", lambda: s.run(strike_states.hide, who, die)
            )
        return None

    def _set_the_scene(self) -> Played | None:
        """A condition from the GM box that opens an action to the creature whose turn it
        is: an adjacent enemy helpless (000 "Coup de Grace"), or, where the box offers them,
        that creature Hidden or Shrouded (003-47 Sneak: "Use only while Shrouded or Hidden"),
        or an enemy near it (Search: "Hidden or Shrouded enemies nearby")."""
        s, rng = self.session, self.rng
        actor = s.encounter.combat.current
        if actor is None:
            return None
        offered = set(s.ask(questions.gm_conditions))
        helpless = [c for c in (Condition.HELPLESS, Condition.UNCONSCIOUS) if c in offered]
        stealth = [c for c in (Condition.HIDDEN, Condition.SHROUDED) if c in offered]
        enemies = [
            e for e in self.others(actor, enemies=True) if not s.rules.is_dead(s.encounter, e)
        ]
        me = s.encounter.creature(actor).space
        adjacent = [e for e in enemies if spaces_adjacent(me, s.encounter.creature(e).space)]
        scenes: list[tuple[str, Condition]] = [
            (rng.choice(adjacent), c) for c in helpless if adjacent
        ]
        scenes += [(str(actor), c) for c in stealth]
        scenes += [(self.near(actor, enemies), c) for c in stealth if enemies]
        if not scenes:
            return None
        who, condition = rng.choice(scenes)
        duration = rng.choice([DurationKind.SAVE_ENDS, DurationKind.UNTIL_COUNTERED])
        if condition in helpless:
            self.scene = self._finish_off
        else:
            self.scene = self.turns.sneak if who == actor else self.turns.search
        return self.call(
            f"add_condition({who!r}, {condition}, {duration})",
            lambda: s.run(gm_edits.add_condition, who, condition, duration),
        )

    def _hiding_scene(self) -> Played | None:
        """001-15 Hide: "while you're Heavily Obscured, behind Total Cover or ... out of any
        enemy's line of sight" (001 l.306). The GM paints magical darkness over the creature
        whose turn it is (no one of the cast sees into it), which then hides (most often next);
        where it stands in such darkness already, it hides now. Only while it may take the
        action and is not hidden yet."""
        s = self.session
        actor = s.encounter.combat.current
        if actor is None or not strike_states.has_states(s.ruleset):
            return None
        if s.ask(why_not, actor, "hide") or Condition.HIDDEN in s.rules.conditions(
            s.encounter, actor
        ):
            return None
        squares = set(s.encounter.creature(actor).space.squares())
        if squares <= s.encounter.lighting.magical_darkness:
            return self._hide(actor)
        self.scene = lambda: self._hide(actor)
        return self.call(
            f"paint_magical_darkness({sorted(squares)})",
            lambda: s.run(lighting_edits.paint_magical_darkness, sorted(squares)),
        )

    def _hide(self, actor: str) -> Played | None:
        """001-15: the creature hides on its turn, with the Stealth die the GM typed."""
        if self.session.encounter.combat.current != actor:
            return None
        die = self.rng.randint(1, 20)
        return self.call(
            f"hide({actor!r}, die={die})",
            lambda: self.session.run(strike_states.hide, actor, die),
        )

    def _downgrade_scene(self) -> Played | None:
        """003-21: the GM imposes a condition the ruleset's Downgrade column pairs (Stunned,
        Immobilized, Weakened...) on a creature; a downgrade comes most often next."""
        s = self.session
        if not s.ruleset.conditions.downgrades:
            return None
        table = s.ruleset.conditions
        able = [c for c in s.ask(questions.gm_conditions) if table.downgrade(c.value) is not None]
        if not able or not s.encounter.creatures:
            return None
        who = self.rng.choice([c.id for c in s.encounter.creatures])
        condition = self.rng.choice(able)
        duration = self.rng.choice([DurationKind.SAVE_ENDS, DurationKind.UNTIL_COUNTERED])
        self.scene = self.turns.downgrade
        return self.call(
            f"add_condition({who!r}, {condition}, {duration})",
            lambda: s.run(gm_edits.add_condition, who, condition, duration),
        )

    def _stepping_in_scene(self) -> Played | None:
        """001-10 "Against Who?": the GM moves a creature Engaged By no one next to an enemy of
        the creature whose turn it is, which then attacks that enemy (most often next): the
        one beside it may declare itself the target instead (001 l.136)."""
        s, rng = self.session, self.rng
        actor = s.encounter.combat.current
        if actor is None or not s.ruleset.hooks.reaction_rules.engagement:
            return None
        living = [c for c in self.others(actor) if not s.rules.is_dead(s.encounter, c)]
        marks = self._single_marks(actor)
        enemies = [c for c in living if c in self.others(actor, enemies=True) and c in marks]
        if not enemies:
            return None
        target = s.encounter.creature(rng.choice(enemies))
        free = [
            s.encounter.creature(c)
            for c in living
            if c != target.id
            and s.encounter.creature(c).side == target.side
            and not s.encounter.combat.engaged_by(c)
        ]
        if not free:
            return None
        who = rng.choice(free)
        o, n = target.square, target.space.side
        beside = [
            Square(col, row)
            for col in range(o.col - who.space.side, o.col + n + 1)
            for row in range(o.row - who.space.side, o.row + n + 1)
            if spaces_adjacent(Space(Square(col, row), who.size), target.space)
        ]
        to = rng.choice(beside)  # an occupied or blocked square is refused in words
        self.scene = lambda: self._attack_on(actor, target.id)
        return self.call(
            f"move_creature({who.id!r}, {to}, gm)", lambda: s.move_creature(who.id, to)
        )

    def _single_marks(self, actor: str) -> dict[str, list[PowerOption]]:
        """Who the actor may attack alone now, with the powers the panel allows on it (no
        area: 001-10 is for an attack on one creature)."""
        s = self.session
        areas = self._powers_with(actor, "area")
        marks: dict[str, list[PowerOption]] = {}
        for option in s.available_actions(actor).powers:
            if option.allowed and option.name not in areas:
                for target in s.ask(attacks.power_targets, actor, option.name):
                    marks.setdefault(target, []).append(option)
        return marks

    def _attack_on(self, actor: str, target: str) -> Played | None:
        """The actor uses one of its powers the panel allows on `target` alone."""
        s = self.session
        if s.encounter.combat.current != actor or s.encounter.find_creature(target) is None:
            return None
        usable = self._single_marks(actor).get(target)
        if not usable:
            return None
        option, dice = self.rng.choice(usable), self.dice()
        return self.call(
            f"use_power({actor!r}, {option.name!r}, [{target!r}], dice={dice})",
            lambda: s.use_power(actor, option.name, [target], dice=dice),
            option,
        )

    def _gm_move(self) -> Played:
        s = self.session
        who = self.rng.choice([c.id for c in s.encounter.creatures])
        to = self.square()
        current = s.encounter.combat.current
        if current is not None and current != who and self.rng.random() < 0.4:
            # Into the line of fire: halfway between the current creature and another, so
            # shots past a creature (its cover, 004-27 and R-154) come up.
            a = s.encounter.creature(current).square
            b = s.encounter.creature(self.rng.choice(self.others(current))).square
            to = Square((a.col + b.col) // 2, (a.row + b.row) // 2)
        return self.call(f"move_creature({who!r}, {to}, gm)", lambda: s.move_creature(who, to))

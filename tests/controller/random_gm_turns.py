"""The random GM's hand on the initiative, the GM's rolls, and the variants' own steps.

The initiative panel's edits (a late arrival joins, the order rearranged, a delayer comes
back, a typed result, a readied action let pass), the GM's rolls (falling damage, a dice roll
shown to the table, 003-21's downgrade), a maintained power; and what only a variant offers:
001's engagement, "Against Who?", crouching, dropping prone off turn, the end-of-round
activities, ready items, who goes first and the initiative check (001-01..36); 003's stealth
maneuvers, waves, the alarm, the GM's Forced switch, monster groups and Ready Attacks
(003-07/11/14/46/47/52); 004's aid (004-11). Under another ruleset each is refused in words,
which the random GM checks too (no exception escapes).
"""

from __future__ import annotations

from orcus_desktop.controller.actions import aid_actions, combat_actions
from orcus_desktop.controller.availability.table import DOWNGRADE, why_not
from orcus_desktop.controller.gm import gm_edits, gm_rolls
from orcus_desktop.controller.turns import initiative, waiting_decisions
from orcus_desktop.controller.variants.square_fireballs import (
    forced_actions,
    monster_groups,
    questions,
    raise_alarm,
    ready_attacks,
    stealth_maneuvers,
    waves,
)
from orcus_desktop.controller.variants.square_fireballs.stealth_maneuvers import StealthCheck
from orcus_desktop.controller.variants.strike import (
    engagement,
    initiative_checks,
    interposition,
    ready_items,
    round_end,
    strike_states,
    strike_turns,
    who_goes_first,
)
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.model.ready_items import ItemKind
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import RandomSource
from tests.controller.random_gm_steps import Choice, Hand, Played


class TurnHand(Hand):
    """The initiative panel, the GM's rolls and the variants' Combat-menu steps."""

    def step(self) -> Played | None:
        """One initiative edit, GM roll or variant step: mostly the open ruleset's own."""
        panel: list[Choice] = [self.join_combat, self.reorder, self.resume_delayed]
        panel += [self.set_initiative, self.let_readied_pass]
        rolls: list[Choice] = [self.falling_damage, self.dice_roll, self.downgrade]
        rolls += [self.maintain, self.aid]
        own, others = self._variant_steps(self.strike_steps(), self.square_fireballs_steps())
        if own and self.rng.random() < 0.6:
            return self.rng.choice(own)()
        if self.rng.random() < 0.15:  # refused in words under another ruleset
            return self.rng.choice(others)()
        return self.rng.choice(self.rng.choice([panel, rolls]))()

    def setup_step(self) -> Played | None:
        """Before the fight: surprise, 003-07's groups, 001's first mover and checks.

        Where the surprised lose their first turn and an ally may Raise the Alarm (003-10/11),
        an ambush is set up most often."""
        kinds: list[Choice] = [self.set_surprised, self.groups, self.first, self.initiative_check]
        if self.session.ruleset.hooks.flow.raise_the_alarm and self.rng.random() < 0.5:
            return self.set_surprised()
        return self.rng.choice(kinds)()

    def _variant_steps(
        self, strike: list[Choice], square_fireballs: list[Choice]
    ) -> tuple[list[Choice], list[Choice]]:
        """The open ruleset's own steps, and the other variants'."""
        playing = self.session.encounter.ruleset_id
        own = {"strike": strike, "square-fireballs": square_fireballs}.get(playing, [])
        others = [c for c in (*strike, *square_fireballs) if c not in own]
        return own, others

    def _anyone(self) -> str | None:
        ids = self.creature_ids()
        return self.rng.choice(ids) if ids else None

    def _current(self) -> str | None:
        return self.session.encounter.combat.current

    # -- the initiative panel --------------------------------------------------------------

    def join_combat(self) -> Played | None:
        """A creature not in the order (placed mid-fight) joins with its roll."""
        combat = self.session.encounter.combat
        out = [c for c in self.creature_ids() if c not in combat.order]
        if not out:
            return None
        return self.run(initiative.join_combat, self.rng.choice(out), die=self.rng.randint(1, 20))

    def reorder(self) -> Played | None:
        order = self.session.encounter.combat.order
        if len(order) < 2:
            return None
        who, before = self.rng.sample(order, 2)
        return self.run(initiative.reorder_initiative, who, before)

    def resume_delayed(self) -> Played | None:
        combat = self.session.encounter.combat
        delaying = [c.creature_id for c in combat.combatants if c.delaying]
        return self.run_by(self.rng.choice(delaying or [None]), initiative.resume_delayed)

    def set_initiative(self) -> Played | None:
        order = self.session.encounter.combat.order
        if not order:
            return None
        return self.run(
            initiative.set_initiative, self.rng.choice(order), self.rng.randint(-2, 30)
        )

    def set_surprised(self) -> Played | None:
        """000 "Surprise": marked (or not) before the fight; refused once it started."""
        who = self._anyone()
        if who is None:
            return None
        return self.run(initiative.set_surprised, who, self.rng.random() < 0.7)

    def let_readied_pass(self) -> Played | None:
        """000 "Ready": a triggered readied action not taken (refused when none waits)."""
        combat = self.session.encounter.combat
        waiting = [c.creature_id for c in combat.combatants if c.out_of_turn is not None]
        who = self.rng.choice(waiting) if waiting else self._anyone()
        return self.run_by(who, waiting_decisions.let_readied_pass)

    # -- the GM's rolls and a creature's upkeep --------------------------------------------

    def falling_damage(self) -> Played | None:
        """000 "Falling", with the check against it where the fall dialog asks for one
        (002-23); now and then a check die anyway, refused in words elsewhere."""
        who = self._anyone()
        if who is None:
            return None
        feet = self.rng.choice([5, 10, 30, 200])
        dice = [self.rng.randint(1, 6) for _ in range(20)]  # d6s or d10s: a face of either
        has_check = self.session.ruleset.hooks.damage_policy.falling_reduction_skill is not None
        check = self.rng.randint(1, 20) if has_check or self.rng.random() < 0.2 else None
        return self.run(gm_edits.falling_damage, who, feet, dice, check)

    def dice_roll(self) -> Played:
        """The dice tray's roll shown to the table (logged)."""
        return self.run(gm_rolls.log_roll, roll("2d6+3", RandomSource(self.rng)), "Trap")

    def downgrade(self) -> Played | None:
        """003-21: a status downgraded a step, most often one the GM box offers (its Downgrade
        button enabled), which is then never refused; else any (refused in words, and under
        the rulesets without downgrades)."""
        offered = self._downgrades_offered()
        if offered and self.rng.random() < 0.8:
            picked, effect = self.rng.choice(offered)
            return self.run_promised(
                "Downgrade (003-21)", gm_edits.downgrade_effect, picked, effect
            )
        who = self._anyone()
        state = self.session.encounter.creature(who).state if who else None
        effects = [e.effect_id for e in state.conditions] if state else []
        if who is None or not effects:
            return None
        return self.run(gm_edits.downgrade_effect, who, self.rng.choice(effects))

    def _downgrades_offered(self) -> list[tuple[str, int]]:
        """(creature, effect) for every condition the GM box's Downgrade is enabled for."""
        encounter = self.session.encounter
        return [
            (c.id, e.effect_id)
            for c in encounter.creatures
            for e in (c.state.conditions if c.state is not None else ())
            if not self.session.ask(why_not, c.id, DOWNGRADE, str(e.effect_id))
        ]

    def maintain(self) -> Played | None:
        """000 "Maintain": the current creature keeps one of its powers going: one it
        maintains (004-18's held grapple among them) most often, else any (refused in words)."""
        actor = self._current()
        powers = [p.name for p in self.session.available_actions(actor).powers] if actor else []
        kept = [m.power for m in self.session.encounter.combat.maintained if m.owner == actor]
        if kept and self.rng.random() < 0.8:
            powers = kept
        if actor is None or not powers:
            return None
        return self.run(combat_actions.maintain_power, actor, self.rng.choice(powers))

    def aid(self) -> Played | None:
        """002-12/004-11 Aid Another: one aid for an ally, its choice named or left open."""
        actor = self._current()
        if actor is None or not self.others(actor, enemies=False):
            return None
        ally = self.rng.choice(self.others(actor, enemies=False))
        if self.rng.random() < 0.5:
            return self.run(aid_actions.aid_another, actor, ally)
        choice = self.rng.choice(["attack", "defense", "skill"])
        enemy = self.rng.choice([None, *self.others(actor, enemies=True)])
        return self.run(aid_actions.aid_choice, actor, ally, choice, enemy)

    # -- 001 Strike! -------------------------------------------------------------------

    def strike_steps(self) -> list[Choice]:
        return [
            self.engage,
            self.against_who,
            lambda: self.run_by(self._current(), strike_states.crouch),
            lambda: self.run_by(self._anyone(), strike_turns.drop_prone_off_turn),
            self.round_end_activity,
            self.ready_item,
            self.first,
            self.initiative_check,
        ]

    def engage(self) -> Played | None:
        """001-24/25: the GM engages the current creature with an enemy by hand."""
        actor = self._current()
        if actor is None or not self.others(actor, enemies=True):
            return None
        return self.run(
            engagement.engage, actor, self.rng.choice(self.others(actor, enemies=True))
        )

    def against_who(self) -> Played | None:
        """001-10/29 "Against Who?": an ally steps in, or the attack keeps its target."""
        if self.rng.random() < 0.5:
            return self.run(interposition.keep_target)
        return self.run_by(self._anyone(), interposition.interpose)

    def round_end_activity(self) -> Played:
        """001's end-of-round step: an activity noted for a round, or one taken off."""
        listed = self.session.encounter.combat.round_end_activities
        if listed and self.rng.random() < 0.5:
            return self.run(round_end.remove_activity, self.rng.randrange(len(listed)))
        at = self.rng.choice([0, self.session.encounter.combat.round + 1])
        return self.run(round_end.add_activity, "The bridge burns", at)

    def ready_item(self) -> Played | None:
        """001 l.330 ready items: a weapon readied in hand, or put away."""
        actor = self._current()
        if actor is None:
            return None
        if self.rng.random() < 0.4:
            return self.run(ready_items.put_away, actor, "Spear")
        kind, hands = self.rng.choice(list(ItemKind)), self.rng.choice([1, 2])
        return self.run(ready_items.ready_item, actor, "Spear", kind, hands)

    def first(self) -> Played | None:
        """001-34..36: the GM says who goes first, and why: most often as the dialog offers it
        (one of the order, the creatures left unaware only with surprise), which the app then
        never refuses before the fight; now and then any choice (refused in words)."""
        combat = self.session.encounter.combat
        order = list(combat.order)
        if not order or self.rng.random() < 0.2:
            return self._first_at_random()
        who = self.rng.choice(order)
        by = self.rng.choice(list(who_goes_first.FirstBy))
        unaware = [c for c in self.others(who, enemies=True) if c in order]
        surprised: list[str] = []
        if by is who_goes_first.FirstBy.SURPRISE and unaware and self.rng.random() < 0.6:
            surprised = self.rng.sample(unaware, min(len(unaware), self.rng.randint(1, 2)))
        if combat.active or not self.session.ask(strike_questions.adjudicates_first):
            return self.run(who_goes_first.who_goes_first, who, by, surprised)
        return self.run_promised(
            "Who goes first (001-36)", who_goes_first.who_goes_first, who, by, surprised
        )

    def _first_at_random(self) -> Played | None:
        who = self._anyone()
        if who is None:
            return None
        by = self.rng.choice(list(who_goes_first.FirstBy))
        surprised = self.others(who, enemies=True)[:1] if self.rng.random() < 0.5 else []
        return self.run(who_goes_first.who_goes_first, who, by, surprised)

    def initiative_check(self) -> Played | None:
        """001-01..03: the check a creature rolls initiative with, and its tie choice."""
        who = self._anyone()
        if who is None:
            return None
        check = self.rng.choice([c for c, _ in initiative_checks.CHECKS])
        tie = self.rng.choice([t for t, _ in initiative_checks.TIE_CHOICES])
        return self.run(initiative_checks.set_choice, who, check, tie)

    # -- 003 Square Fireballs ----------------------------------------------------------

    def square_fireballs_steps(self) -> list[Choice]:
        return [
            self.stealth,
            self.sneak,
            self.wave,
            self.alarm,
            self.forcing,
            self.groups,
            lambda: self.run_by(self._anyone(), monster_groups.act_with),
            self.ready_attack,
        ]

    def stealth(self) -> Played | None:
        """003-47's maneuvers: Enshroud, Hide, Search, Spot."""
        actor = self._current()
        if actor is None:
            return None
        check = StealthCheck(self.rng.choice([10, 15, 20]), die=self.rng.randint(1, 20))
        pick = self.rng.randrange(4)
        if pick == 0:
            return self.run(stealth_maneuvers.enshroud, actor)
        if pick == 1:
            return self.run(stealth_maneuvers.hide, actor, check)
        if pick == 2:
            return self.search()
        return self.run(stealth_maneuvers.spot, actor)

    def search(self) -> Played | None:
        """003-47 Search: a Perception check against the DC the GM gives, with the die."""
        actor = self._current()
        if actor is None:
            return None
        check = StealthCheck(self.rng.choice([10, 15, 20]), die=self.rng.randint(1, 20))
        return self.run(stealth_maneuvers.search, actor, check)

    def sneak(self) -> Played | None:
        """003-47 Sneak: a hidden creature's careful walk, most often to a square the Sneak
        tool offers (`sneak_tool.py`), else anywhere (refused in words)."""
        actor = self._current()
        if actor is None:
            return None
        places = sorted(
            self.session.ask(questions.sneak_destinations, actor), key=lambda q: (q.col, q.row)
        )
        to = self.rng.choice(places) if places and self.rng.random() < 0.8 else self.square()
        return self.run(stealth_maneuvers.sneak, actor, to)

    def wave(self) -> Played | None:
        """003-14: a new wave (creatures placed mid-fight) arrives; the GM starts over or keeps
        the initiative."""
        order = self.session.encounter.combat.order
        if all(c in order for c in self.creature_ids()) and self.rng.random() < 0.8:
            return None
        choice = self.rng.choice(["start_over", "keep_initiative"])
        return self.run(waves.new_wave, choice, dice=self._d20s())

    def alarm(self) -> Played | None:
        """003-11 Raise the Alarm, with the d20s the GM rolled for those who hear it."""
        actor = self._current()
        if actor is None:
            return None
        return self.run(raise_alarm.raise_the_alarm, actor, dice=self._d20s())

    def _d20s(self) -> dict[str, int]:
        return {c: self.rng.randint(1, 20) for c in self.creature_ids()}

    def forcing(self) -> Played:
        """003-46: the GM's Forced switch, on for a forcer or off; moves and attacks follow.
        Most often the creature whose turn it is (a forcer forces on its own turn)."""
        current = self._current()
        forcer = self.rng.choice([None, *self.creature_ids()])
        if current is not None and self.rng.random() < 0.6:
            forcer = current
        return self.run(forced_actions.set_forcing, forcer)

    def groups(self) -> Played | None:
        """003-07: the GM puts the monsters in groups before the fight (refused during it)."""
        ids = self.creature_ids()
        monsters = [str(c.id) for c in self.session.encounter.creatures if c.side == "monsters"]
        if monsters and self.rng.random() < 0.7:  # a PC in a group is refused (003 l.125)
            ids = monsters
        if not ids:
            return None
        picked = self.rng.sample(ids, min(3, len(ids)))
        groups = {c: self.rng.choice([None, "Goblins", "Brutes"]) for c in picked}
        return self.run(monster_groups.arrange, groups)

    def ready_attack(self) -> Played | None:
        """003-52 Ready Melee / Ranged Attack (End turn usually follows)."""
        actor = self._current()
        if actor is None:
            return None
        return self.run(ready_attacks.ready_attack, actor, self.rng.random() < 0.5)

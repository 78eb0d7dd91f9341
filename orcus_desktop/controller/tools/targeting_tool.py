"""Choose the targets of a power or an attack action on the map, then hand them over."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from orcus_desktop.controller.actions import attacks, combat_actions
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    OneShotTool,
    Point,
    PointerEvent,
    PointerKind,
    PreviewCache,
    ToolPreview,
    creature_at,
    drop_square,
)
from orcus_desktop.controller.tools.targeting import (
    TargetingAction,
    TargetingChoice,
    TargetingRequest,
    attack_summary,
)
from orcus_desktop.controller.tools.template_tool import AreaOrigin, TemplateTool
from orcus_desktop.geometry.grid import Square
from orcus_desktop.rules.conditions import HELPLESS_CONDITIONS
from orcus_desktop.vocabulary import AreaShape, MoveMode


class TargetingTool(OneShotTool):
    """Choose the targets of a power or an attack action on the map, then hand them over.

    Legal targets (the session's `power_targets`: reach, range, line of effect) are ringed;
    hovering one names what the d20 must show and why (cover, concealment, combat advantage,
    `attacks.preview_attack`). A single-target power takes one click on a token; a
    multi-target power takes clicks (a second click drops a target) until its count, or Enter;
    an area power shows its template following the pointer with the creatures it would attack
    (line of effect from the origin, 000 "Areas of effect") and takes a click to place (a Far
    arc or wall: a click for the base square, a second for the direction). Help takes the ally,
    then the enemy. Escape or a right click cancels; nothing changes until `confirm` runs.

    Args:
        session: the game session (targets, previews).
        request: what is being targeted (`targeting_request`).
        confirm: called once with the GM's choice; returns a status line (the UI then asks for
            the dice and calls the session).
        on_finished: called once when the tool is done (confirmed or cancelled), so the UI
            can return to the previous tool.
    """

    name = "target"

    def __init__(
        self,
        session: GameSession,
        request: TargetingRequest,
        confirm: Callable[[TargetingChoice], str],
        on_finished: Callable[[], None] = lambda: None,
    ) -> None:
        super().__init__(on_finished)
        self._session = session
        self.request = request
        self._confirm = confirm
        self.chosen: list[str] = []
        self.ally_id: str | None = None
        self._template = (
            TemplateTool(
                session,
                request.area,
                request.origin,
                request.area_size,
                request.range_squares,
                lambda: request.creature_id,
            )
            if request.area is not None
            else None
        )
        self._pinned: Square | None = None
        # Keyed by (hovered, ally, chosen) for tokens, by (pointer square, pinned) for areas.
        self._cache = PreviewCache()
        self.charge_target: str | None = None
        self.charge_squares: tuple[Square, ...] = ()

    # -- what can be chosen --------------------------------------------------------------------

    def candidates(self) -> tuple[str, ...]:
        """The creatures a click may choose now (for an area: none, the template decides)."""
        request = self.request
        session = self._session
        encounter = session.encounter
        me = encounter.find_creature(request.creature_id)
        if me is None or request.area is not None:
            return ()
        others = [
            c
            for c in encounter.creatures
            if c.id != me.id and not session.rules.is_dead(encounter, c.id)
        ]
        if request.action.helps:
            # 000 "Help Attack"/"Help Defense": an ally, then an enemy adjacent to the helper.
            if self.ally_id is None:
                return tuple(c.id for c in others if c.side == me.side)
            return tuple(c.id for c in others if c.side != me.side)
        if request.action is TargetingAction.CHARGE:
            return tuple(
                c.id
                for c in others
                if c.side != me.side
                and session.ask(combat_actions.charge_destinations, me.id, c.id)
            )
        powers = request.basic_choices or (request.power_name,)
        within = [
            t
            for power in powers
            for t in session.ask(attacks.power_targets, me.id, power)
            if t != me.id
        ]
        within = list(dict.fromkeys(within))
        if request.action is TargetingAction.COUP_DE_GRACE:
            # 000 "Coup de Grace": only a helpless opponent.
            within = [
                t for t in within if HELPLESS_CONDITIONS & session.rules.conditions(encounter, t)
            ]
        return tuple(within)

    # -- events --------------------------------------------------------------------------------

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if (ignored := self._ignores(event)) is not None:
            return ignored
        if self.request.area is not None:
            return self._area_event(event)
        if self.charge_target is not None:
            return self._charge_event(event)
        if event.left_press:
            return self._click(event)
        if event.kind is PointerKind.LEAVE:
            return self._token_preview(None, event.grid_xy)
        under = creature_at(self._session.encounter, event.grid_xy)
        return self._token_preview(under.id if under is not None else None, event.grid_xy)

    def cancelled_message(self) -> str:
        return f"{self.request.label}: cancelled"

    def finish(self) -> ToolPreview:
        """Enter: a multi-target power goes ahead with the targets clicked so far."""
        if self._finished or self.request.area is not None:
            return EMPTY_PREVIEW
        if not self.chosen:
            return ToolPreview(message=f"{self.request.label}: click a target first")
        return self._done(TargetingChoice(self.request, tuple(self.chosen)))

    # -- single and multiple targets -----------------------------------------------------------

    def _name(self, creature_id: str | None) -> str:
        return self._session.encounter.name_of(creature_id)

    def _prompt(self) -> str:
        request = self.request
        user = self._name(request.creature_id)
        if request.action.helps:
            if self.ally_id is None:
                return f"{user}: {request.label} — click the ally to help (Esc cancels)"
            return (
                f"{user}: {request.label} — click the enemy {self._name(self.ally_id)} "
                "faces (Esc cancels)"
            )
        if request.max_targets > 1:
            return (
                f"{user}: {request.label} — click up to {request.max_targets} targets "
                f"({len(self.chosen)} chosen), Enter to go ahead, Esc cancels"
            )
        return f"{user}: {request.label} — click a target (Esc cancels)"

    def _click(self, event: PointerEvent) -> ToolPreview:
        under = creature_at(self._session.encounter, event.grid_xy)
        request = self.request
        if under is None or under.id not in self.candidates():
            why = self._why_not(under.id) if under is not None else "click a ringed token"
            name = f"{under.name}: " if under is not None else ""
            hovered = under.id if under is not None else None
            refused = replace(
                self._token_preview(hovered, event.grid_xy), message=f"Refused: {name}{why}"
            )
            # The reason stays in the status bar while the pointer stays on that token.
            return self._cache.put(self._session.encounter, self._hover_key(hovered), refused)
        if request.action.helps:
            if self.ally_id is None:
                self.ally_id = under.id
                self._cache.clear()
                return self._token_preview(under.id, event.grid_xy)
            return self._done(TargetingChoice(request, (under.id,), ally_id=self.ally_id))
        if request.action is TargetingAction.CHARGE:
            squares = self._session.ask(
                combat_actions.charge_destinations, request.creature_id, under.id
            )
            if len(squares) == 1:
                return self._done(TargetingChoice(request, (under.id,), destination=squares[0]))
            # 000 "Charge": every closest square will do; the GM picks one (flanking...).
            self.charge_target = under.id
            self.charge_squares = squares
            self._cache.clear()
            return self._charge_preview(event)
        if request.max_targets <= 1:
            return self._done(
                TargetingChoice(request.for_target(self._session, under.id), (under.id,))
            )
        if under.id in self.chosen:
            self.chosen.remove(under.id)
        else:
            self.chosen.append(under.id)
        self._cache.clear()
        if len(self.chosen) >= request.max_targets:
            return self._done(TargetingChoice(request, tuple(self.chosen)))
        return self._token_preview(under.id, event.grid_xy)

    def _hover_key(self, hovered: str | None) -> tuple[object, ...]:
        return (hovered, self.ally_id, tuple(self.chosen))

    def _token_preview(self, hovered: str | None, at: Point) -> ToolPreview:
        encounter = self._session.encounter
        key = self._hover_key(hovered)
        cached = self._cache.get(encounter, key)
        if cached is not None:
            return cached
        candidates = self.candidates()
        lines = [self._prompt()]
        label_at: Point | None = None
        if hovered is not None and hovered != self.request.creature_id:
            target = encounter.find_creature(hovered)
            if hovered in candidates:
                lines = [self._hover_line(hovered)]
            elif target is not None:
                lines = [f"{target.name}: {self._why_not(hovered)}"]
            if target is not None:
                _x0, y0, x1, _y1 = target.space.bounds()
                label_at = (x1, y0)
        preview = ToolPreview(
            candidate_ids=candidates,
            affected_ids=tuple(self.chosen) + ((self.ally_id,) if self.ally_id else ()),
            marked_ids=(hovered,) if hovered is not None and hovered in candidates else (),
            label=lines[0] if label_at is not None else "",
            label_at=label_at,
            message=lines[0],
        )
        return self._cache.put(encounter, key, preview)

    def _why_not(self, target_id: str) -> str:
        """Why `target_id` is no target: the rules' reason when the attack can say it.

        "No line of effect (total cover)" or "out of range" tells the GM what to change; the
        guess is left for the actions that have no attack to preview.
        """
        request = self.request
        if request.action.rolls and request.power_name and target_id != request.creature_id:
            request = request.for_target(self._session, target_id)
            _previews, problem = self._session.ask(
                attacks.preview_attack, request.creature_id, request.power_name, [target_id]
            )
            if problem:
                return f"not a legal target — {problem}"
        return "not a legal target (out of reach or range, or no line of effect)"

    def _hover_line(self, target_id: str) -> str:
        request = self.request
        session = self._session
        if not request.action.rolls:
            verb = "helps against" if self.ally_id else "helps"
            return f"{self._name(request.creature_id)} {verb} {self._name(target_id)}"
        if request.action in (TargetingAction.GRAPPLE, TargetingAction.SHOVE):
            # Special attacks (Strength vs Reflex/Fortitude) have no stat-block power to preview.
            return f"{request.label} {self._name(target_id)}: click to roll"
        request = request.for_target(session, target_id)
        previews, problem = session.ask(
            attacks.preview_attack, request.creature_id, request.power_name, [target_id]
        )
        if problem or not previews:
            return f"{self._name(target_id)}: {problem or 'cannot be attacked'}"
        # 000 "Charge": +1 to the attack roll.
        extra = 1 if request.action is TargetingAction.CHARGE else 0
        return attack_summary(previews[0], session, extra)

    # -- a charge's end square -----------------------------------------------------------------

    def _charge_square(self, event: PointerEvent) -> Square | None:
        me = self._session.encounter.find_creature(self.request.creature_id)
        if me is None:
            return None
        square = drop_square(me.size, event.grid_xy)
        return square if square in self.charge_squares else None

    def _charge_event(self, event: PointerEvent) -> ToolPreview:
        if event.left_press:
            square = self._charge_square(event)
            if square is None:
                return replace(
                    self._charge_preview(event),
                    message="Refused: click one of the shaded squares (the closest ones "
                    "from which it can attack)",
                )
            assert self.charge_target is not None
            return self._done(
                TargetingChoice(self.request, (self.charge_target,), destination=square)
            )
        return self._charge_preview(event)

    def _charge_preview(self, event: PointerEvent) -> ToolPreview:
        target = self._name(self.charge_target)
        square = self._charge_square(event)
        hint = f"{self._name(self.request.creature_id)} charges {target}: click where it ends"
        if square is not None:
            path = self._session.preview_move(self.request.creature_id, square, MoveMode.WALK)
            return ToolPreview(
                reachable=frozenset(self.charge_squares),
                path=path.path,
                path_ok=path.reachable,
                marked_ids=(*path.provoking_enemy_ids, self.charge_target or ""),
                message=hint
                + (
                    f" — {self._session.ruleset.label('opportunity_attacks')}: "
                    + ", ".join(self._name(i) for i in path.provoking_enemy_ids)
                    if path.provoking_enemy_ids
                    else ""
                ),
            )
        return ToolPreview(
            reachable=frozenset(self.charge_squares),
            marked_ids=(self.charge_target or "",),
            message=hint,
        )

    # -- areas ---------------------------------------------------------------------------------

    def _area_squares(self, pointer: Square) -> tuple[list[Square], Square | None, str]:
        template = self._template
        assert template is not None
        template.pin(self._pinned)
        squares, origin_space, problem = template.area(pointer)
        far = self.request.origin is AreaOrigin.FAR
        origin = origin_space.origin if far and origin_space is not None else None
        return squares, origin, problem

    def _area_event(self, event: PointerEvent) -> ToolPreview:
        pointer = event.square
        preview = self._area_preview(pointer)
        if not (event.left_press):
            return preview
        request = self.request
        two_step = request.origin is AreaOrigin.FAR and request.area is not AreaShape.BURST
        if two_step and self._pinned is None:
            self._pinned = pointer
            self._cache.clear()
            return self._area_preview(pointer)
        if not preview.path_ok or not preview.squares:
            reason = preview.warnings[0] if preview.warnings else "the area does not fit there"
            refused = replace(preview, message=f"Refused: {reason}")
            # The reason stays in the status bar while the pointer stays on that square.
            return self._cache.put(self._session.encounter, (pointer, self._pinned), refused)
        squares, origin, _ = self._area_squares(pointer)
        return self._done(
            TargetingChoice(
                request,
                preview.affected_ids,
                area_origin=origin,
                area_squares=tuple(sorted(squares, key=lambda s: (s.row, s.col))),
            )
        )

    def _area_preview(self, pointer: Square) -> ToolPreview:
        encounter = self._session.encounter
        key = (pointer, self._pinned)
        cached = self._cache.get(encounter, key)
        if cached is not None:
            return cached
        template = self._template
        assert template is not None
        template.pin(self._pinned)
        shown = template.preview_at(pointer)
        request = self.request
        squares, origin, problem = self._area_squares(pointer)
        warnings = [w.removeprefix("⚠ ") for w in shown.label.split("\n")[1:]]
        targets: tuple[str, ...] = ()
        lines: list[str] = []
        if squares:
            placed = AttackChoices(area_origin=origin, area_squares=squares)
            targets = self._session.ask(
                attacks.power_targets, request.creature_id, request.power_name, placed
            )
            if targets:
                previews, why = self._session.ask(
                    attacks.preview_attack,
                    request.creature_id,
                    request.power_name,
                    targets,
                    placed,
                )
                lines = (
                    [attack_summary(p, self._session) for p in previews]
                    if not why
                    else [f"⚠ {why}"]
                )
        kind = f"{request.origin.value.title()} {request.area} {request.area_size}"
        user = self._name(request.creature_id)
        head = f"{user}: {request.label} ({kind}) — " + (
            "click for the base square"
            if request.origin is AreaOrigin.FAR
            and request.area is not AreaShape.BURST
            and self._pinned is None
            else "click to place"
        )
        if not targets:
            lines = ["nobody targeted", *lines]
        label = "\n".join([head, *lines, *(f"⚠ {w}" for w in warnings)])
        # The label goes under the area, not over the creatures it names.
        label_at = (
            (float(min(s.col for s in squares)), max(s.row for s in squares) + 1.2)
            if squares
            else shown.label_at
        )
        preview = ToolPreview(
            squares=frozenset(squares),
            path_ok=not warnings and not problem,
            affected_ids=targets,
            label=label,
            label_at=label_at,
            warnings=tuple(warnings),
            message=head,
        )
        return self._cache.put(encounter, key, preview)

    # -- the end -------------------------------------------------------------------------------

    def _done(self, choice: TargetingChoice) -> ToolPreview:
        self._end()
        return ToolPreview(message=self._confirm(choice))

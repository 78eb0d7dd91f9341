"""What the random GM reached: each use case it ran, done or refused, counted per ruleset.

`CountingSession` is the session the random GM plays through: every use case that passes the
façade's one runner is counted by name with its answer, and so are the named façade methods
that do not (undo, redo, End turn's "let it pass", a library edit, reopening a file).
`facade_use_cases` lists what the app itself hands the session (every `run(use_case, ...)` in
`orcus_desktop/`), so a long run can print which of them the random GM never reached:

    python -m tests.controller.random_gm_coverage STEPS SEEDS [FIRST_SEED]

prints one row per use case and one column per ruleset, "done/refused" (docs/design.md#testing).
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, ParamSpec

from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.session.runner import Initiator, UseCase
from tests.conftest import REPO_ROOT

P = ParamSpec("P")

Counts = Counter[tuple[str, str, bool]]
"""(ruleset played, use case, done) -> how many times the random GM ran it."""


def use_case_name(use_case: Callable[..., object]) -> str:
    """`turns.initiative.start_combat`: the use case's module under `controller/` and name."""
    module = use_case.__module__.removeprefix("orcus_desktop.controller.")
    return f"{module}.{use_case.__qualname__}"


class CountingSession(GameSession):
    """A `GameSession` that counts what it ran and how it answered (`counts`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.counts: Counts = Counter()
        self.counting = True
        """False while a check (not the GM) undoes and redoes."""

    def _run(
        self,
        initiator: Initiator,
        use_case: UseCase[P],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> OperationResult:
        result = super()._run(initiator, use_case, *args, **kwargs)
        self._count(use_case_name(use_case), result)
        return result

    def _count(self, name: str, result: OperationResult) -> None:
        if self.counting:
            self.counts[(self.encounter.ruleset_id, name, result.ok)] += 1

    def undo(self, initiator: Initiator = None) -> OperationResult:
        return self._counted("session.undo", super().undo(initiator))

    def redo(self, initiator: Initiator = None) -> OperationResult:
        return self._counted("session.redo", super().redo(initiator))

    def open_encounter(self, *args: Any, **kwargs: Any) -> OperationResult:
        return self._counted("session.open_encounter", super().open_encounter(*args, **kwargs))

    def edit_library(self, *args: Any, **kwargs: Any) -> OperationResult:
        return self._counted("session.edit_library", super().edit_library(*args, **kwargs))

    def end_turn(self, **kwargs: Any) -> OperationResult:
        result = super().end_turn(**kwargs)
        if kwargs.get("let_pass"):  # the runner counted the plain End turn
            self._count("session.end_turn(let_pass)", result)
        return result

    def _counted(self, name: str, result: OperationResult) -> OperationResult:
        self._count(name, result)
        return result


def _run_calls(tree: ast.AST) -> Iterator[str]:
    """The names handed as the use case to every `.run(...)`/`._run(...)` call in `tree`."""
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        at = {"run": 0, "_run": 1}.get(node.func.attr)
        if at is None or len(node.args) <= at:
            continue
        handed = node.args[at]
        if isinstance(handed, ast.Attribute) and isinstance(handed.value, ast.Name):
            yield f"{handed.value.id}.{handed.attr}"
        elif isinstance(handed, ast.Name):
            yield handed.id


def _resolved(module: object, dotted: str) -> Callable[..., object] | None:
    found: object = module
    for part in dotted.split("."):
        found = getattr(found, part, None)
    return found if callable(found) and hasattr(found, "__qualname__") else None


def facade_use_cases() -> set[str]:
    """Every use case the app hands the session by name (`orcus_desktop/`'s `run` calls).

    A use case passed on in a variable (a panel's chosen toggle) is not listed.
    """
    found: set[str] = set()
    package = REPO_ROOT / "orcus_desktop"
    for path in sorted(package.rglob("*.py")):
        names = set(_run_calls(ast.parse(path.read_text(encoding="utf-8"))))
        if not names:
            continue
        dotted = ".".join(path.relative_to(REPO_ROOT).with_suffix("").parts)
        module = importlib.import_module(dotted.removesuffix(".__init__"))
        for name in names:
            use_case = _resolved(module, name)
            if use_case is not None and use_case.__module__.startswith("orcus_desktop."):
                found.add(use_case_name(use_case))
    return found


SESSION_METHODS = (
    "session.undo",
    "session.redo",
    "session.end_turn(let_pass)",
    "session.edit_library",
    "session.open_encounter",
)
"""The named façade methods a GM reaches that do not pass the runner."""


def coverage_table(counts: Counts) -> str:
    """One row per use case (the app's and the random GM's), "done/refused" per ruleset
    played (a run switches rulesets between fights)."""
    rulesets = sorted({r for r, _, _ in counts})
    names = facade_use_cases() | set(SESSION_METHODS) | {name for _, name, _ in counts}
    width = max(len(n) for n in names)
    head = f"{'use case':<{width}}  " + "  ".join(f"{r:>16}" for r in rulesets)
    lines = [head, "-" * len(head)]
    never = 0
    for name in sorted(names):
        cells = []
        for r in rulesets:
            done, refused = counts[(r, name, True)], counts[(r, name, False)]
            cells.append(f"{done}/{refused}" if done or refused else "-")
        never += all(c == "-" for c in cells)
        lines.append(f"{name:<{width}}  " + "  ".join(f"{c:>16}" for c in cells))
    lines.append(f"{len(names)} use cases; never reached in any ruleset: {never}")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    """Play STEPS steps with each of SEEDS seeds (from FIRST_SEED, 0 by default) from each
    ruleset; print the coverage table."""
    from orcus_desktop.rules.ruleset import RULESETS
    from tests.controller.test_random_gm import play

    steps, seeds = int(argv[0]), int(argv[1])
    first = int(argv[2]) if len(argv) > 2 else 0
    counts: Counts = Counter()
    for ruleset_id in sorted(RULESETS):
        for seed in range(first, first + seeds):
            try:
                play(ruleset_id, seed, steps, counts)
            except BaseException as exc:  # pytest.fail's Failed is one; the table goes on
                if isinstance(exc, KeyboardInterrupt):
                    raise
                print(f"FAILED {str(exc)[:2000]}", file=sys.stderr)
    print(coverage_table(counts))


if __name__ == "__main__":
    main(sys.argv[1:])

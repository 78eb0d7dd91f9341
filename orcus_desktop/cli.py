"""The headless `query` and `rules` commands: answers about encounter files and rulesets.

    orcus-desktop query distance ENCOUNTER --from ID --to ID
    orcus-desktop query sight ENCOUNTER --from ID|COL,ROW --to ID|COL,ROW
    orcus-desktop query area ENCOUNTER --shape burst --size N --origin COL,ROW
    orcus-desktop query path ENCOUNTER --creature ID --to COL,ROW [--via COL,ROW ...]
    orcus-desktop rules                 (one line per ruleset: id, source seed, name)
    orcus-desktop rules show ID         (the ruleset's fields, tables and hook names as JSON)

Every `query` answers under the encounter's ruleset, or the one `--ruleset ID` names (today
that decides the cover degrees of `sight`). JSON on stdout and exit status 0; a bad file, an
unknown id or a square off the grid gives a one-line message on stderr and exit status 2, never
a traceback. ENCOUNTER may be a Universal VTT map (`.dd2vtt`, `.uvtt`, `.df2vtt`), read as an
encounter with no creatures. `app.main()` dispatches `orcus-desktop query|rules ...` here.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
import warnings
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, NoReturn

from orcus_desktop.controller.turns import waiting_decisions
from orcus_desktop.controller.views.queries import (
    QueryError,
    area_query,
    distance_query,
    path_query,
    sight_query,
)
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import EncounterFileError
from orcus_desktop.model.text_repair import describe_exception, error_line
from orcus_desktop.model.uvtt import load_encounter_or_map
from orcus_desktop.rules.ruleset import RULESETS, Ruleset, UnknownRulesetError, ruleset_by_id
from orcus_desktop.rules.variants import install as install_variants

EXIT_OK = 0
ENCOUNTER_HELP = "the encounter file (.json), or a Universal VTT map (.dd2vtt, .uvtt, .df2vtt)"
EXIT_USAGE = 2


class _UsageError(Exception):
    """Raised instead of argparse's own exit so that every failure is one line on stderr."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _square(text: str) -> Square:
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"expected COL,ROW, got {text!r}")
    try:
        col, row = (int(p.strip()) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected whole numbers COL,ROW, got {text!r}") from None
    return Square(col, row)


def _end(text: str) -> str | Square:
    """A sight end: COL,ROW is a square, anything else a creature's id."""
    return _square(text) if _SQUARE.fullmatch(text.strip()) else text


_SQUARE = re.compile(r"-?\d+\s*,\s*-?\d+")


def build_parser() -> argparse.ArgumentParser:
    """The `query` argument parser (also used for --help)."""
    parser = _Parser(
        prog="orcus-desktop query",
        description="Answer geometry questions about an encounter file; prints JSON.",
    )
    sub = parser.add_subparsers(dest="question", required=True, metavar="QUESTION")
    for name, help_text in (
        ("distance", 'squares between two creatures: {"distance": N}'),
        ("sight", "line of sight and effect, cover and concealment of --to against --from"),
    ):
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("encounter", metavar="ENCOUNTER", help=ENCOUNTER_HELP)
        end = "ID" if name == "distance" else "ID|COL,ROW"
        p.add_argument("--from", dest="from_id", required=True, metavar=end)
        p.add_argument("--to", dest="to_id", required=True, metavar=end)
    area = sub.add_parser(
        "area", help="squares and creatures of a Far burst", description="A Far burst."
    )
    area.add_argument("encounter", metavar="ENCOUNTER", help=ENCOUNTER_HELP)
    area.add_argument("--shape", required=True, choices=["burst"])
    area.add_argument("--size", required=True, type=int, metavar="N")
    area.add_argument("--origin", required=True, type=_square, metavar="COL,ROW")
    path = sub.add_parser(
        "path",
        help="cheapest path of a creature to a square",
        description=(
            "Cheapest walk, its cost, and the enemies it provokes. Among walks as cheap, the "
            "one that provokes the fewest; --via makes it pass through waypoints, in order, as "
            "a right-click or P does while dragging a token on the map."
        ),
    )
    path.add_argument("encounter", metavar="ENCOUNTER", help=ENCOUNTER_HELP)
    path.add_argument("--creature", required=True, metavar="ID")
    path.add_argument("--to", dest="to_square", required=True, type=_square, metavar="COL,ROW")
    path.add_argument(
        "--via",
        action="append",
        default=[],
        type=_square,
        metavar="COL,ROW",
        help="a waypoint the walk passes through (repeatable, in order)",
    )
    waiting = sub.add_parser(
        "waiting",
        help="what waits for the GM's word before the turn may end (offers, held attacks...)",
        description="The decisions a saved encounter holds (docs/rulings.md R-117).",
    )
    waiting.add_argument("encounter", metavar="ENCOUNTER", help=ENCOUNTER_HELP)
    for p in sub.choices.values():
        p.add_argument(
            "--ruleset", metavar="ID", help="answer under this ruleset, not the encounter's"
        )
    return parser


def _answer(args: argparse.Namespace) -> dict[str, Any]:
    encounter = load_encounter_or_map(args.encounter)
    ruleset: Ruleset = ruleset_by_id(args.ruleset or encounter.ruleset_id)
    if args.question == "distance":
        return {"distance": distance_query(encounter, args.from_id, args.to_id)}
    if args.question == "sight":
        s = sight_query(encounter, _end(args.from_id), _end(args.to_id), ruleset)
        return {
            "line_of_sight": s.line_of_sight,
            "line_of_effect": s.line_of_effect,
            "cover": s.cover,
            "concealment": s.concealment,
        }
    if args.question == "waiting":
        return {"waiting": waiting_query(replace(encounter, ruleset_id=ruleset.id))}
    if args.question == "area":
        a = area_query(encounter, args.shape, args.size, args.origin, ruleset)
        return {"squares": [[s.col, s.row] for s in a.squares], "creatures": list(a.creatures)}
    p = path_query(encounter, args.creature, args.to_square, ruleset, via=tuple(args.via))
    return {
        "reachable": p.reachable,
        "cost": p.cost,
        "path": [[s.col, s.row] for s in p.path],
        "provokes": list(p.provokes),
    }


def waiting_query(encounter: Encounter) -> list[dict[str, Any]]:
    """`waiting_decisions.decisions` of the encounter as JSON objects, in the session's order."""
    # Imported here: the geometry questions start without the session's imports.
    import random

    from orcus_desktop.controller.session import GameSession
    from orcus_desktop.model.document import Document
    from orcus_desktop.model.history import History

    document = Document(encounter)
    session = GameSession(document, History(document), random.Random(0))
    return [
        {"kind": d.kind, "creature": d.creature, "about": d.about, "text": d.text}
        for d in session.ask(waiting_decisions.decisions)
    ]


def query_main(argv: list[str]) -> int:
    """Run `query` with its arguments (without the word "query"); returns the exit status."""
    install_variants()  # a composition root too: it can be run without app.py
    parser = build_parser()
    try:
        with _quiet_libraries():
            args = parser.parse_args(argv)
            answer = _answer(args)
    except SystemExit as exc:  # --help
        return int(exc.code) if isinstance(exc.code, int) else EXIT_OK
    except (_UsageError, EncounterFileError, QueryError, UnknownRulesetError) as exc:
        _complain("orcus-desktop query", str(exc))
        return EXIT_USAGE
    except Exception as exc:
        # The last line of defence (issue 12): any input gets one line, never a traceback.
        reason = describe_exception(exc)
        _complain("orcus-desktop query", f"cannot answer for this input ({reason})")
        return EXIT_USAGE
    print(json.dumps(answer))
    return EXIT_OK


@contextlib.contextmanager
def _quiet_libraries() -> Iterator[None]:
    """No library warnings on stderr: the answer or one line is all the CLI prints."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _complain(prog: str, message: str) -> None:
    """One line on stderr, whatever characters the message holds (a file name's included)."""
    line = f"{prog}: {error_line(message)}\n"
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    sys.stderr.write(line.encode(encoding, "backslashreplace").decode(encoding))


def build_rules_parser() -> argparse.ArgumentParser:
    """The `rules` argument parser (also used for --help)."""
    parser = _Parser(
        prog="orcus-desktop rules",
        description="List the rulesets, or print one as JSON (fields, tables, hook names).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    show = sub.add_parser("show", help="print a ruleset as JSON", description="A ruleset.")
    show.add_argument("ruleset_id", metavar="ID", help="a ruleset id, as `rules` lists them")
    return parser


def rules_main(argv: list[str]) -> int:
    """Run `rules` with its arguments (without the word "rules"); returns the exit status."""
    install_variants()
    try:
        args = build_rules_parser().parse_args(argv)
        if args.command == "show":
            text = json.dumps(ruleset_by_id(args.ruleset_id).to_dict(), indent=1)
        else:
            text = "\n".join(
                f"{r.id:<22} {r.source}  {r.name}{'  [experimental]' if r.experimental else ''}"
                for r in RULESETS.values()
            )
    except SystemExit as exc:  # --help
        return int(exc.code) if isinstance(exc.code, int) else EXIT_OK
    except (_UsageError, UnknownRulesetError) as exc:
        _complain("orcus-desktop rules", str(exc))
        return EXIT_USAGE
    print(text)
    return EXIT_OK

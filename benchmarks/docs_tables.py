"""The tables of docs/benchmarks.md, written by the benchmark scripts that measure them.

Each table there sits between `<!-- table: NAME (SCRIPT) -->` and `<!-- end table: NAME -->`.
A script run with `--markdown` prints its rows; with `--write-docs` it also puts them in its
table, under the table's header, in place of the rows there, and leaves every other line of the
page alone (the prose around a table says when and where it was measured: update it with the
run). `tests/test_benchmark_docs.py` checks that every table names a script that writes it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

BENCHMARKS_DOC = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
_START = re.compile(r"^<!-- table: (?P<name>[\w-]+) \((?P<script>[\w/.]+)\) -->$", re.MULTILINE)


def add_write_docs_option(parser: object) -> None:
    """The `--write-docs` flag every benchmark script that owns a table takes."""
    add = parser.add_argument  # type: ignore[attr-defined]
    add(
        "--write-docs",
        action="store_true",
        help="also write the rows into their table in docs/benchmarks.md",
    )


def publish(name: str, rows: Sequence[str], *, write: bool, doc: Path = BENCHMARKS_DOC) -> None:
    """Print a table's rows and, when `write`, replace that table's rows in the page."""
    print("\n".join(rows))
    if write:
        doc.write_text(replace_rows(doc.read_text(encoding="utf-8"), name, rows), "utf-8")
        print(f"wrote {len(rows)} rows into {doc.name}, table {name}")


def tables(text: str) -> dict[str, str]:
    """Each table's name and the script that writes it, as the page declares them."""
    return {m["name"]: m["script"] for m in _START.finditer(text)}


def replace_rows(text: str, name: str, rows: Sequence[str]) -> str:
    """`text` with table `name`'s rows (every line after its header and separator) replaced."""
    start = next((m for m in _START.finditer(text) if m["name"] == name), None)
    end_marker = f"<!-- end table: {name} -->"
    if start is None or end_marker not in text[start.end() :]:
        raise KeyError(f"docs/benchmarks.md has no table {name!r} between markers")
    end = text.index(end_marker, start.end())
    lines = text[start.end() : end].strip("\n").splitlines()
    header = lines[:2]  # the column names and the |---| line
    if len(header) < 2 or not header[1].startswith("|-"):
        raise ValueError(f"table {name!r} has no header")
    body = "\n".join([*header, *rows])
    return f"{text[: start.end()]}\n{body}\n{text[end:]}"

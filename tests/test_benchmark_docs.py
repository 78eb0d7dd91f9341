"""docs/benchmarks.md's tables are written by the benchmark scripts (issue 34).

Each table sits between markers naming the script that writes it; the script's `--write-docs`
replaces that table's rows and nothing else on the page.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from types import ModuleType

import pytest

from tests.conftest import REPO_ROOT

DOC = REPO_ROOT / "docs" / "benchmarks.md"


def _docs_tables() -> ModuleType:
    path = REPO_ROOT / "benchmarks" / "docs_tables.py"
    spec = importlib.util.spec_from_file_location("docs_tables", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tables() -> dict[str, str]:
    found = _docs_tables().tables(DOC.read_text(encoding="utf-8"))
    assert isinstance(found, dict)
    return found


def test_the_page_declares_its_tables_and_each_names_its_script() -> None:
    tables = _tables()
    assert set(tables) >= {
        "geometry",
        "visibility",
        "sight-and-cover",
        "drag",
        "memory",
        "first-frame",
        "lighting",
        "query-budget",
    }
    text = DOC.read_text(encoding="utf-8")
    for name in tables:
        assert text.count(f"<!-- end table: {name} -->") == 1, name


@pytest.mark.parametrize("name", sorted(_tables()))
def test_each_table_is_written_by_the_script_it_names(name: str) -> None:
    script = REPO_ROOT / _tables()[name]
    source = script.read_text(encoding="utf-8")
    assert "add_write_docs_option(parser)" in source, script
    assert f'publish("{name}", ' in source, script


def test_writing_a_table_replaces_its_rows_and_nothing_else() -> None:
    text = DOC.read_text(encoding="utf-8")
    rows = ["| light 50 torches | ≤ 1.5 × | 1.00 ms vs 2.00 ms: 0.50 × | |"]
    written = _docs_tables().replace_rows(text, "lighting", rows)
    assert isinstance(written, str)
    before, _, after = text.partition("<!-- table: lighting")
    assert written.startswith(before)
    assert written.endswith(after[after.index("<!-- end table: lighting -->") :])
    block = written[len(before) :].split("<!-- end table: lighting -->")[0].splitlines()
    assert block[1:] == ["| measure | budget | figure | note |", "|---|---|---|---|", *rows]
    # Written twice, the page is the same: the header is kept, the rows replaced.
    assert _docs_tables().replace_rows(written, "lighting", rows) == written


def test_an_unknown_table_is_refused() -> None:
    with pytest.raises(KeyError, match="no table 'nothing'"):
        _docs_tables().replace_rows(DOC.read_text(encoding="utf-8"), "nothing", [])


def test_a_script_offers_write_docs() -> None:
    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / "benchmarks" / "cli" / "bench_query_budget.py"), "-h"],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=120,
        check=True,
    )
    assert "--write-docs" in done.stdout

"""Every rule, ruling and design fact the code cites resolves from a clone of the repository.

Code and tests cite `docs/<page>.md`, `docs/<page>.md#<section>` and ruling ids (`R-07`, defined
in docs/rulings.md); the rulebook itself is cited by seed file and heading (`000 "Cover"`). The
project's reference texts outside the repository are never cited, and no file names a path of
the machine it was written on.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CODE_DIRS = ("orcus_desktop", "tests", "benchmarks", "packaging")
SKIP_DIRS = {
    ".git",
    ".venv",
    "venv",
    "build",
    "dist",
    "node_modules",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
}

DOC_CITATION = re.compile(r"\bdocs/([\w.-]+\.md)(?:#([\w-]+))?")
RULING_ID = re.compile(r"\bR-\d{2,3}\b")
RULING_HEADING = re.compile(r"^### (R-\d{2,3})\b", re.MULTILINE)
# The character classes keep these patterns from matching this file's own text.
OUTSIDE_TEXTS = re.compile(
    r"\bRULING[S]\b|\bDESIG[N]\.md\b|\bHOUSE_STYL[E]\b|\bVARIANT[S]\.md\b|\.\./share[d]/"
)
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:wor[k]|roo[t]|hom[e]|User[s])/")


def _text_files(*tops: Path) -> list[Path]:
    files: list[Path] = []
    for top in tops:
        if top.is_file():
            files.append(top)
            continue
        for folder, dirs, names in os.walk(top):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.endswith(".egg-info")]
            files.extend(Path(folder) / name for name in names if name not in SKIP_DIRS)
    return [f for f in files if _read(f) is not None]


@cache
def _read_cached(path: str) -> str | None:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None


def _read(path: Path) -> str | None:
    return _read_cached(str(path))


def _repo_files() -> list[Path]:
    return _text_files(ROOT)


def _citing_files() -> list[Path]:
    tops = [ROOT / d for d in CODE_DIRS if (ROOT / d).exists()]
    return _text_files(*tops, ROOT / "README.md", *sorted(DOCS.glob("*.md")))


def _anchor(heading: str) -> str:
    """GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to '-'."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = _read(page) or ""
    return {_anchor(m) for m in re.findall(r"^#{1,6} (.+)$", text, re.MULTILINE)}


def _ruling_ids() -> list[str]:
    return RULING_HEADING.findall(_read(DOCS / "rulings.md") or "")


def _where(path: Path, text: str, index: int) -> str:
    return f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, index) + 1}"


def test_the_doc_pages_the_code_relies_on_exist() -> None:
    for page in ("rulings.md", "glossary.md", "design.md"):
        assert (DOCS / page).is_file(), f"docs/{page} is missing"


def test_ruling_ids_are_unique() -> None:
    # Rulings stand under their topic (docs/rulings.md says so), not in id order; an id is
    # defined once. Three-digit ids count too: the pattern once read only two digits, and a
    # ruling written twice by two branches went unseen.
    ids = _ruling_ids()
    assert ids, "docs/rulings.md defines no ruling (### R-NN headings)"
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert not twice, f"ruling ids defined twice: {twice}"
    assert {"R-01", "R-253"} <= set(ids), "the heading pattern reads two- and three-digit ids"


def test_every_cited_doc_page_and_section_exists() -> None:
    missing: list[str] = []
    for path in _citing_files():
        text = _read(path) or ""
        for match in DOC_CITATION.finditer(text):
            page, section = DOCS / match.group(1), match.group(2)
            if not page.is_file():
                missing.append(f"{_where(path, text, match.start())}: {match.group(0)}")
            elif section is not None and section not in _anchors(page):
                missing.append(f"{_where(path, text, match.start())}: no section #{section}")
    assert not missing, "citations that do not resolve:\n" + "\n".join(missing)


def test_every_cited_ruling_id_is_defined() -> None:
    defined = set(_ruling_ids())
    unknown: list[str] = []
    for path in _citing_files():
        text = _read(path) or ""
        for match in RULING_ID.finditer(text):
            if match.group(0) not in defined:
                unknown.append(f"{_where(path, text, match.start())}: {match.group(0)}")
    assert not unknown, "ruling ids not in docs/rulings.md:\n" + "\n".join(unknown)


def test_the_code_cites_rulings_by_id() -> None:
    # The ids must actually be used: a rename of the citation style would otherwise leave
    # the check above with nothing to check.
    cited = {
        m.group(0)
        for path in _text_files(ROOT / "orcus_desktop")
        for m in RULING_ID.finditer(_read(path) or "")
    }
    assert len(cited) >= 10, f"only {sorted(cited)} cited in orcus_desktop/"


@pytest.mark.parametrize(
    ("pattern", "what"),
    [
        (OUTSIDE_TEXTS, "a reference text kept outside the repository"),
        (MACHINE_PATH, "a path of this machine"),
    ],
    ids=["outside-texts", "machine-paths"],
)
def test_no_file_points_outside_the_repository(pattern: re.Pattern[str], what: str) -> None:
    found = [
        f"{_where(path, text, m.start())}: {m.group(0)}"
        for path in _repo_files()
        for text in (_read(path) or "",)
        for m in pattern.finditer(text)
    ]
    assert not found, f"files citing {what}:\n" + "\n".join(found)


ARCHITECTURE_PATH = re.compile(r"`([\w/]+(?:\.py|/))(?:::(\w+))?`")


def test_the_architecture_map_names_only_modules_and_functions_that_exist() -> None:
    """docs/architecture.md stays true: each `path` exists, each `path::name` is defined there."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    named = ARCHITECTURE_PATH.findall(text)
    assert len(named) > 40, "the map names the modules"
    package = ROOT / "orcus_desktop"
    missing: list[str] = []
    for path, name in named:
        # Relative to the package (or the repository); a short name ("move_tool.py",
        # "panels/actions/") is found wherever it sits inside the package.
        found = [
            p
            for p in (ROOT / path, package / path, *package.rglob(path.rstrip("/")))
            if p.exists()
        ]
        if not found:
            missing.append(path)
        elif name and not any(
            p.is_file()
            and re.search(rf"^\s*(?:def|class) {name}\b", p.read_text(encoding="utf-8"), re.M)
            for p in found
        ):
            missing.append(f"{path}::{name}")
    assert not missing, missing

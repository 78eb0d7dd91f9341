"""The frozen app (what the installers ship) starts, renders and answers queries.

docs/design.md#testing: a frozen-build smoke test. It builds packaging/orcus.spec with PyInstaller,
as the installers' build scripts do (tests/installers/conftest.py), then runs the result the way a
user's desktop would.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.installers.conftest import project_version, run_app, runtime_dependencies


@pytest.mark.slow
def test_frozen_app_smoke_test_and_screenshot(frozen_app: Path, tmp_path: Path) -> None:
    smoke = run_app(frozen_app, "--smoke-test", cwd=tmp_path)
    assert smoke.returncode == 0, smoke.stderr
    shot = run_app(frozen_app, "--screenshot", str(tmp_path / "frozen.png"), cwd=tmp_path)
    assert shot.returncode == 0, shot.stderr
    assert (tmp_path / "frozen.png").stat().st_size > 10_000


@pytest.mark.slow
def test_frozen_app_finds_its_demo_and_answers_a_query(frozen_app: Path, tmp_path: Path) -> None:
    demo = frozen_app.parent / "_internal" / "orcus_desktop" / "resources" / "encounters"
    result = run_app(
        frozen_app,
        "query",
        "distance",
        str(demo / "demo.json"),
        "--from",
        "brakka",
        "--to",
        "ogre",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    # Brakka stands on (4, 6); the large ogre's nearest square is (13, 11): 9 columns and 5 rows
    # apart, and diagonals count 1 (000 "Movement and Position"), so 9 squares.
    assert result.stdout.strip() == '{"distance": 9}'


@pytest.mark.slow
def test_frozen_app_reports_the_pyproject_version(frozen_app: Path, tmp_path: Path) -> None:
    result = run_app(frozen_app, "--version", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"orcus-desktop {project_version()}"


@pytest.mark.slow
def test_frozen_app_ships_the_metadata_help_about_lists(frozen_app: Path) -> None:
    # Help > About names every bundled library with its licence from its metadata; the bundle
    # must carry the .dist-info of each runtime dependency in pyproject.toml (and the licences).
    shipped = {
        re.sub(r"[-_.]+", "-", folder.name.removesuffix(".dist-info").rsplit("-", 1)[0]).lower()
        for folder in (frozen_app.parent / "_internal").glob("*.dist-info")
    }
    assert {"orcus-desktop", "shiboken6", "numpy"} <= shipped
    assert set(runtime_dependencies()) <= shipped

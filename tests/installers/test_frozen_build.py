"""The frozen app (what the installers ship) starts, renders and answers queries.

docs/design.md#testing: a frozen-build smoke test. It builds packaging/orcus.spec with PyInstaller,
as the README's installer steps do, then runs the result the way a user's desktop would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT


@pytest.fixture(scope="module")
def frozen_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("pyinstaller", path=str(Path(sys.executable).parent)) is None:
        pytest.fail("pyinstaller is not installed (it is in the dev extras)")
    work = tmp_path_factory.mktemp("frozen")
    subprocess.run(
        [
            str(Path(sys.executable).parent / "pyinstaller"),
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / "build"),
            str(REPO_ROOT / "packaging" / "orcus.spec"),
        ],
        check=True,
        capture_output=True,
        cwd=work,
        timeout=900,
    )
    exe = work / "dist" / "orcus-desktop" / "orcus-desktop"
    if sys.platform == "win32":
        exe = exe.with_suffix(".exe")
    assert exe.is_file()
    return exe


def _run(exe: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [str(exe), *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120
    )


@pytest.mark.slow
def test_frozen_app_smoke_test_and_screenshot(frozen_app: Path, tmp_path: Path) -> None:
    smoke = _run(frozen_app, "--smoke-test", cwd=tmp_path)
    assert smoke.returncode == 0, smoke.stderr
    shot = _run(frozen_app, "--screenshot", str(tmp_path / "frozen.png"), cwd=tmp_path)
    assert shot.returncode == 0, shot.stderr
    assert (tmp_path / "frozen.png").stat().st_size > 10_000


@pytest.mark.slow
def test_frozen_app_finds_its_demo_and_answers_a_query(frozen_app: Path, tmp_path: Path) -> None:
    demo = frozen_app.parent / "_internal" / "orcus_desktop" / "resources" / "encounters"
    result = _run(
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

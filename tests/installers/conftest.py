"""The frozen build every installer test shares, and the tools those tests need.

PyInstaller takes a while, so packaging/orcus.spec is built once per test run and the
installer tests (tests/installers/test_linux_installer.py) wrap that same bundle.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT


def project_version() -> str:
    """pyproject.toml's version: the one place it is set, which every artefact must show."""
    with (REPO_ROOT / "pyproject.toml").open("rb") as file:
        version = tomllib.load(file)["project"]["version"]
    assert isinstance(version, str)
    return version


def runtime_dependencies() -> list[str]:
    """The normalised names of pyproject.toml's run-time dependencies ("pyside6-essentials")."""
    with (REPO_ROOT / "pyproject.toml").open("rb") as file:
        requirements = tomllib.load(file)["project"]["dependencies"]
    names = {re.split(r"[<>=!~;\[ ]", req, maxsplit=1)[0] for req in requirements}
    return sorted(re.sub(r"[-_.]+", "-", name).lower() for name in names)


@pytest.fixture(scope="session")
def frozen_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The executable of a fresh PyInstaller build of packaging/orcus.spec."""
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


def run_app(exe: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a frozen or installed app headless (offscreen Qt), as a user's desktop would."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [str(exe), *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120
    )


def need_tool(name: str, debian_package: str) -> str:
    """The path of a command-line tool a test needs.

    On Linux CI its absence fails the test (packaging/bootstrap.sh installs it for `test`);
    elsewhere the test is skipped, naming the package to install.
    """
    found = shutil.which(name)
    if found is not None:
        return found
    if sys.platform.startswith("linux") and os.environ.get("CI"):
        pytest.fail(f"{name} is missing: packaging/bootstrap.sh installs {debian_package}")
    pytest.skip(f"{name} is not installed (Debian package {debian_package})")

"""Runtime data is found the same way from a source checkout and from an installed wheel."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from orcus_desktop.assets import demo_encounter_path, resource_path, resources_dir
from tests.conftest import REPO_ROOT


def test_source_checkout_finds_the_bundled_data() -> None:
    assert demo_encounter_path().is_file()
    assert resource_path("icons", "orcus-desktop.png").is_file()
    assert sorted(p.name for p in resources_dir().joinpath("creatures").glob("*.json"))


@pytest.mark.slow
def test_installed_wheel_finds_the_bundled_data_inside_the_package(tmp_path: Path) -> None:
    # Build the wheel as a user's `pip install .` would, install it alone into a folder, and
    # ask that copy (not the checkout) where its resources are.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), REPO_ROOT],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("orcus_desktop-*.whl")
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", target, wheel],
        check=True,
        capture_output=True,
    )
    code = (
        "import orcus_desktop.assets as a; "
        "print(a.resources_dir()); print(a.demo_encounter_path().is_file())"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    ).stdout.splitlines()
    assert Path(out[0]) == (target / "orcus_desktop" / "resources").resolve()
    assert out[1] == "True"

"""The app's version for the build scripts, read from pyproject.toml (the one place it is set).

    python packaging/version.py        # prints e.g. 0.1.0

packaging/linux/build.sh, packaging/macos/build.sh, packaging/windows/build.ps1 and
packaging/orcus.spec all ask this file; the app itself asks `orcus_desktop.__version__`, which
reads the same field.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def project_version(root: Path = ROOT) -> str:
    """`[project] version` of the pyproject.toml in `root`."""
    with (root / "pyproject.toml").open("rb") as file:
        version = tomllib.load(file)["project"]["version"]
    assert isinstance(version, str)
    return version


if __name__ == "__main__":
    sys.stdout.write(project_version() + "\n")

"""Orcus Desktop: an offline battle map for game masters running Orcus tactical combat."""

from __future__ import annotations

import tomllib
from pathlib import Path

DISTRIBUTION = "orcus-desktop"


def _version() -> str:
    """`[project] version` of pyproject.toml: the one place the version is set.

    A source checkout reads the file itself (an editable install's metadata lags behind until it
    is reinstalled); a wheel or the frozen build reads the metadata built from it.
    """
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():
        with pyproject.open("rb") as file:
            project = tomllib.load(file).get("project", {})
        if project.get("name") == DISTRIBUTION:
            return str(project["version"])
    # Only here: importlib.metadata brings email, zipfile and csv with it (7 MB resident in a
    # bare interpreter, issue 14), which the headless `query` then never pays for.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # copied files without metadata: say so rather than guess
        return "0+unknown"


__version__ = _version()

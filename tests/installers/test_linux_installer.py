"""The Linux artefacts (issue 19): `bash packaging/linux/build.sh` makes a .deb and a tarball.

The .deb is unpacked into a temporary root (`dpkg-deb -x`), not installed, and everything is
run from there: the launcher on the PATH, the menu entry, the icon and the encounter file type.
The build wraps the frozen app tests/installers/conftest.py builds once for the whole run.
"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from tests.installers.conftest import need_tool, project_version, run_app

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not sys.platform.startswith("linux") or shutil.which("dpkg-deb") is None,
        reason="the .deb is built on Debian or Ubuntu (dpkg-deb)",
    ),
]

NAME = "orcus-desktop"
MIME_XML = REPO_ROOT / "packaging" / "linux" / f"{NAME}.xml"
MIME_NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


@dataclass(frozen=True)
class LinuxArtefacts:
    deb: Path
    tarball: Path
    root: Path  # the .deb unpacked


@pytest.fixture(scope="module")
def artefacts(frozen_app: Path, tmp_path_factory: pytest.TempPathFactory) -> LinuxArtefacts:
    work = tmp_path_factory.mktemp("linux")
    build = subprocess.run(
        [
            "bash",
            str(REPO_ROOT / "packaging" / "linux" / "build.sh"),
            "--bundle",
            str(frozen_app.parent),
            "--dist",
            str(work / "dist"),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHON": sys.executable},
        timeout=900,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    arch = subprocess.check_output(["dpkg", "--print-architecture"], text=True).strip()
    version = project_version()
    deb = work / "dist" / f"{NAME}_{version}_{arch}.deb"
    tarball = work / "dist" / f"{NAME}-{version}-linux-{os.uname().machine}.tar.gz"
    # The script prints what it wrote, one artefact a line, and writes nothing else there.
    assert build.stdout.split() == [str(deb), str(tarball)]
    assert sorted((work / "dist").iterdir()) == sorted([deb, tarball])
    root = work / "root"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return LinuxArtefacts(deb, tarball, root)


def _mime_type() -> str:
    (mime,) = ET.parse(MIME_XML).getroot().findall("m:mime-type", MIME_NS)
    return mime.attrib["type"]


def _desktop_entry(root: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(root / "usr" / "share" / "applications" / f"{NAME}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_package_carries_the_pyproject_version(artefacts: LinuxArtefacts) -> None:
    fields = subprocess.run(
        ["dpkg-deb", "-f", str(artefacts.deb), "Package", "Version", "Depends"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert f"Package: {NAME}\n" in fields
    assert f"Version: {project_version()}\n" in fields
    # The bundle brings Qt but not the X/GL system libraries its platform plugin loads.
    assert "libxcb-cursor0" in fields
    assert "libegl1" in fields


def test_the_installed_launcher_starts_renders_and_answers_a_query(
    artefacts: LinuxArtefacts, tmp_path: Path
) -> None:
    launcher = artefacts.root / "usr" / "bin" / NAME
    # On the PATH, pointing into the app's folder under /opt.
    assert launcher.is_symlink()
    assert launcher.resolve() == (artefacts.root / "opt" / NAME / NAME).resolve()
    smoke = run_app(launcher, "--smoke-test", cwd=tmp_path)
    assert smoke.returncode == 0, smoke.stderr
    shot = run_app(launcher, "--screenshot", str(tmp_path / "installed.png"), cwd=tmp_path)
    assert shot.returncode == 0, shot.stderr
    assert (tmp_path / "installed.png").stat().st_size > 10_000
    demo = (
        artefacts.root / "opt" / NAME / "_internal" / "orcus_desktop" / "resources" / "encounters"
    ) / "demo.json"
    query = run_app(
        launcher, "query", "distance", str(demo), "--from", "brakka", "--to", "ogre", cwd=tmp_path
    )
    assert query.returncode == 0, query.stderr
    # Brakka on (4, 6), the large ogre's nearest square (13, 11): 9 squares, diagonals count 1
    # (000 "Movement and Position").
    assert query.stdout.strip() == '{"distance": 9}'
    version = run_app(launcher, "--version", cwd=tmp_path)
    assert version.stdout.strip() == f"{NAME} {project_version()}"


def test_the_menu_entry_is_valid_with_its_icon_and_file_type(artefacts: LinuxArtefacts) -> None:
    validate = need_tool("desktop-file-validate", "desktop-file-utils")
    desktop_file = artefacts.root / "usr" / "share" / "applications" / f"{NAME}.desktop"
    result = subprocess.run(
        [validate, str(desktop_file)], capture_output=True, text=True, check=False
    )
    # Errors fail it; warnings and hints only print, so the output must be empty as well.
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip() == "", result.stdout
    entry = _desktop_entry(artefacts.root)
    command, argument = entry["Exec"].split()
    assert (artefacts.root / "usr" / "bin" / command).exists()
    assert argument == "%f"  # the double-clicked file is passed on as the encounter to open
    assert entry["MimeType"].rstrip(";").split(";") == [_mime_type()]
    icons = artefacts.root / "usr" / "share" / "icons" / "hicolor"
    for size in HICOLOR_SIZES:
        assert (icons / f"{size}x{size}" / "apps" / f"{entry['Icon']}.png").is_file()
    assert (icons / "scalable" / "apps" / f"{entry['Icon']}.svg").is_file()


def test_encounter_files_open_with_the_app_after_postinst(
    artefacts: LinuxArtefacts, tmp_path: Path
) -> None:
    need_tool("update-mime-database", "shared-mime-info")
    need_tool("update-desktop-database", "desktop-file-utils")
    gio = need_tool("gio", "libglib2.0-bin")
    control = tmp_path / "control"
    subprocess.run(["dpkg-deb", "-e", str(artefacts.deb), str(control)], check=True)
    share = artefacts.root / "usr" / "share"
    env = {
        **os.environ,
        "DPKG_ROOT": str(artefacts.root),
        "XDG_DATA_DIRS": f"{share}:/usr/share",
        "XDG_DATA_HOME": str(tmp_path / "no-user-data"),
    }
    subprocess.run(
        ["sh", str(control / "postinst"), "configure"], check=True, env=env, capture_output=True
    )
    # The desktop's caches now say who opens the type: the app's menu entry.
    assert (share / "mime" / "mime.cache").is_file()
    handlers = (share / "applications" / "mimeinfo.cache").read_text(encoding="utf-8")
    assert f"{_mime_type()}={NAME}.desktop;" in handlers
    demo = artefacts.root / "opt" / NAME / "_internal" / "orcus_desktop" / "resources"
    files = {
        "cave.orcus": (demo / "encounters" / "demo.json").read_bytes(),
        "saved-as-plain.json": (demo / "encounters" / "demo.json").read_bytes(),
        "settings.json": b'{"format": "something-else"}\n',
    }
    types = {}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        info = subprocess.run(
            [gio, "info", "-a", "standard::content-type", str(tmp_path / name)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
        types[name] = info.rsplit(":", 1)[1].strip()
    # By name, and by content for a plain .json the app wrote; any other JSON stays JSON.
    assert types == {
        "cave.orcus": _mime_type(),
        "saved-as-plain.json": _mime_type(),
        "settings.json": "application/json",
    }
    subprocess.run(
        ["sh", str(control / "postrm"), "remove"], check=True, env=env, capture_output=True
    )


def test_the_portable_tarball_runs_where_it_is_unpacked(
    artefacts: LinuxArtefacts, tmp_path: Path
) -> None:
    with tarfile.open(artefacts.tarball) as archive:
        archive.extractall(tmp_path, filter="tar")
    top = f"{NAME}-{project_version()}"
    assert [p.name for p in tmp_path.iterdir()] == [top]
    result = run_app(tmp_path / top / NAME, "--version", cwd=tmp_path)
    assert result.stdout.strip() == f"{NAME} {project_version()}"
    smoke = run_app(tmp_path / top / NAME, "--smoke-test", cwd=tmp_path)
    assert smoke.returncode == 0, smoke.stderr

"""The installers' scripts agree with each other and with the app (issue 19).

The Windows and macOS installers are built by the release workflow on their own runners; here
their scripts are checked for what the issue asks (per-user install, Start menu, uninstaller,
desktop icon, file association, document types, version from pyproject.toml), and every
platform must register the same encounter file type.
"""

from __future__ import annotations

import plistlib
import re
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml

from orcus_desktop import __version__
from orcus_desktop.ui.file_actions import ENCOUNTER_FILTER
from tests.conftest import REPO_ROOT
from tests.installers.conftest import project_version

PACKAGING = REPO_ROOT / "packaging"
WORKFLOW = REPO_ROOT / ".github" / "workflows" / "release.yml"
ISS = PACKAGING / "windows" / "orcus.iss"
INFO_PLIST = PACKAGING / "macos" / "Info.plist"
MIME_XML = PACKAGING / "linux" / "orcus-desktop.xml"
DESKTOP_FILE = PACKAGING / "linux" / "orcus-desktop.desktop"
ICONS = REPO_ROOT / "resources" / "icons"


def _workflow() -> dict[str, Any]:
    loaded = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def _matrix() -> list[dict[str, str]]:
    include = _workflow()["jobs"]["build"]["strategy"]["matrix"]["include"]
    assert isinstance(include, list)
    return include


def _mime() -> tuple[str, list[str]]:
    """The encounter MIME type and its file-name globs, from the shared-mime-info XML."""
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    (mime,) = ET.parse(MIME_XML).getroot().findall("m:mime-type", ns)
    return mime.attrib["type"], [g.attrib["pattern"] for g in mime.findall("m:glob", ns)]


def _iss() -> str:
    return ISS.read_text(encoding="utf-8")


def _iss_setup(key: str) -> str:
    match = re.search(rf"^{key}=(.*)$", _iss(), re.MULTILINE)
    assert match is not None, f"{key} is not set in {ISS.name}"
    return match.group(1).strip()


# --- version: one place (pyproject.toml)


def test_the_app_reports_the_pyproject_version() -> None:
    assert __version__ == project_version()


def test_build_scripts_read_the_version_from_pyproject() -> None:
    printed = subprocess.run(
        [sys.executable, str(PACKAGING / "version.py")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert printed == f"{project_version()}\n"
    # No installer script writes a version of its own.
    for script in (ISS, INFO_PLIST, DESKTOP_FILE, *PACKAGING.glob("*/build.*")):
        assert project_version() not in script.read_text(encoding="utf-8"), script
    assert "packaging/version.py" in (PACKAGING / "linux" / "build.sh").read_text("utf-8")
    assert "packaging/version.py" in (PACKAGING / "macos" / "build.sh").read_text("utf-8")
    assert "packaging\\version.py" in (PACKAGING / "windows" / "build.ps1").read_text("utf-8")


# --- the release workflow


def test_the_workflow_builds_tests_and_uploads_on_all_three_platforms() -> None:
    runners = {entry["platform"]: entry["os"] for entry in _matrix()}
    assert set(runners) == {"linux", "windows", "macos"}
    assert runners["linux"].startswith("ubuntu")
    assert runners["windows"].startswith("windows")
    assert runners["macos"].startswith("macos")
    steps = _workflow()["jobs"]["build"]["steps"]
    runs = "\n".join(str(step.get("run", "")) for step in steps)
    uses = [str(step.get("uses", "")) for step in steps]
    assert "bash packaging/bootstrap.sh test" in runs  # the suite, as the README runs it
    assert "-m pytest" in runs  # and on Windows and macOS
    assert "${{ matrix.build }}" in runs
    assert runs.count("--smoke-test") >= 3  # the installed app, on each platform
    assert any(use.startswith("actions/upload-artifact@") for use in uses)


def test_every_script_the_workflow_calls_exists() -> None:
    builds = {entry["platform"]: entry["build"] for entry in _matrix()}
    assert "packaging/linux/build.sh" in builds["linux"]
    assert "packaging/windows/build.ps1" in builds["windows"]
    assert "packaging/macos/build.sh" in builds["macos"]
    named = set(re.findall(r"packaging/[\w./-]+\.\w+", WORKFLOW.read_text(encoding="utf-8")))
    assert named
    for path in named:
        assert (REPO_ROOT / path).is_file(), path


def test_a_version_tag_attaches_the_installers_to_a_release() -> None:
    release = _workflow()["jobs"]["release"]
    assert release["needs"] == "build"
    assert "refs/tags/v" in release["if"]
    assert release["permissions"] == {"contents": "write"}
    steps = release["steps"]
    runs = "\n".join(str(step.get("run", "")) for step in steps)
    assert "gh release create" in runs
    assert "packaging/version.py" in runs  # the tag must be the version being released
    downloads = [s for s in steps if str(s.get("uses", "")).startswith("actions/download-")]
    assert downloads
    assert downloads[0]["with"]["pattern"] == "installer-*"
    # Each platform's artifact is named for the release job's pattern.
    upload = next(
        s for s in _workflow()["jobs"]["build"]["steps"] if "upload-artifact" in s.get("uses", "")
    )
    assert upload["with"]["name"] == "installer-${{ matrix.target }}"
    assert len({entry["target"] for entry in _matrix()}) == len(_matrix())  # no two overwrite


def _smoke_step(platform: str) -> str:
    (step,) = [
        s
        for s in _workflow()["jobs"]["build"]["steps"]
        if s.get("if") == f"matrix.platform == '{platform}'" and "Smoke-test" in s["name"]
    ]
    return str(step["run"])


def test_macos_is_built_for_apple_silicon_and_intel_each_on_its_own_mac() -> None:
    # Issue 34: both architectures, each running its own smoke test on its own runner.
    macs = {entry["arch"]: entry for entry in _matrix() if entry["platform"] == "macos"}
    assert set(macs) == {"arm64", "x86_64"}
    assert macs["x86_64"]["os"].endswith("-intel")
    assert not macs["arm64"]["os"].endswith("-intel")
    smoke = _smoke_step("macos")
    assert "-macos-${{ matrix.arch }}.dmg" in smoke
    assert 'lipo -archs "$exe" | grep -qw "${{ matrix.arch }}"' in smoke
    assert "env -u QT_QPA_PLATFORM" in smoke
    assert '"cocoa" platform' in smoke


def test_the_mac_minimum_matches_the_pyside6_wheels_ci_installs() -> None:
    # PySide6-Essentials 6.11 (pyproject allows up to 6.11 on CPython 3.11, which CI uses) ships
    # only macosx_13_0 wheels; the plist, the first-run note and the README say macOS 13.
    with INFO_PLIST.open("rb") as file:
        assert plistlib.load(file)["LSMinimumSystemVersion"] == "13.0"
    assert "macOS 13 and 14" in (PACKAGING / "macos" / "FIRST-RUN.txt").read_text("utf-8")
    assert "**macOS 13 Ventura or newer" in (REPO_ROOT / "README.md").read_text("utf-8")
    assert "= 13.0" in _smoke_step("macos")


def test_windows_ships_a_console_entry_and_ci_runs_its_commands() -> None:
    spec = (PACKAGING / "orcus.spec").read_text(encoding="utf-8")
    assert 'name="orcus-desktop-cli"' in spec
    assert "console=True" in spec
    smoke = _smoke_step("windows")
    assert 'Join-Path $dir "orcus-desktop-cli.exe"' in smoke
    for command in ("& $cli --version", "& $cli rules", "& $cli query distance", "--smoke-test"):
        assert command in smoke
    assert "$LASTEXITCODE -ne 2" in smoke  # a bad input's exit code reaches the terminal
    assert '"windows" platform' in smoke


def test_linux_ci_installs_the_deb_and_smoke_tests_it_on_a_real_x_display() -> None:
    smoke = _smoke_step("linux")
    assert 'sudo apt-get install -y --no-install-recommends "./$deb"' in smoke
    assert "env -u QT_QPA_PLATFORM xvfb-run -a orcus-desktop --smoke-test" in smoke
    assert '"xcb" platform' in smoke
    assert 'test "$size" -le 70000000' in smoke


# --- Windows: Inno Setup


def test_the_windows_installer_is_per_user_with_start_menu_desktop_icon_and_uninstaller() -> None:
    script = _iss()
    assert _iss_setup("PrivilegesRequired") == "lowest"  # no admin rights needed
    assert _iss_setup("AppVersion") == "{#AppVersion}"  # passed in by build.ps1
    assert "#error" in script  # ... and ISCC refuses to build without it
    assert _iss_setup("DefaultDirName").startswith("{autopf}")  # per-user Programs folder
    assert re.search(r'^Name: "\{autoprograms\}\\', script, re.MULTILINE)  # Start menu
    desktop = re.search(r'^Name: "desktopicon";.*$', script, re.MULTILINE)
    assert desktop is not None
    assert "Flags: unchecked" in desktop.group()  # optional, off unless asked for
    assert re.search(r'^Name: "\{autodesktop\}\\.*Tasks: desktopicon', script, re.MULTILINE)
    assert "Uninstallable=no" not in script
    assert _iss_setup("UninstallDisplayIcon").startswith("{app}\\")
    icon = ISS.parent / _iss_setup("SetupIconFile").replace("\\", "/")
    assert icon.resolve() == ICONS / "orcus-desktop.ico"


def test_the_windows_installer_associates_the_encounter_extension() -> None:
    script = _iss()
    extension = _encounter_extension()
    assert f'Subkey: "Software\\Classes\\{extension}"; ValueType: string; ValueName: ""' in script
    assert 'shell\\open\\command"' in script
    assert '""{app}\\{#AppExe}"" ""%1""' in script  # the file is passed to the app
    assert _iss_setup("ChangesAssociations") == "yes"
    assert "Root: HKA;" in script  # HKCU for a per-user install


# --- macOS: the .app's Info.plist


def test_the_mac_app_declares_and_opens_encounter_files() -> None:
    with INFO_PLIST.open("rb") as file:
        info = plistlib.load(file)
    (exported,) = info["UTExportedTypeDeclarations"]
    tags = exported["UTTypeTagSpecification"]
    assert tags["public.filename-extension"] == [_encounter_extension().lstrip(".")]
    assert tags["public.mime-type"] == [_mime()[0]]
    assert "public.json" in exported["UTTypeConformsTo"]
    owned = [t for t in info["CFBundleDocumentTypes"] if t["LSHandlerRank"] == "Owner"]
    assert [t["LSItemContentTypes"] for t in owned] == [[exported["UTTypeIdentifier"]]]
    assert info["CFBundleIconFile"] == "orcus-desktop.icns"
    assert "CFBundleShortVersionString" not in info  # packaging/orcus.spec adds pyproject's


def test_the_mac_build_makes_an_icns_signs_ad_hoc_and_packs_a_dmg() -> None:
    script = (PACKAGING / "macos" / "build.sh").read_text(encoding="utf-8")
    assert "packaging/make_icons.py --iconset" in script
    assert "iconutil -c icns" in script
    assert "codesign --force --deep --sign -" in script
    assert "hdiutil create" in script
    assert (PACKAGING / "macos" / "FIRST-RUN.txt").is_file()


# --- one encounter file type everywhere


def _encounter_extension() -> str:
    """The extension every platform associates: the MIME type's one-dot glob (`*.orcus`)."""
    (glob,) = [g for g in _mime()[1] if g.count(".") == 1]
    return glob.removeprefix("*")


def test_every_platform_and_the_open_dialog_know_the_same_file_type() -> None:
    mime_type, globs = _mime()
    extension = _encounter_extension()
    assert f"*{extension}" in globs
    assert f"*{extension}" in ENCOUNTER_FILTER.split(";;")[0]
    assert f"MimeType={mime_type};" in DESKTOP_FILE.read_text(encoding="utf-8")
    assert f'Subkey: "Software\\Classes\\{extension}' in _iss()


# --- the app icon


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("size", [16, 22, 24, 32, 48, 64, 128, 256, 512])
def test_the_icon_exists_at_every_hicolor_size(size: int) -> None:
    assert _png_size(ICONS / "hicolor" / f"{size}x{size}" / "apps" / "orcus-desktop.png") == (
        size,
        size,
    )


def test_the_windows_icon_holds_16_to_256_pixels() -> None:
    data = (ICONS / "orcus-desktop.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = {data[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes


def test_the_iconset_script_makes_what_iconutil_needs(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(PACKAGING / "make_icons.py"), "--iconset", str(tmp_path / "i")],
        check=True,
        capture_output=True,
    )
    made = {p.name: _png_size(p) for p in (tmp_path / "i").iterdir()}
    expected = {}
    for points in (16, 32, 128, 256, 512):
        expected[f"icon_{points}x{points}.png"] = (points, points)
        expected[f"icon_{points}x{points}@2x.png"] = (2 * points, 2 * points)
    assert made == expected

"""packaging/bootstrap.sh on a fresh machine (issue 34), its functions run with stand-ins.

The README's first command must work on a minimal Debian with only `python3`: it installs the
interpreter's venv package, makes a half-made `.venv` again, waits for another apt's lock with a
message (and gives up with a clear one), and runs the app in the caller's folder so that a
relative encounter path is theirs. Sourced, the script only defines its functions; apt-get,
dpkg-query and the app are stand-in scripts here, and the lock is a real fcntl lock on a file
of the test's. The whole script was also run on a debootstrapped Debian 12 (docs/developers.md).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

SCRIPT = REPO_ROOT / "packaging" / "bootstrap.sh"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def _stand_in(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text("#!/usr/bin/env bash\n" + body, encoding="utf-8")
    path.chmod(0o755)
    return path


def _call(
    commands: str,
    *,
    cwd: Path,
    env: dict[str, str],
    script: Path = SCRIPT,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Source the script, then run `commands` in the same bash."""
    return subprocess.run(
        ["bash", "-c", f'source "{script}"; {commands}'],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **env},
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def held_lock(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    """A lock file held by this process with an fcntl lock, as apt and dpkg hold theirs."""
    lock = tmp_path / "lock-frontend"
    lock.touch()
    fd = os.open(lock, os.O_RDWR)
    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        yield lock, fd
    finally:
        os.close(fd)


def test_a_lock_held_too_long_ends_in_a_clear_message(held_lock: tuple[Path, int]) -> None:
    lock, _ = held_lock
    env = {"ORCUS_APT_LOCKS": str(lock), "ORCUS_APT_WAIT": "2", "ORCUS_APT_POLL": "1"}
    started = time.monotonic()
    done = _call("wait_for_apt_locks", cwd=lock.parent, env=env)
    assert done.returncode != 0
    assert "waiting for another package manager" in done.stderr
    assert "has held its lock for 2 s; let it finish, or stop it, then run this again" in (
        done.stderr
    )
    assert time.monotonic() - started < 60


def test_the_wait_ends_when_the_other_package_manager_lets_go(
    held_lock: tuple[Path, int],
) -> None:
    lock, fd = held_lock
    env = {"ORCUS_APT_LOCKS": str(lock), "ORCUS_APT_WAIT": "60", "ORCUS_APT_POLL": "1"}
    waiting = subprocess.Popen(
        ["bash", "-c", f'source "{SCRIPT}"; wait_for_apt_locks && echo free'],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **env},
    )
    time.sleep(1.5)
    assert waiting.poll() is None  # still waiting while the lock is held
    fcntl.lockf(fd, fcntl.LOCK_UN)
    out, err = waiting.communicate(timeout=60)
    assert waiting.returncode == 0, err
    assert out == "free\n"
    assert "waiting for another package manager" in err


def test_a_free_lock_is_not_waited_for(tmp_path: Path) -> None:
    lock = tmp_path / "lock"
    lock.touch()
    env = {"ORCUS_APT_LOCKS": f"{lock} {tmp_path / 'absent'}", "ORCUS_APT_WAIT": "0"}
    done = _call("wait_for_apt_locks", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def _fake_apt(tmp_path: Path) -> tuple[Path, Path]:
    """A bin folder with apt-get (it records its arguments), id (root) and dpkg-query."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    record = tmp_path / "apt-get.args"
    _stand_in(bin_dir, "apt-get", f'echo "$*" >> "{record}"\n')
    _stand_in(bin_dir, "id", "echo 0\n")
    _stand_in(bin_dir, "dpkg-query", "exit 1\n")  # nothing installed
    return bin_dir, record


def test_an_interpreter_without_ensurepip_gets_its_own_venv_package(tmp_path: Path) -> None:
    # Debian 12's python3 has `venv` but not ensurepip until python3.11-venv is installed.
    bin_dir, record = _fake_apt(tmp_path)
    _stand_in(
        bin_dir,
        "python3.11",
        'case "$2" in *ensurepip*) exit 1 ;; *python%d.%d-venv*) echo python3.11-venv ;;\n'
        '  *) exec python3 "$@" ;; esac\n',
    )
    lock = tmp_path / "lock"
    lock.touch()
    env = {"PATH": f"{bin_dir}:{os.environ['PATH']}", "ORCUS_APT_LOCKS": str(lock)}
    done = _call("ensure_venv_module python3.11", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    calls = record.read_text(encoding="utf-8").splitlines()
    assert calls[0].endswith("update -qq")
    assert calls[1].endswith("install -y -qq --no-install-recommends python3.11-venv")
    assert all("DPkg::Lock::Timeout=300" in call for call in calls)


def test_an_interpreter_with_ensurepip_needs_nothing_installed(tmp_path: Path) -> None:
    bin_dir, record = _fake_apt(tmp_path)
    env = {"PATH": f"{bin_dir}:{os.environ['PATH']}"}
    done = _call(f'ensure_venv_module "{sys.executable}"', cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert not record.exists()


@pytest.mark.slow
def test_a_half_made_venv_is_made_again(tmp_path: Path) -> None:
    # What a failed first run left: a .venv with an interpreter and no pip in it.
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", "--without-pip", ".venv"], cwd=tmp_path, check=True)
    env = {"ORCUS_PYTHON": base}
    assert _call("venv_is_whole", cwd=tmp_path, env=env).returncode != 0
    done = _call("make_venv_whole", cwd=tmp_path, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "making .venv again: the one here is half made" in done.stderr
    assert _call("venv_is_whole", cwd=tmp_path, env=env).returncode == 0


def test_run_opens_a_relative_encounter_from_the_callers_folder(tmp_path: Path) -> None:
    # A clone whose .venv is installed and current, with a stand-in app that tells where it ran.
    clone = tmp_path / "clone"
    (clone / "packaging").mkdir(parents=True)
    shutil.copy(SCRIPT, clone / "packaging" / "bootstrap.sh")
    (clone / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    venv_bin = clone / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    _stand_in(venv_bin, "python", '[ "$*" = "-m pip --version" ] && echo pip\n')  # pip is there
    app = 'echo "cwd=$PWD"; for a in "$@"; do echo "arg=$a"; done\n'
    _stand_in(venv_bin, "orcus-desktop", app)
    stamp = subprocess.run(
        ["bash", "-c", "sha256sum < pyproject.toml | cut -d' ' -f1"],
        cwd=clone,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (clone / ".venv" / ".orcus-installed-").write_text(stamp, encoding="utf-8")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _stand_in(bin_dir, "dpkg-query", "echo 'install ok installed'\n")  # nothing missing
    elsewhere = tmp_path / "my games"
    elsewhere.mkdir()
    done = subprocess.run(
        ["bash", "../clone/packaging/bootstrap.sh", "run", "fight.json"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"cwd={elsewhere}", "arg=fight.json"]

#!/usr/bin/env bash
# One entry point from a fresh clone: installs what is missing, then runs the app or the tests.
#
#   bash packaging/bootstrap.sh run [ENCOUNTER]   # the app (demo encounter by default)
#   bash packaging/bootstrap.sh test [PYTEST ARGS] # every quality gate and the whole suite, headless
#
# Works on a minimal Debian or Ubuntu with only python3: it installs the system libraries Qt
# needs and the interpreter's own venv package (python3.X-venv) where they are missing, waiting
# for another apt or dpkg to let go of its lock. Idempotent: .venv is reused while
# pyproject.toml is unchanged, and made again when it is half made (no pip in it, or its
# interpreter gone). `run` runs the app in the folder it was called from, so a relative
# ENCOUNTER, and the screenshot written when there is no display, are that folder's.
# Fails on the first error. Sourced (tests/test_bootstrap.py), it only defines its functions.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
caller="$PWD"

log() { printf 'orcus-bootstrap: %s\n' "$*" >&2; }

# --- system libraries Qt needs (Debian/Ubuntu only; elsewhere Qt's wheels bring what they need)
debian_packages=(libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3
                 libglib2.0-0 xvfb xauth x11-utils libxcb-icccm4 libxcb-keysyms1 libxcb-image0
                 libxcb-render-util0 libxcb-randr0 libxcb-shape0 libxcb-xinerama0 libxcb-xfixes0
                 libxcb-xkb1 libxcb-cursor0)
# For `test` only: the Linux installer's checks (tests/installers/test_linux_installer.py) validate
# the .desktop entry, compile the MIME type and ask GLib what type an encounter file is;
# chromium is the real browser of the sharing tests (tests/ui/share, driven by Playwright).
debian_test_packages=(desktop-file-utils shared-mime-info libglib2.0-bin chromium)

# The locks apt and dpkg take (ORCUS_APT_LOCKS overrides them for the tests), and how long to
# wait for another package manager, such as a fresh Ubuntu's automatic updates, to finish.
apt_locks=(/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock
           /var/cache/apt/archives/lock)
if [ -n "${ORCUS_APT_LOCKS:-}" ]; then read -r -a apt_locks <<< "$ORCUS_APT_LOCKS"; fi
apt_wait_seconds="${ORCUS_APT_WAIT:-300}"
apt_poll_seconds="${ORCUS_APT_POLL:-5}"

missing_debian_packages() {  # package names as arguments; prints those not installed
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
      || printf '%s\n' "$pkg"
  done
}

apt_locks_free() {  # true when no other process holds an apt or dpkg lock (fcntl, as dpkg locks)
  "${sudo[@]}" python3 - "${apt_locks[@]}" <<'EOF'
import fcntl, os, sys
for path in sys.argv[1:]:
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        continue  # no such lock file (or not ours to open): nobody holds it through us
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        sys.exit(1)
    finally:
        os.close(fd)
EOF
}

wait_for_apt_locks() {
  local waited=0
  while ! apt_locks_free; do
    if [ "$waited" -ge "$apt_wait_seconds" ]; then
      log "another package manager (apt, dpkg or automatic updates) has held its lock for" \
          "${apt_wait_seconds} s; let it finish, or stop it, then run this again"
      return 1
    fi
    [ "$waited" -eq 0 ] && log "waiting for another package manager (apt, dpkg or automatic" \
                               "updates) to finish (at most ${apt_wait_seconds} s)"
    sleep "$apt_poll_seconds"
    waited=$((waited + apt_poll_seconds))
  done
}

sudo=()
apt_install() {  # package names as arguments
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
      log "missing system packages (install them, then run again): $*"; return 1
    fi
  fi
  log "installing system packages: $*"
  export DEBIAN_FRONTEND=noninteractive
  # apt waits for dpkg's lock on its own too (apt 1.9.11 and later): the check above gives the
  # message, the option covers a lock taken between the check and apt's start.
  local wait=(-o "DPkg::Lock::Timeout=$apt_wait_seconds")
  wait_for_apt_locks
  "${sudo[@]}" apt-get "${wait[@]}" update -qq
  wait_for_apt_locks
  "${sudo[@]}" apt-get "${wait[@]}" install -y -qq --no-install-recommends "$@" >/dev/null
}

install_system_libraries() {  # extra package names for this mode as arguments
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing
  mapfile -t missing < <(missing_debian_packages "${debian_packages[@]}" "$@")
  # Not `[ ... ] || apt_install`: set -e does not reach inside a function called after `||`.
  if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
}

# --- Python: the newest supported interpreter on PATH (3.11+)
pick_python() {
  local candidate
  for candidate in python3 python3.13 python3.12 python3.11; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$candidate"; return 0
    fi
  done
  log "Python 3.11 or newer is needed"; return 1
}

ensure_venv_module() {  # the interpreter as argument
  # Debian and Ubuntu ship `venv` without ensurepip; the interpreter's python3.X-venv adds it.
  "$1" -c 'import ensurepip, venv' 2>/dev/null && return 0
  command -v dpkg-query >/dev/null 2>&1 || {
    log "$1 cannot make a virtual environment (no ensurepip); install its venv support"; return 1; }
  apt_install "$("$1" -c 'import sys; print("python%d.%d-venv" % sys.version_info[:2])')"
}

venv_is_whole() {  # an interpreter that runs and a pip inside it
  [ -x .venv/bin/python ] && .venv/bin/python -m pip --version >/dev/null 2>&1
}

make_venv_whole() {  # .venv in the current folder, made (again) unless it is whole
  venv_is_whole && return 0
  local py; py="${ORCUS_PYTHON:-$(pick_python)}"
  ensure_venv_module "$py"
  if [ -e .venv ]; then
    log "making .venv again: the one here is half made (no pip in it, or no interpreter)"
    rm -rf .venv
  fi
  log "creating .venv with $("$py" --version)"
  "$py" -m venv .venv
}

ensure_venv() {
  local extras="$1"
  local stamp=".venv/.orcus-installed-$extras"
  local want
  want="$(sha256sum < pyproject.toml | cut -d' ' -f1)"
  if venv_is_whole && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  make_venv_whole
  log "installing orcus-desktop${extras:+[$extras]} into .venv"
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e ".${extras:+[$extras]}"
  echo "$want" > "$stamp"
}

main() {
  local mode="${1:-run}"
  shift || true
  cd "$here"
  case "$mode" in
    run)
      install_system_libraries
      ensure_venv ""
      # The caller's folder: a relative ENCOUNTER is theirs, and so is the screenshot that the
      # app writes (and names) when there is no display.
      cd "$caller"
      exec "$here/.venv/bin/orcus-desktop" "$@"
      ;;
    test)
      install_system_libraries "${debian_test_packages[@]}"
      ensure_venv "dev"
      export QT_QPA_PLATFORM=offscreen
      log "ruff";          .venv/bin/ruff check .
      log "ruff format";   .venv/bin/ruff format --check .
      log "mypy --strict"; .venv/bin/mypy
      log "import-linter"; .venv/bin/lint-imports
      log "pytest"
      # Exit 5 (no tests collected) is non-zero too, so it fails this script as it should.
      .venv/bin/python -m pytest "$@"
      ;;
    *)
      log "usage: bash packaging/bootstrap.sh run [ENCOUNTER] | test [PYTEST ARGS]"; exit 2 ;;
  esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  main "$@"
fi

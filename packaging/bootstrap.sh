#!/usr/bin/env bash
# One entry point from a fresh clone: installs what is missing, then runs the app or the tests.
#
#   bash packaging/bootstrap.sh run [ENCOUNTER]   # the app (demo encounter by default)
#   bash packaging/bootstrap.sh test [PYTEST ARGS] # every quality gate and the whole suite, headless
#
# Idempotent: the virtual environment (.venv) is reused while pyproject.toml is unchanged, and
# system libraries are installed only where they are missing. Fails on the first error.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
mode="${1:-run}"
shift || true

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
install_system_libraries() {  # extra package names for this mode as arguments
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=()
  for pkg in "${debian_packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
      log "missing system libraries (install them, then run again): ${missing[*]}"; return 1
    fi
  fi
  log "installing system libraries: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# --- Python: the newest supported interpreter on PATH (3.11+)
pick_python() {
  for candidate in python3 python3.13 python3.12 python3.11; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$candidate"; return 0
    fi
  done
  log "Python 3.11 or newer is needed"; return 1
}

ensure_venv() {
  local extras="$1"
  local stamp=".venv/.orcus-installed-$extras"
  local want
  want="$(cat pyproject.toml | sha256sum | cut -d' ' -f1)"
  if [ -x .venv/bin/python ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  if [ ! -x .venv/bin/python ]; then
    local py; py="${ORCUS_PYTHON:-$(pick_python)}"
    log "creating .venv with $("$py" --version)"
    "$py" -m venv .venv
  fi
  log "installing orcus-desktop${extras:+[$extras]} into .venv"
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e ".${extras:+[$extras]}"
  echo "$want" > "$stamp"
}

case "$mode" in
  run)
    install_system_libraries
    ensure_venv ""
    # With no display the app itself says so and renders the window to a PNG instead.
    exec .venv/bin/orcus-desktop "$@"
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

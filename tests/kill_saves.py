"""Kill the app mid-save and mid-autosave, N times, and count what is left broken (issue 29).

A child process saves an encounter over and over (File > Save's `save_encounter`) and writes
autosave slots (`RecoveryStore.write`); the parent kills it with SIGKILL at a random moment,
then checks what a GM would meet next: the saved file opens (the old version or the new), at
most one temporary file lies beside it, and the next start's listing of the recovery folder
offers only slots that open and leaves no temporary file of the killed run. POSIX only.

    python -m tests.kill_saves 400
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from orcus_desktop.controller.files.autosave import RecoveryStore
from orcus_desktop.model.atomic_file import TEMP_SUFFIX
from orcus_desktop.model.serialization import EncounterFileError, load_encounter

_CHILD = """
import sys
from datetime import UTC, datetime
from pathlib import Path
from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.files.autosave import RecoveryStore
from orcus_desktop.model.serialization import load_encounter, save_encounter
folder = Path(sys.argv[1])
demo = load_encounter(demo_encounter_path())
store = RecoveryStore(folder / "autosave", sys.argv[2])
slot = store.new_slot()
print("ready", flush=True)
n = 0
while True:
    n += 1
    save_encounter(folder / "fight.json", demo)
    store.write(slot, demo, folder / "fight.json", datetime.now(UTC))
"""


def one_kill(folder: Path, run: int, rng: random.Random) -> tuple[list[str], int]:
    """Start a saving child, kill it at a random moment.

    Returns:
        What is broken afterwards, and how many temporary files the kill left mid-write.
    """
    with subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(folder), f"run{run}"],
        stdout=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        child.stdout.readline()  # "ready": the imports are done, the saving has begun
        time.sleep(rng.uniform(0.0, 0.15))
        child.send_signal(signal.SIGKILL)
        child.wait()
    broken: list[str] = []
    target = folder / "fight.json"
    if target.exists():
        try:
            load_encounter(target)
        except EncounterFileError as exc:
            broken.append(f"the saved file: {exc}")
    beside = [p for p in folder.iterdir() if p.name.endswith(TEMP_SUFFIX)]
    if len(beside) > 1:
        broken.append(f"{len(beside)} temporary files beside the saved file")
    mid_write = len(beside) + len(list((folder / "autosave").glob(f".*{TEMP_SUFFIX}")))
    recovery = RecoveryStore(folder / "autosave", f"next{run}")
    for entry in recovery.entries():
        try:
            recovery.load(entry)
        except EncounterFileError as exc:
            broken.append(f"recovery slot {entry.slot}: {exc}")
        recovery.remove(entry.slot)  # the GM discards it: the next kill starts clean
    left = list((folder / "autosave").glob(f"*{TEMP_SUFFIX}"))
    if left:
        broken.append(f"{len(left)} temporary files left in the recovery folder")
    return broken, mid_write


def main(argv: list[str]) -> int:
    """N kills (400 by default); prints the broken count and the first problems."""
    count = int(argv[0]) if argv else 400
    rng = random.Random(29)
    problems: list[str] = []
    caught = 0
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for run in range(count):
            broken, mid_write = one_kill(folder, run, rng)
            problems += broken
            caught += mid_write > 0
    print(
        f"{count} kills during save and autosave ({caught} caught a write half-done): "
        f"{len(problems)} broken"
    )
    for problem in problems[:10]:
        print(" ", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    if os.name != "posix":
        sys.exit("POSIX only")
    sys.exit(main(sys.argv[1:]))

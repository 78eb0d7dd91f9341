"""The log record of a zone placed, sustained, ended or removed (`controller/gm/zones.py`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from orcus_desktop.controller.log.records.base import LogRecord


@dataclass(frozen=True, slots=True)
class ZoneChange(LogRecord):
    """A zone's life: ``event`` is placed, sustained, ended or removed; ``why`` says why."""

    kind: ClassVar[str] = "zone"
    event: str
    zone: str
    why: str = ""

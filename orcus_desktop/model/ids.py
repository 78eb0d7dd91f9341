"""Typed ids for the things an encounter holds."""

from typing import NewType

CreatureId = NewType("CreatureId", str)
WallId = NewType("WallId", str)

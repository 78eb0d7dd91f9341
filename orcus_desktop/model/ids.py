"""Typed ids for the things an encounter holds (creatures: `vocabulary.CreatureId`)."""

from typing import NewType

WallId = NewType("WallId", str)
LightId = NewType("LightId", str)

"""Identifiers the rules use to name creatures; the model maps its token ids onto them."""

from __future__ import annotations

from typing import NewType

CreatureId = NewType("CreatureId", str)
"""A creature taking part in an encounter (the controller chooses the string)."""

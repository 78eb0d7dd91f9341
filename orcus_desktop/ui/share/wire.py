"""What the GM's side and the players' server say to each other (no web library needed).

Kept apart from `server` so the GM's window knows these words without loading aiohttp.
"""

from __future__ import annotations

from dataclasses import dataclass

PARTY_VIEW = "party"
"""The view every device gets unless it picked a hero: the Player view's picture."""


@dataclass(frozen=True, slots=True)
class Asset:
    """One file of the players' page, served from memory."""

    content_type: str
    body: bytes


@dataclass(frozen=True, slots=True)
class Hero:
    """A hero a device may pick: an opaque token (never the creature's id) and its name."""

    token: str
    name: str

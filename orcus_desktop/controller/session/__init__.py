"""The session: `GameSession`, the façade every GM action and question goes through."""

from orcus_desktop.controller.session.facade import GameSession

__all__ = ["GameSession"]

"""TEMPORARY adapters for session operations the UI needs and `GameSession` does not offer yet.

Each function here does what the missing session method would: build the next snapshot, push
it as one `ReplaceEncounter` command on the session's history (so it is one undo step with a
descriptive text) and announce the result. Delete a function once the session grows the
method; callers then switch to `session.<method>`.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.results import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.encounter import MapImage


def set_map_image(
    session: GameSession,
    image: MapImage | None,
    initiator: object = None,
    text: str = "",
) -> OperationResult:
    """Set (or, with None, remove) the map background image and its grid calibration.

    Wants: `GameSession.set_map_image(image, initiator)`.
    """
    setter = getattr(session, "set_map_image", None)
    if callable(setter):
        result = setter(image, initiator=initiator)
        assert isinstance(result, OperationResult)
        return result
    before = session.encounter
    if image is not None and image.pixels_per_square <= 0:
        result = OperationResult.refused("set_map_image", "pixels per square must be positive")
    elif before.map_image == image:
        result = OperationResult.refused("set_map_image", "nothing to change")
    else:
        text = text or ("Remove map image" if image is None else "Set map image")
        session.history.push(ReplaceEncounter(text, before, replace(before, map_image=image)))
        result = OperationResult(True, "set_map_image", text=text)
    session.operation_done.emit(result, initiator)
    return result

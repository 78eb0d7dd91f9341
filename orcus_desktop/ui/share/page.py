"""The players' page: its three files, read once from the app's own resources into memory.

Served by name only (`ShareServer` never looks a request's path up on disk); nothing comes
from the internet (the table may have none).
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.assets import resource_path
from orcus_desktop.ui.share.wire import Asset

PAGE_FILES: Final = {
    "": ("index.html", "text/html; charset=utf-8"),
    "player.js": ("player.js", "text/javascript; charset=utf-8"),
    "player.css": ("player.css", "text/css; charset=utf-8"),
}


def page_assets() -> dict[str, Asset]:
    """The page's files by the name the browser asks for ("" is the page itself)."""
    return {
        name: Asset(content_type, resource_path("share", file).read_bytes())
        for name, (file, content_type) in PAGE_FILES.items()
    }

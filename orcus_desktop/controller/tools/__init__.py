"""Pointer tools for the battle map as Qt-free state machines (docs/design.md#tools, napari-style).

`ui/map/view.py` is the only place that turns `QMouseEvent`s into `PointerEvent`s; every tool
takes those, keeps its own small state, asks the `GameSession` for previews while the pointer
moves and commits through the session's public methods on release. A tool answers each event
with a `ToolPreview`, a frozen value the scene draws, and a `message` for the status bar. Tools
never write the document or the undo history: every change is one session call, hence one undo
step with a descriptive text.

Modules: `pointer` (events, previews, the `MapTool` protocol, hit testing and the text and
caching helpers every tool shares), one `*_tool` module per tool, `library_drop` (placing a
creature from the library) and `targeting` (what a power or attack action asks the GM to
choose, and the line read before rolling); `attack_flow` walks an attack through them as a
state machine: targeting → dice → resolution → forced moves.

Coordinates are grid units (docs/design.md#coordinates); pixels exist only in `ui/`.
"""

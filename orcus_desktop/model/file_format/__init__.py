"""The encounter file format, split by use case: field readers, limits, readers, writer.

`orcus_desktop.model.serialization` is the façade the rest of the program uses (load and
save a file); these modules hold the parts: `fields` (the one error type and the typed field
readers), `read_encounter` (grid, walls, terrain, creatures, map image, ruleset),
`read_combat` (initiative, turns, the log) and `write` (the JSON form of an encounter).
"""

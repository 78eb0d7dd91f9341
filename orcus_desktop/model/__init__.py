"""The encounter document: frozen snapshots, serialization, commands and undo history.

Contract: no Qt, no shapely, no rules arithmetic; plain frozen values that the controller
replaces through commands, and versioned JSON that never runs code when read.
"""

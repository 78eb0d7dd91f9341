"""Dock panels around the map: creatures, initiative, actions, combat log."""

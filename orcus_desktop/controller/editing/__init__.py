"""Building the encounter: map, grid, walls, terrain, creatures, light, imports, ruleset."""

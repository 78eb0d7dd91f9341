"""The GM's hand during play: damage, healing, conditions, saves, shown rolls, notes, zones."""

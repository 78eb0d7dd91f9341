"""How any attack resolves: power in hand, GM's choices, roll and record, what a hit owes."""

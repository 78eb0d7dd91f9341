"""Share with players: the Player view in the players' browsers (issue 32)."""

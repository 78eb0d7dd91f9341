"""What a creature does: use a power, special attacks, charge, grapple, help, interrupts."""

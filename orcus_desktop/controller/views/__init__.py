"""Read-only answers for screens and CLI: fog, initiative strip, power cards, dice, queries."""

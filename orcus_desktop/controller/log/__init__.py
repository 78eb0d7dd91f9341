"""The combat log: its typed records (`records/`) and their one wording (`text.py`)."""

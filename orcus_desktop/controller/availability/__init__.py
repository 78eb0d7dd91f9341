"""Availability: can this creature do this now, and if not, why (the one "why not").

`table`: the table the UI and the use cases ask (`available_actions`, `why_not`); `actions`:
000's actions and their checks; `powers`: a creature's powers and theirs; `kinds`: the action
types, the budget and the conditions every check stands on.
"""

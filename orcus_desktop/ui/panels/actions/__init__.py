"""The actions panel (`panel.ActionsPanel`), one widget per module.

`panel` lays the dock out; `tree` lists every power and action with the reason for each one
the creature cannot take; `buttons` holds the actions the session carries out without
further choices; `maintained` the "Maintain" buttons; `offers` the opportunity attacks
offered now; `gm_box` the GM's edits; `ready` asks what a creature readies.
"""

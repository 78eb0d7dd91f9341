"""001 Strike! / Shoot! / Spell!: the UI of the `strike` ruleset (`plugin.STRIKE_UI`)."""

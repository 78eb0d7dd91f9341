"""001 Strike! / Shoot! / Spell!: the controller code of the `strike` ruleset (`plugin.STRIKE`)."""

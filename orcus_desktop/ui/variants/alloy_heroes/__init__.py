"""004 Alloy Heroes: the UI of the `alloy-heroes` ruleset (`plugin.ALLOY_HEROES_UI`)."""

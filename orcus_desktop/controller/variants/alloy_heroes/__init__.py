"""004 Alloy Heroes: the controller code of the `alloy-heroes` ruleset (`plugin.ALLOY_HEROES`)."""

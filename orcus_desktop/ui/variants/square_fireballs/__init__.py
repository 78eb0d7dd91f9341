"""003 Square Fireballs: the UI of the `square-fireballs` ruleset (`plugin.py`)."""

"""002 4e quick reference: the controller code of the `4e-quickref` ruleset (`plugin.py`)."""

"""Orcus Desktop: an offline battle map for game masters running Orcus tactical combat."""

__version__ = "0.1.0"

"""The log's writers, one module a topic (as `log/records/`): each words its record types.

`log/text.py` gathers their tables into the one wording of every entry.
"""

"""The PySide6 shell: windows, map scene, panels; only it and app.py import Qt.

Contract: reads frozen model snapshots, never mutates them; every change goes through the
controller's GameSession.
"""

"""Helpers for the Trakx accessibility gate (Tests/Browser/gate.py)."""

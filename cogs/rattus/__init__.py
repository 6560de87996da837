"""Rattus on Discord: its ``/rattus`` command group and its presenter."""

"""Rattus Cartus on Discord: its ``/cartus`` command group and its presenter."""

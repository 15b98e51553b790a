"""Dice Masters Team Builder: card catalogue, team rules, team sheets and a rules engine."""

__version__ = "0.1.0"

"""The playtest: play a team against an AI opponent on the rules engine, in a window with a
read-only board (every zone, die and card of both players), a panel that answers the
engine's current decision, and the game log. The window and the panel talk to the engine
only through its public Decision and Action values, never its internals.
"""

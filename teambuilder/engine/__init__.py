"""The rules engine: game state, turn steps, decisions, energy, triggers."""

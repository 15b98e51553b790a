"""Agents that answer the engine's decisions: the Agent protocol and its players."""

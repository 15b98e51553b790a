"""Batch simulation: many seeded games between two teams, in parallel, with statistics.

``matchup`` turns two teams into what the engine plays, ``runner`` plays the games
(across processes; the results never depend on how many), ``stats`` holds the interval
arithmetic, ``report`` aggregates the per-game results, and ``command`` is the handler of
``teambuilder sim``.
"""

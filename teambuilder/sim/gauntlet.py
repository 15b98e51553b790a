"""A gauntlet: every listed team against every opponent, N seeded games a pairing, played
by one pool of processes for the whole run.

Pairing ``k`` is a sim of its own (``SimSettings``: the team in seat 0, the opponent in seat
1, game ``i`` with seed ``base_seed + i`` and seats alternated by ``i``), so a pairing's
games are the games ``teambuilder sim`` would play for the same two teams and seed. The
games of all pairings are cut into batches and handed to one pool; each result carries
its pairing and index, so the results, put back in order, are the same for any number of
jobs. A small run (fewer than ``runner.SMALL_RUN`` games) stays in this process:
starting interpreters costs more than it saves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from teambuilder.sim.cluster import Task, run_on_dask
from teambuilder.sim.runner import (
    GameResult,
    Progress,
    SimSettings,
    available_cpus,
    batches,
    check_agents,
    effective_jobs,
    play_here,
    play_pairing_batch,
)


@dataclass(frozen=True)
class Pairing:
    """One team against one opponent: indexes into the gauntlet's team and opponent lists."""

    team: int
    opponent: int
    settings: SimSettings


def jobs_for(jobs: int | str | None, games: int) -> int:
    """Processes worth starting for a gauntlet of ``games`` (``runner.effective_jobs``)."""
    return effective_jobs(jobs, games)


def run_gauntlet(pairings: Sequence[Pairing], jobs: int | str | None = "auto",
                 progress: Progress | None = None, backend: str = "local",
                 scheduler: str | None = None) -> list[list[GameResult]]:
    """Play every pairing's games; per pairing, its results in game order. The same for
    any ``jobs`` and backend (``local`` processes, or ``dask``: a local Dask cluster, or
    the one at ``scheduler``)."""
    if not pairings:
        raise ValueError("a gauntlet needs at least one team and one opponent")
    for pairing in pairings:
        check_agents(pairing.settings.agents)
    total = sum(p.settings.games for p in pairings)
    workers = jobs_for(jobs, total)
    if backend == "dask" or scheduler is not None:
        workers = available_cpus() if jobs in (None, "auto") else workers
        tasks: list[Task] = [(k, pairings[k].settings, start, stop)
                             for k, start, stop in batches([p.settings.games for p in pairings], workers)]
        results = run_on_dask(tasks, play_pairing_batch, len(pairings), total, workers, scheduler, progress)
        for games in results:
            games.sort(key=lambda result: result.index)
        return results
    return play_here([p.settings for p in pairings], workers, progress)

"""Playing a batch of seeded games, in this process or across several.

Game ``i`` of a batch uses seed ``base_seed + i``. Team A always sits in seat 0 and team
B in seat 1; the first player is set from ``i`` (team A when ``i`` is even, team B when it
is odd), so each team opens half of the games. The agents' seeds come from the game seed
the way ``teambuilder play`` derives them. A game depends only on its index and the
settings, never on which process plays it or what else that process played, so
``run_games`` returns the same results, in game order, for any number of jobs.

Worker processes are started with "spawn" on every platform: a fresh interpreter does
not inherit the caller's threads (the GUI, pytest-qt) and behaves the same on Linux, macOS
and Windows. The agents a sim names must therefore be registered when
``teambuilder.ai.agents`` is imported.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
from collections.abc import Callable
from dataclasses import dataclass

from teambuilder.ai.agents import make_agent, play
from teambuilder.engine.game import Game
from teambuilder.sim.matchup_data import Matchup

# Batches per job: enough for even load (game lengths vary) and a lively progress line,
# few enough that sending the settings with each batch costs nothing noticeable.
BATCHES_PER_JOB = 8
MAX_BATCH = 16

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SimSettings:
    """What a batch plays: the matchup, the agents' names (A, B), how many games, seeds."""

    matchup: Matchup
    agents: tuple[str, str]
    games: int
    base_seed: int = 0


@dataclass(frozen=True)
class GameResult:
    """One finished game. Seats: 0 is team A, 1 is team B; ``winner`` None is a tie."""

    index: int
    seed: int
    first: int
    winner: int | None
    result: str
    turns: int
    damage_taken: tuple[int, int]   # damage team A and team B were dealt
    turn_limit: bool                # the game stopped at the engine's turn limit (a tie)


def first_seat(index: int) -> int:
    """The seat that goes first in game ``index``: team A (0) in even games, B (1) in odd."""
    return index % 2


def agent_seeds(game_seed: int) -> tuple[int, int]:
    """The agents' seeds for a game seed, derived as ``teambuilder play`` derives them."""
    return game_seed * 2 + 1, game_seed * 2 + 2


def play_game(settings: SimSettings, index: int) -> GameResult:
    seed = settings.base_seed + index
    seeds = agent_seeds(seed)
    agents = [make_agent(settings.agents[seat], seeds[seat]) for seat in (0, 1)]
    game = Game(list(settings.matchup.setups), life=settings.matchup.life, seed=seed,
                first_player=first_seat(index))
    try:
        play(game, agents)
    except Exception as error:   # an engine or agent bug: say which game to replay
        raise RuntimeError(f"game {index} (seed {seed}) failed: {error!r}") from error
    turn_limit = game.winner is None and game.turn_number > game.max_turns
    return GameResult(index, seed, game.first_player, game.winner, game.result,
                      min(game.turn_number, game.max_turns),
                      (game.damage_taken[0], game.damage_taken[1]), turn_limit)


def _play_batch(task: tuple[SimSettings, int, int]) -> list[GameResult]:
    settings, start, stop = task
    return [play_game(settings, index) for index in range(start, stop)]


def play_pairing_batch(task: tuple[int, SimSettings, int, int]) -> tuple[int, list[GameResult]]:
    """A gauntlet's batch (pairing, its settings, first and last+1 game). Here, not in
    ``sim.gauntlet``: a worker imports the module of the function it is sent, and this one
    needs neither the Dask client nor the SQL layer."""
    pairing, settings, start, stop = task
    return pairing, [play_game(settings, index) for index in range(start, stop)]


def ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group: the parent stops the pool, the workers stay
    # quiet instead of each printing a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def check_agents(names: tuple[str, str]) -> None:
    """Raise ValueError (naming the registered AIs) for an unknown agent name."""
    for name in names:
        make_agent(name, 0)


# Below this many games, one process plays them (measured: 200 greedy games took 0.6 s in
# one process and 1.5 s with two, most of it starting the second interpreter).
SMALL_RUN = 400


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity), not the machine's count."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:          # macOS and Windows have no affinity call
        return os.cpu_count() or 1


def effective_jobs(jobs: int | str | None, games: int) -> int:
    """Processes worth starting for ``games``: ``auto`` (or None) uses the CPUs this
    process may run on, but one process for a small run; never more than one per game."""
    if jobs is None or jobs == "auto":
        wanted = 1 if games < SMALL_RUN else available_cpus()
    else:
        wanted = int(jobs)
        if wanted < 1:
            raise ValueError(f"jobs must be at least 1 or 'auto', got {jobs}")
    return max(1, min(wanted, games))


def run_games(settings: SimSettings, jobs: int | None = None,
              progress: Progress | None = None) -> list[GameResult]:
    """Play every game of ``settings``; results in game order, identical for any ``jobs``."""
    if settings.games < 1:
        raise ValueError(f"the number of games must be at least 1, got {settings.games}")
    check_agents(settings.agents)
    workers = effective_jobs(jobs, settings.games)
    results: list[GameResult] = []
    if workers == 1:
        for index in range(settings.games):
            results.append(play_game(settings, index))
            if progress is not None:
                progress(len(results), settings.games)
        return results
    size = max(1, min(MAX_BATCH, math.ceil(settings.games / (workers * BATCHES_PER_JOB))))
    tasks = [(settings, start, min(start + size, settings.games))
             for start in range(0, settings.games, size)]
    with multiprocessing.get_context("spawn").Pool(workers, initializer=ignore_interrupts) as pool:
        for batch in pool.imap_unordered(_play_batch, tasks):
            results.extend(batch)
            if progress is not None:
                progress(len(results), settings.games)
    results.sort(key=lambda result: result.index)
    return results

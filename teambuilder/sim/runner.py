"""Playing a batch of seeded games, in this process or across several.

Game ``i`` of a batch uses seed ``base_seed + i``. Team A always sits in seat 0 and team
B in seat 1; the first player is set from ``i`` (team A when ``i`` is even, team B when it
is odd), so each team opens half of the games. The agents' seeds come from the game seed
the way ``teambuilder play`` derives them. A game depends only on its index and the
settings, never on which process plays it or what else that process played, so
``run_games`` returns the same results, in game order, for any number of jobs.

Worker processes are forked on Linux when the caller runs a single thread (the command
line): a forked worker starts playing at once, where a spawned one first starts an
interpreter and imports the engine (0.15 s of a 4 s, 2,000-game sim on two cores). A caller
with threads (the GUI, pytest-qt) gets "spawn", as macOS and Windows always do: a fresh
interpreter inherits no other thread's locks. Either way a worker plays only what its
batches name, so results never depend on the start method, and the agents a sim names
must be registered when ``teambuilder.ai.agents`` is imported.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from teambuilder.ai.agents import make_agent, play
from teambuilder.engine.game import Game
from teambuilder.sim.collector import collector_for_games, settle_for_games
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


# A pool worker's copy of every pairing's settings, sent once when it starts. Sent with each
# batch instead, every batch unpickled a new matchup and the engine warmed its per-card
# caches again: 6% of a 2,000-game sim.
_kept_settings: tuple[SimSettings, ...] = ()


def _start_worker(settings: tuple[SimSettings, ...]) -> None:
    global _kept_settings
    ignore_interrupts()
    settle_for_games()
    _kept_settings = settings


def _play_kept_batch(task: tuple[int, int, int]) -> tuple[int, list[GameResult]]:
    pairing, start, stop = task
    return play_pairing_batch((pairing, _kept_settings[pairing], start, stop))


def start_method() -> str:
    """How pool workers start: "fork" on Linux from a process running one thread, else
    "spawn" (see the module's docstring)."""
    if sys.platform != "linux":
        return "spawn"
    try:
        # Every thread of the process, Qt's and other native ones too (threading knows only
        # Python's): the kernel lists one directory per thread.
        threads = len(os.listdir("/proc/self/task"))
    except OSError:
        return "spawn"
    return "fork" if threads == 1 else "spawn"


def play_on_pool(settings: Sequence[SimSettings], tasks: Sequence[tuple[int, int, int]],
                 workers: int) -> Iterator[tuple[int, list[GameResult]]]:
    """Play ``tasks`` (pairing index into ``settings``, first and last+1 game) on a pool of
    ``workers`` fresh processes; each finished batch as (pairing, results), in any order."""
    with multiprocessing.get_context(start_method()).Pool(workers, initializer=_start_worker,
                                                   initargs=(tuple(settings),)) as pool:
        yield from pool.imap_unordered(_play_kept_batch, tasks)


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


def batches(games: Sequence[int], workers: int) -> list[tuple[int, int, int]]:
    """Batches for ``workers`` processes over pairings of ``games`` games each: (pairing,
    first game, last+1), about BATCHES_PER_JOB a worker, at most MAX_BATCH games each."""
    size = max(1, min(MAX_BATCH, math.ceil(sum(games) / (workers * BATCHES_PER_JOB))))
    return [(k, start, min(start + size, count)) for k, count in enumerate(games) for start in range(0, count, size)]


def play_here(settings: Sequence[SimSettings], workers: int,
              progress: Progress | None = None) -> list[list[GameResult]]:
    """Every game of each ``settings`` on this machine: in this process (game by game, so
    ``progress``, and a caller's cancel raised from it, comes after every game) or on a pool
    of ``workers``. Per settings, its results in game order."""
    results: list[list[GameResult]] = [[] for _ in settings]
    total = sum(s.games for s in settings)
    done = 0
    if workers == 1:
        with collector_for_games():
            for k, one in enumerate(settings):
                for index in range(one.games):
                    results[k].append(play_game(one, index))
                    done += 1
                    if progress is not None:
                        progress(done, total)
        return results
    for k, batch in play_on_pool(settings, batches([s.games for s in settings], workers), workers):
        results[k].extend(batch)
        done += len(batch)
        if progress is not None:
            progress(done, total)
    for games in results:
        games.sort(key=lambda result: result.index)
    return results


def run_games(settings: SimSettings, jobs: int | None = None,
              progress: Progress | None = None) -> list[GameResult]:
    """Play every game of ``settings``; results in game order, identical for any ``jobs``."""
    if settings.games < 1:
        raise ValueError(f"the number of games must be at least 1, got {settings.games}")
    check_agents(settings.agents)
    return play_here((settings,), effective_jobs(jobs, settings.games), progress)[0]

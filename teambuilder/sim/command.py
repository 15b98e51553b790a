"""The handler of ``teambuilder sim`` (parsing lives in cli.py).

Cheap checks come first (numbers, AI names, team files), so a mistake is reported at
once, before the catalogue opens or any game runs. Progress goes to stderr as one line:
rewritten while the games run when stderr is a terminal, and always closed by a summary
line with the time taken, so a CI log gets exactly one line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from teambuilder.ai.agents import AGENTS
from teambuilder.catalogue.repository import Catalogue
from teambuilder.sim.collector import collector_for_games
from teambuilder.sim.matchup import MatchupError, build_matchup
from teambuilder.sim.report import build_report, format_report
from teambuilder.sim.runner import SimSettings, check_agents, effective_jobs, run_games
from teambuilder.teams.team_file import TeamFileError, read_team_file

PREFERRED_AGENT = "greedy"
FALLBACK_AGENT = "random"


class SimCommandError(Exception):
    """Bad input to ``teambuilder sim``; printed as one line, exit code ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def default_agent() -> str:
    """The AI a sim uses unless told otherwise: the simple heuristic one when it exists."""
    return PREFERRED_AGENT if PREFERRED_AGENT in AGENTS else FALLBACK_AGENT


class ProgressLine:
    """One stderr line "sim: done/total games", rewritten in place on a terminal only."""

    def __init__(self, stream: TextIO, interval: float = 0.1, label: str = "sim") -> None:
        self.stream = stream
        self.label = label
        self.live = stream.isatty()
        self.interval = interval
        self.shown_at = 0.0

    def update(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.live and (now - self.shown_at >= self.interval or done == total):
            self.shown_at = now
            print(f"\r{self.label}: {done}/{total} games", end="", file=self.stream, flush=True)

    def finish(self, games: int, seconds: float, jobs: int) -> None:
        rate = games / seconds if seconds > 0 else float("inf")
        start = "\r" if self.live else ""   # a CI log gets no stray carriage return
        print(f"{start}{self.label}: {games}/{games} games in {seconds:.1f} s ({rate:.1f} games/s, "
              f"{jobs} job{'s' if jobs != 1 else ''})", file=self.stream, flush=True)


def parse_jobs(value: str | None) -> int | str:
    """``--jobs``: a whole number of at least 1, or ``auto`` (the default)."""
    if value is None or value == "auto":
        return "auto"
    if not value.isdigit() or int(value) < 1:
        raise SimCommandError(f"--jobs must be a whole number of at least 1 or 'auto', got {value!r}")
    return int(value)


def cmd_sim(args: argparse.Namespace, open_catalogue: Callable[[], Catalogue]) -> int:
    if args.games < 1:
        raise SimCommandError(f"-n must be at least 1 (the number of games), got {args.games}")
    wanted_jobs = parse_jobs(args.jobs)
    agents = (args.ai_a or default_agent(), args.ai_b or default_agent())
    try:
        check_agents(agents)
    except ValueError as error:
        raise SimCommandError(str(error)) from error
    try:
        teams = [read_team_file(Path(args.team_a)), read_team_file(Path(args.team_b))]
    except TeamFileError as error:
        raise SimCommandError(str(error)) from error
    try:
        matchup = build_matchup(teams, open_catalogue(), args.format)
    except MatchupError as error:
        raise SimCommandError(str(error)) from error
    settings = SimSettings(matchup, agents, args.games, args.seed)
    jobs = effective_jobs(wanted_jobs, args.games)
    line = ProgressLine(sys.stderr)
    start = time.perf_counter()
    with collector_for_games():     # the games and the report on them (see sim.collector)
        results = run_games(settings, jobs, line.update)
        line.finish(len(results), time.perf_counter() - start, jobs)
        report = build_report(settings, [args.team_a, args.team_b], results)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(format_report(report))
    return 0

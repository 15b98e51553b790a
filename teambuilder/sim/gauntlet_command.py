"""The handler of ``teambuilder gauntlet`` (parsing lives in cli.py).

Cheap checks first (numbers, AI names, every team file), then the catalogue, then the
games: a mistake in the tenth team file is reported before a single game runs. Progress is
one line on stderr, closed by a summary line; the report goes to stdout (text or
``--json``) and, with ``--csv FILE``, one row a pairing to that file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from teambuilder.catalogue.repository import Catalogue
from teambuilder.safe_io import OutputError, write_text_atomic
from teambuilder.sim.cluster import ClusterError
from teambuilder.sim.collector import collector_for_games
from teambuilder.sim.command import ProgressLine, SimCommandError, default_agent, parse_jobs
from teambuilder.sim.gauntlet import Pairing, jobs_for, run_gauntlet
from teambuilder.sim.gauntlet_report import Entrant, build_gauntlet_report, format_gauntlet, gauntlet_csv
from teambuilder.sim.matchup import MatchupError, build_matchup
from teambuilder.sim.runner import SimSettings, check_agents
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import TeamFileError, read_team_file

TEAM_SUFFIXES = (".yaml", ".yml", ".json")
MAX_TEAMS = 200


def team_paths(sources: Sequence[str]) -> list[Path]:
    """Files as given; a folder gives its team files (.yaml, .yml, .json) in name order."""
    found: list[Path] = []
    for source in sources:
        path = Path(source)
        if path.is_dir():
            inside = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in TEAM_SUFFIXES)
            if not inside:
                raise SimCommandError(f"{path}: no team files (.yaml, .yml, .json) in this folder")
            found.extend(inside)
        else:
            found.append(path)
    if len(found) > MAX_TEAMS:
        raise SimCommandError(f"{len(found)} teams; a gauntlet takes at most {MAX_TEAMS}")
    return found


def _read(paths: Sequence[Path]) -> list[Team]:
    try:
        return [read_team_file(path) for path in paths]
    except TeamFileError as error:
        raise SimCommandError(str(error)) from error


def cmd_gauntlet(args: argparse.Namespace, open_catalogue: Callable[[], Catalogue]) -> int:
    if args.games < 1:
        raise SimCommandError(f"-n must be at least 1 (games a pairing), got {args.games}")
    jobs = parse_jobs(args.jobs)
    agents = (args.ai or default_agent(), args.opponent_ai or args.ai or default_agent())
    try:
        check_agents(agents)
    except ValueError as error:
        raise SimCommandError(str(error)) from error
    round_robin = args.round_robin is not None
    if round_robin == bool(args.against):
        raise SimCommandError("say whom to play: --against TEAMS (files or folders) or --round-robin FOLDER")
    team_files = team_paths(args.teams + ([args.round_robin] if round_robin else []))
    opponent_files = team_files if round_robin else team_paths(args.against)
    if not team_files:
        raise SimCommandError("no teams: list team files, or a folder with --round-robin")
    teams, opponents = _read(team_files), (_read(opponent_files) if not round_robin else None)
    versus = opponents if opponents is not None else teams
    if round_robin:
        plan = [(i, j) for i in range(len(teams)) for j in range(i + 1, len(teams))]
        if not plan:
            raise SimCommandError("a round robin needs at least two teams")
    else:
        plan = [(i, j) for i in range(len(teams)) for j in range(len(versus))]
    catalogue = open_catalogue()
    pairings = []
    for i, j in plan:
        try:
            matchup = build_matchup([teams[i], versus[j]], catalogue, args.format)
        except MatchupError as error:
            raise SimCommandError(f"{team_files[i]} against {(opponent_files)[j]}: {error}") from error
        pairings.append(Pairing(i, j, SimSettings(matchup, agents, args.games, args.seed)))
    total = len(pairings) * args.games
    workers = jobs_for(jobs, total)
    line = ProgressLine(sys.stderr, label="gauntlet")
    start = time.perf_counter()
    with collector_for_games():     # the games and the report on them (see sim.collector)
        try:
            results = run_gauntlet(pairings, workers, line.update, args.backend, args.scheduler)
        except ClusterError as error:
            raise SimCommandError(str(error)) from error
        line.finish(total, time.perf_counter() - start, workers)
        entrants = [Entrant(t.name, str(p)) for t, p in zip(teams, team_files, strict=True)]
        others = entrants if round_robin else [Entrant(t.name, str(p)) for t, p in zip(versus, opponent_files,
                                                                                         strict=True)]
        report = build_gauntlet_report(entrants, others, pairings, results, round_robin)
    if args.csv:
        try:
            write_text_atomic(Path(args.csv), gauntlet_csv(report))
        except OutputError as error:
            raise SimCommandError(str(error)) from error
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else format_gauntlet(report))
    return 0

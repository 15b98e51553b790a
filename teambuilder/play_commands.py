"""Handlers of ``teambuilder play``, ``replay`` and ``scenario`` (parsing lives in cli.py)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from teambuilder.ai.agents import make_agent, play
from teambuilder.catalogue.repository import Catalogue
from teambuilder.engine.game import Game
from teambuilder.engine.game_state import PlayerSetup
from teambuilder.engine.replay import RecordError, check_record, record_of, replay
from teambuilder.engine.scenario import run_scenario
from teambuilder.safe_io import (
    RECORD_FILE_LIMIT,
    InputError,
    OutputError,
    parse_json,
    read_text,
    write_text_atomic,
)
from teambuilder.sim.matchup import MatchupError, build_matchup
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import (
    TeamFileError,
    read_team_file,
    team_from_mapping,
    team_to_mapping,
)


class PlayCommandError(Exception):
    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def _setups(teams: list[Team], catalogue: Catalogue, format_key: str | None) -> tuple[list[PlayerSetup], int, str]:
    try:
        matchup = build_matchup(teams, catalogue, format_key)
    except MatchupError as error:
        raise PlayCommandError(str(error)) from error
    return list(matchup.setups), matchup.life, matchup.format_key


def _summary(game: Game) -> dict[str, Any]:
    return {"result": game.result,
            "winner": None if game.winner is None else game.players[game.winner].name,
            "turns": game.turn_number, "first_player": game.players[game.first_player].name,
            "life": {p.name: p.life for p in game.players}, "seed": game.seed,
            "actions": len(game.record)}


def cmd_play(args: argparse.Namespace, catalogue: Catalogue) -> int:
    try:
        teams = [read_team_file(Path(args.team_a)), read_team_file(Path(args.team_b))]
    except TeamFileError as error:
        raise PlayCommandError(str(error)) from error
    setups, life, format_key = _setups(teams, catalogue, args.format)
    try:
        agents = [make_agent(args.ai_a, args.seed * 2 + 1), make_agent(args.ai_b, args.seed * 2 + 2)]
    except ValueError as error:
        raise PlayCommandError(str(error)) from error
    game = play(Game(setups, life=life, seed=args.seed), agents)
    try:
        if args.log:
            write_text_atomic(Path(args.log), "\n".join(game.log) + "\n")
        if args.record:
            record = record_of(game, [team_to_mapping(t) for t in teams], format_key)
            write_text_atomic(Path(args.record), json.dumps(record, indent=1) + "\n")
    except OutputError as error:
        raise PlayCommandError(str(error)) from error
    summary = _summary(game)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{summary['result']} after {summary['turns']} turns "
              f"(life {', '.join(f'{k} {v}' for k, v in summary['life'].items())}; seed {args.seed})")
    return 0


def cmd_replay(args: argparse.Namespace, catalogue: Catalogue) -> int:
    path = Path(args.record)
    try:
        text = read_text(path, RECORD_FILE_LIMIT, "game record")
        record = check_record(parse_json(text, str(path)))
        teams = [team_from_mapping(raw, f"{path}: team {i + 1}") for i, raw in enumerate(record["teams"])]
    except InputError as error:
        raise PlayCommandError(str(error)) from error
    except (RecordError, TeamFileError) as error:
        raise PlayCommandError(f"{path}: not a game record we can replay: {error}") from error
    try:
        setups, _, _ = _setups(teams, catalogue, record.get("format"))
    except PlayCommandError as error:
        raise PlayCommandError(f"{path}: {error}", error.code) from error
    try:
        game = replay(setups, record)
    except ValueError as error:
        raise PlayCommandError(f"{path}: {error}", 1) from error
    print("\n".join(game.log))
    if game.result != record.get("result"):
        print(f"replay ended with {game.result!r}, the record says {record.get('result')!r}", file=sys.stderr)
        return 1
    return 0


def cmd_scenario(args: argparse.Namespace, catalogue: Catalogue) -> int:
    results = []
    for index, name in enumerate(args.files, start=1):
        if len(args.files) > 5:
            print(f"\rscenario {index}/{len(args.files)}", end="", file=sys.stderr, flush=True)
        results.append(run_scenario(Path(name), catalogue.get))
    if len(args.files) > 5:
        print(file=sys.stderr)
    failed = [r for r in results if not r.passed]
    if args.json:
        print(json.dumps({"passed": len(results) - len(failed), "failed": len(failed),
                          "scenarios": [{"file": r.path, "name": r.name, "passed": r.passed,
                                         "failures": r.failures} for r in results]}, indent=2))
    else:
        for result in results:
            print(f"{'PASS' if result.passed else 'FAIL'}  {result.path}: {result.name}")
            for failure in result.failures:
                print(f"      {failure}")
            if args.show_log and not result.passed:
                print("\n".join(f"      | {line}" for line in result.log))
        print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    if any(result.unusable for result in results):
        return 2
    return 1 if failed else 0

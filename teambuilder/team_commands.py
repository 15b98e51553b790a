"""Handlers of the ``teambuilder team ...`` commands (parsing lives in cli.py)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from teambuilder.catalogue.repository import Catalogue
from teambuilder.teams.formats import Format, FormatError, get_format, load_formats
from teambuilder.teams.interchange import export_team, import_team
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team
from teambuilder.teams.stats import team_stats
from teambuilder.teams.team_file import (
    TeamFileError,
    read_team_file,
    to_json,
    to_yaml,
    write_text_atomic,
)
from teambuilder.teams.team_link import TeamLinkError
from teambuilder.teams.text_list import TeamTextError
from teambuilder.teams.validator import ERROR, validate

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2
READ_ERRORS = (TeamFileError, TeamLinkError, TeamTextError, FormatError)


class TeamCommandError(Exception):
    def __init__(self, message: str, code: int = EXIT_UNREADABLE) -> None:
        super().__init__(message)
        self.code = code


def _read(path: str) -> Team:
    try:
        return read_team_file(Path(path))
    except READ_ERRORS as error:
        raise TeamCommandError(str(error)) from error


def _format(key: str, team_file: str) -> Format:
    try:
        return get_format(key, load_formats())
    except FormatError as error:
        raise TeamCommandError(f"{team_file}: {error}") from error


def cmd_validate(args: argparse.Namespace, catalogue: Catalogue) -> int:
    team = _read(args.file)
    fmt = _format(args.format or team.format, args.file)
    violations = validate(team, fmt, CardLookup(catalogue))
    legal = not any(v.severity == ERROR for v in violations)
    if args.json:
        json.dump({"team": team.name, "format": fmt.key, "legal": legal,
                   "violations": [v.to_dict() for v in violations]}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(f"{'legal' if legal else 'illegal'}: {team.name or args.file} ({fmt.name}, "
              f"{len(team.cards)} cards, {team.total_dice} dice)")
        for violation in violations:
            print(f"  {violation}")
    return EXIT_LEGAL if legal else EXIT_ILLEGAL


def cmd_import(args: argparse.Namespace, catalogue: Catalogue) -> int:
    try:
        team = import_team(args.source, CardLookup(catalogue))
    except READ_ERRORS as error:
        raise TeamCommandError(str(error)) from error
    output = Path(args.output)
    write_text_atomic(output, to_json(team) if output.suffix.lower() == ".json" else to_yaml(team))
    print(f"wrote {output}: {len(team.cards)} cards, {team.total_dice} dice, "
          f"{len(team.basic_actions)} basic actions")
    return 0


def cmd_export(args: argparse.Namespace, catalogue: Catalogue) -> int:
    team = _read(args.file)
    try:
        sys.stdout.write(export_team(team, args.to, CardLookup(catalogue)))
    except TeamLinkError as error:
        raise TeamCommandError(str(error), 1) from error
    return 0


def cmd_stats(args: argparse.Namespace, catalogue: Catalogue) -> int:
    team = _read(args.file)
    stats = team_stats(team, CardLookup(catalogue))
    if args.json:
        json.dump(stats.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    print(f"{team.name or args.file}: {stats.cards} cards, {stats.dice} dice "
          f"({stats.characters} characters / {stats.character_dice} dice, "
          f"{stats.actions} actions / {stats.action_dice} dice)")
    print("  dice by energy: " + ", ".join(f"{k} {v}" for k, v in stats.dice_by_energy.items()))
    print("  cards by energy: " + ", ".join(f"{k} {v}" for k, v in stats.cards_by_energy.items()))
    print("  cost curve (cost: dice): " + ", ".join(f"{k}: {v}" for k, v in stats.cost_curve.items()))
    print("  affiliations (cards): " + (", ".join(f"{catalogue.affiliations.get(k, k)} {v}"
                                                  for k, v in stats.affiliations.items()) or "none"))
    for level in stats.levels:
        print(f"  level {level['level']} average over {level['cards']} characters: fielding "
              f"{level['fielding']}, attack {level['attack']}, defense {level['defense']}")
    print("  expected energy per roll of 4 dice: " +
          ", ".join(f"{k} {v}" for k, v in stats.expected_energy_per_roll.items()))
    if stats.unknown:
        print("  unknown cards (not counted): " + ", ".join(stats.unknown))
    return 0


def cmd_print(args: argparse.Namespace, catalogue: Catalogue) -> int:
    team = _read(args.file)
    fmt = _format(team.format, args.file)
    from PySide6.QtGui import QGuiApplication  # Qt renders the sheet; only this command needs it

    from teambuilder.printing.team_sheet import SheetInfo, write_sheet_pdf

    if QGuiApplication.instance() is None:
        app = QGuiApplication(["teambuilder"])  # noqa: F841 - must live while the PDF renders
    output = Path(args.output)
    pages = write_sheet_pdf(team, fmt, CardLookup(catalogue),
                            SheetInfo(player=args.player or "", event=args.event or ""), output,
                            page=args.page)
    print(f"wrote {output}: {pages} page(s), {len(team.cards)} cards, {team.total_dice} dice")
    return 0

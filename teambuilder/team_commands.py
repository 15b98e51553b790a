"""Handlers of the ``teambuilder team ...`` commands (parsing lives in cli.py)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from teambuilder.catalogue.repository import Catalogue
from teambuilder.safe_io import OutputError, atomic_path, write_text_atomic
from teambuilder.teams.collection import Collection, dies_of
from teambuilder.teams.formats import Format, FormatError, get_format, load_formats
from teambuilder.teams.interchange import export_team, import_team, unknown_references
from teambuilder.teams.library import LibraryError, TeamLibrary
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team
from teambuilder.teams.random_team import Owned, RandomTeamError, TeamDrawer
from teambuilder.teams.stats import team_stats
from teambuilder.teams.team_file import (
    TeamFileError,
    read_team_file,
    to_json,
    to_yaml,
)
from teambuilder.teams.team_link import TeamLinkError
from teambuilder.teams.text_list import TeamTextError
from teambuilder.teams.validator import ERROR, Violation, validate

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


def _formats() -> dict[str, Format]:
    try:
        return load_formats()
    except FormatError as error:
        raise TeamCommandError(str(error)) from error


def _unknown_format(key: str, formats: dict[str, Format]) -> Violation:
    return Violation("unknown-format", ERROR, f"The team's format {key!r} is not a format we know.",
                     f"Set the team's format to one of {', '.join(formats)}.")


def cmd_validate(args: argparse.Namespace, catalogue: Catalogue) -> int:
    team = _read(args.file)
    formats = _formats()
    if args.format:
        fmt: Format | None = _format(args.format, "--format")
    else:
        # A team file naming a format we don't know is readable but cannot be legal.
        fmt = formats.get(team.format)
    violations = validate(team, fmt, CardLookup(catalogue)) if fmt else [_unknown_format(team.format, formats)]
    legal = not any(v.severity == ERROR for v in violations)
    shown_format = (fmt.key, fmt.name) if fmt else (team.format, team.format)
    if args.json:
        json.dump({"team": team.name, "format": shown_format[0], "legal": legal,
                   "violations": [v.to_dict() for v in violations]}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(f"{'legal' if legal else 'illegal'}: {team.name or args.file} ({shown_format[1]}, "
              f"{len(team.cards)} cards, {team.total_dice} dice)")
        for violation in violations:
            print(f"  {violation}")
    return EXIT_LEGAL if legal else EXIT_ILLEGAL


def _write_team(output: Path, team: Team) -> Path:
    """Write ``team`` as JSON (a .json name) or YAML, atomically; one line if it fails."""
    try:
        write_text_atomic(output, to_json(team) if output.suffix.lower() == ".json" else to_yaml(team))
    except OutputError as error:
        raise TeamCommandError(str(error)) from error
    return output


def cmd_import(args: argparse.Namespace, catalogue: Catalogue) -> int:
    try:
        team = import_team(args.source, CardLookup(catalogue))
    except READ_ERRORS as error:
        raise TeamCommandError(str(error)) from error
    output = _write_team(Path(args.output), team)
    print(f"wrote {output}: {len(team.cards)} cards, {team.total_dice} dice, "
          f"{len(team.basic_actions)} basic actions")
    # Kept as written (the user may fix them), but never passed off as a good import.
    unknown = unknown_references(team, CardLookup(catalogue))
    warnings = []
    if unknown:
        shown = ", ".join(repr(ref) for ref in unknown[:5]) + (" ..." if len(unknown) > 5 else "")
        warnings.append(f"{len(unknown)} unknown card(s) kept as written: {shown}; "
                        "fix them before playing (teambuilder cards search NAME)")
    formats = _formats()
    if team.format not in formats:
        warnings.append(f"unknown format {team.format!r} kept as written (one of {', '.join(formats)})")
    if warnings:
        print(f"teambuilder: warning: {'; '.join(warnings)}", file=sys.stderr)
        return EXIT_ILLEGAL
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

    from teambuilder.display import render_offscreen_if_headless
    from teambuilder.printing.team_sheet import SheetInfo, write_sheet_pdf
    from teambuilder.ui.qt_messages import install_qt_message_filter

    if QGuiApplication.instance() is None:
        # A PDF needs no screen: with no display Qt would abort, so render offscreen.
        render_offscreen_if_headless()
        install_qt_message_filter()
        app = QGuiApplication(["teambuilder"])  # noqa: F841 - must live while the PDF renders
    output = Path(args.output)
    try:
        with atomic_path(output) as temporary:
            pages = write_sheet_pdf(team, fmt, CardLookup(catalogue),
                                    SheetInfo(player=args.player or "", event=args.event or ""), temporary,
                                    page=args.page)
    except OutputError as error:
        raise TeamCommandError(str(error)) from error
    print(f"wrote {output}: {pages} page(s), {len(team.cards)} cards, {team.total_dice} dice")
    return 0


def _owned(catalogue: Catalogue) -> Owned:
    """The user's collection as ``team random --owned`` needs it."""
    cards = catalogue.search("")
    try:
        with TeamLibrary.open() as library:
            collection = Collection(library, dies_of(cards))
            holdings = collection.holdings()
            dice = collection.dice_owned()
    except LibraryError as error:
        raise TeamCommandError(str(error)) from error
    return Owned(cards={code: h.cards for code, h in holdings.items()},
                 dice={card.code: dice.get(collection.die_of(card.code), 0) for card in cards})


def cmd_random(args: argparse.Namespace, catalogue: Catalogue) -> int:
    fmt = _format(args.format, "--format")
    owned = _owned(catalogue) if args.owned else None
    drawer = TeamDrawer(catalogue.search(""), fmt, CardLookup(catalogue), owned)
    try:
        team = drawer.draw(random.Random(args.seed), f"Random {fmt.name} {args.seed}")
    except RandomTeamError as error:
        raise TeamCommandError(str(error), EXIT_ILLEGAL) from error
    output = _write_team(Path(args.output), team)
    print(f"wrote {output}: {team.name}, {len(team.cards)} cards, {team.total_dice} dice, "
          f"{len(team.basic_actions)} basic actions")
    return 0

"""Argument definitions of the larger ``teambuilder`` subcommands (teams, collection,
formats, sim, gauntlet), apart from cli.py's handlers and error handling so each module
stays small. Each function adds one command to the subparsers and points it at the
handler cli.py passes in.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

Subparsers = Any        # argparse's _SubParsersAction (private, so not named in a hint)
Handler = Callable[[argparse.Namespace], int]


def add_team(commands: Subparsers, handler: Handler) -> None:
    """``team validate|import|export|stats|print|random``."""
    team = commands.add_parser("team", help="validate, convert and summarise teams")
    team_commands = team.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", required=True)
    validate = team_commands.add_parser("validate", help="check a team against a format's rules")
    validate.add_argument("file", metavar="FILE")
    validate.add_argument("--format", help="format key from formats.yaml (default: the team's)")
    validate.add_argument("--json", action="store_true")
    imported = team_commands.add_parser("import", help="read a link, text list, JSON or YAML team")
    imported.add_argument("source", metavar="SOURCE", help="team link, file, or the text itself")
    imported.add_argument("-o", "--output", required=True, metavar="FILE", help=".yaml or .json")
    export = team_commands.add_parser("export", help="write a team as link, text, json or yaml")
    export.add_argument("file", metavar="FILE")
    export.add_argument("--to", required=True, choices=["link", "text", "json", "yaml"])
    stats = team_commands.add_parser("stats", help="energy, cost curve, affiliations, levels")
    stats.add_argument("file", metavar="FILE")
    stats.add_argument("--json", action="store_true")
    printed = team_commands.add_parser("print", help="write the tournament team sheet as PDF")
    printed.add_argument("file", metavar="FILE")
    printed.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    printed.add_argument("--player", help="player name for the sheet")
    printed.add_argument("--event", help="event name for the sheet")
    printed.add_argument("--page", choices=["a4", "letter"], default="a4")
    drawn = team_commands.add_parser("random", help="draw a random legal team of a format")
    drawn.add_argument("--format", required=True, help="format key (teambuilder formats list)")
    drawn.add_argument("--seed", type=int, default=0, help="same seed, same team")
    drawn.add_argument("--owned", action="store_true", help="only cards you own, with no more dice than you own")
    drawn.add_argument("-o", "--output", required=True, metavar="FILE", help=".yaml or .json")
    team.set_defaults(handler=handler)


def add_collection(commands: Subparsers, handler: Handler) -> None:
    """``collection set|show|import|export|missing``."""
    collection = commands.add_parser("collection", help="the cards and dice you own, and what you want")
    collection_commands = collection.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", required=True)
    owned = collection_commands.add_parser("set", help="set what you own of one card (and its die)")
    owned.add_argument("code", metavar="CODE")
    for option, meaning in (("--cards", "copies of the card"), ("--dice", "dice of its die (shared by the "
                            "cards of one character in one set)"), ("--foils", "foil copies"),
                            ("--want", "copies you want")):
        owned.add_argument(option, type=int, metavar="N", help=meaning)
    shown = collection_commands.add_parser("show", help="list what you own, optionally within a query")
    shown.add_argument("query", nargs="?", default="", metavar="QUERY")
    shown.add_argument("--json", action="store_true")
    taken_in = collection_commands.add_parser("import", help="read a collection CSV or JSON (ours or prep-area's)")
    taken_in.add_argument("file", metavar="FILE")
    sent_out = collection_commands.add_parser("export", help="write the collection as CSV or JSON")
    sent_out.add_argument("--to", required=True, choices=["csv", "json"])
    sent_out.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")
    lacking = collection_commands.add_parser("missing", help="what a team needs that you do not own")
    lacking.add_argument("team", metavar="TEAM")
    collection.set_defaults(handler=handler)


def add_formats(commands: Subparsers, handler: Handler) -> None:
    """``formats list|show|import``."""
    formats = commands.add_parser("formats", help="the tournament formats, and your own format lists")
    formats_commands = formats.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", required=True)
    formats_commands.add_parser("list", help="every format in force, and where it comes from")
    format_shown = formats_commands.add_parser("show", help="one format's rules")
    format_shown.add_argument("name", metavar="NAME")
    format_shown.add_argument("--json", action="store_true")
    format_file = formats_commands.add_parser("import", help="check a format list and install it as yours")
    format_file.add_argument("file", metavar="FILE")
    formats.set_defaults(handler=handler)


def add_sim(commands: Subparsers, handler: Handler) -> None:
    """``sim``: many seeded games between two teams."""
    sim = commands.add_parser("sim", help="play many seeded games between two teams; win rates and more")
    sim.add_argument("team_a", metavar="TEAM_A")
    sim.add_argument("team_b", metavar="TEAM_B")
    sim.add_argument("-n", "--games", type=int, required=True, metavar="N", help="number of games")
    sim.add_argument("--seed", type=int, default=0, help="game i uses seed S+i (default 0)")
    sim.add_argument("--jobs", metavar="J|auto",
                     help="processes (default auto: the CPUs this process may use; one for under 400 games)")
    sim.add_argument("--ai-a", metavar="NAME", help="AI for team A (default greedy, or random without it)")
    sim.add_argument("--ai-b", metavar="NAME", help="AI for team B (default greedy, or random without it)")
    sim.add_argument("--format", help="format key (default: team A's)")
    sim.add_argument("--json", action="store_true", help="the documented JSON report (docs/sim.md)")
    sim.set_defaults(handler=handler)


def add_gauntlet(commands: Subparsers, handler: Handler) -> None:
    """``gauntlet``: teams against a field."""
    gauntlet = commands.add_parser("gauntlet", help="your teams against a field of teams; a matchup table")
    gauntlet.add_argument("teams", nargs="*", metavar="TEAM", help="team files or folders of them")
    gauntlet.add_argument("--against", nargs="+", metavar="TEAMS", default=[],
                          help="the opponents: team files or folders of them")
    gauntlet.add_argument("--round-robin", metavar="DIR", help="every team in DIR against every other")
    gauntlet.add_argument("-n", "--games", type=int, required=True, metavar="N", help="games a pairing")
    gauntlet.add_argument("--ai", metavar="NAME", help="the AI for every team (default greedy)")
    gauntlet.add_argument("--opponent-ai", metavar="NAME", help="the opponents' AI (default: --ai)")
    gauntlet.add_argument("--seed", type=int, default=0, help="game i of each pairing uses seed S+i")
    gauntlet.add_argument("--jobs", metavar="J|auto", help="processes (default auto: the CPUs this process may use)")
    gauntlet.add_argument("--backend", choices=("local", "dask"), default="local",
                          help="local processes, or a Dask cluster (the cluster extra; docs/cluster.md)")
    gauntlet.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="a running Dask scheduler to use")
    gauntlet.add_argument("--format", help="format key (default: each listed team's)")
    gauntlet.add_argument("--json", action="store_true", help="the documented JSON report (docs/sim.md)")
    gauntlet.add_argument("--csv", metavar="FILE", help="also write one row a pairing to FILE")
    gauntlet.set_defaults(handler=handler)

"""The ``teambuilder`` command line: argument parsing and thin handlers.

Every handler delegates to a package below (catalogue, later teams, engine ...). Errors a
user can cause are printed to stderr as one line and give a non-zero exit code; no
traceback reaches the user for bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from teambuilder import __version__, app_log, paths
from teambuilder.catalogue.query import QueryError, field_terms, parse
from teambuilder.catalogue.store_errors import StoreError
from teambuilder.cli_arguments import add_collection, add_formats, add_gauntlet, add_sim, add_team
from teambuilder.safe_io import InputError, OutputError
from teambuilder.sim.collector import skip_final_collections

if TYPE_CHECKING:
    # The SQL stack (sqlmodel, about 0.3 s to import) loads when a command opens the
    # catalogue, not with this module: a sim's worker processes import it again when they
    # start (spawn re-runs the entry script), and they never open the catalogue.
    from teambuilder.catalogue.repository import Catalogue

PROG = "teambuilder"


class UserError(Exception):
    """A problem the user can fix; printed as one line, exit code ``code``."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _progress(message: str) -> None:
    print(f"{PROG}: {message}", file=sys.stderr, flush=True)


def open_catalogue(force: bool = False) -> Catalogue:
    """Open the catalogue, saying on stderr when it rebuilds and which files it skipped."""
    from teambuilder.catalogue.repository import Catalogue

    catalogue = Catalogue.open(force=force, progress=_progress)
    for path, reason in catalogue.skipped:
        print(f"{PROG}: skipped {path}: {reason}", file=sys.stderr)
    return catalogue


def _print_json(data: object) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def cmd_catalogue_check(args: argparse.Namespace) -> int:
    directory = Path(args.directory) if args.directory else paths.cards_dir()
    if directory.exists() and not directory.is_dir():
        raise UserError(f"{directory}: is a file; expected the folder of card files "
                        "(sets.yaml, keywords.yaml and one file per set)", 2)
    if not directory.is_dir():
        raise UserError(f"{directory}: no such folder", 2)
    from teambuilder.catalogue.loader import load_catalogue

    result = load_catalogue(directory)
    for problem in result.problems:
        print(problem)
    sets = len(result.loaded_files)
    if result.problems:
        print(f"{PROG}: {len(result.problems)} problem(s); {len(result.skipped)} file(s) skipped, "
              f"{len(result.cards)} cards in {sets} file(s) loaded", file=sys.stderr)
        return 1
    print(f"ok: {len(result.cards)} cards in {sets} set file(s)")
    return 0


def cmd_catalogue_build(args: argparse.Namespace) -> int:
    catalogue = open_catalogue(force=True)
    print(f"built {catalogue.info.path}: {catalogue.count()} cards")
    return 0


def cmd_cards_search(args: argparse.Namespace) -> int:
    from teambuilder.collection_commands import COLLECTION_TERMS, CollectionCommandError, collection_counts
    from teambuilder.engine.coverage import CoverageRater  # the engine only where engine: may be asked
    from teambuilder.teams.formats import FormatError, format_pools, load_formats

    catalogue = open_catalogue()
    catalogue.rate_with(CoverageRater())
    try:
        if field_terms(parse(args.query), "legal") or field_terms(parse(args.query), "banned"):
            catalogue.use_formats(format_pools(load_formats()))
        # The collection lives in the user's library: opened only when the query asks.
        if any(field_terms(parse(args.query), name) for name in COLLECTION_TERMS):
            catalogue.use_collection(collection_counts(catalogue))
        cards = catalogue.search(args.query)
    except CollectionCommandError as error:
        raise UserError(str(error), error.code) from error
    except FormatError as error:
        raise UserError(str(error).splitlines()[0], 2) from error
    except QueryError as error:
        raise UserError(f"bad query at column {error.position + 1} ({error.token!r}): "
                        f"{error.message}", 2) from error
    if args.json:
        _print_json({"query": args.query, "count": len(cards),
                     "cards": [card.to_dict() for card in cards]})
    else:
        for card in cards:
            print(f"{card.code}  {card.full_name}")
    return 0


def cmd_cards_show(args: argparse.Namespace) -> int:
    catalogue = open_catalogue()
    card = catalogue.get(args.code)
    if card is None:
        raise UserError(f"no card with code {args.code!r} (codes are number + set, e.g. 5sww)")
    if args.json:
        _print_json(card.to_dict())
        return 0
    energy = "/".join(card.energy) or "none"
    affiliations = ", ".join(catalogue.affiliations.get(a, a) for a in card.affiliations)
    print(f"{card.code}  {card.full_name}")
    print(f"  {card.kind.replace('_', ' ')}, {card.rarity.replace('_', ' ')}, cost {card.cost} "
          f"{energy}, max {card.max_dice} dice" + (f", {affiliations}" if affiliations else ""))
    for level in card.levels:
        burst = " *" * level.burst
        print(f"  level {level.level}: fielding {level.fielding}, attack {level.attack}, "
              f"defense {level.defense}{burst}")
    if card.keywords:
        print("  keywords: " + ", ".join(catalogue.keywords.get(k, k) for k in card.keywords))
    for line in card.display_text.splitlines():
        print(f"  {line}")
    return 0


def cmd_cards_coverage(args: argparse.Namespace) -> int:
    from teambuilder.engine.coverage import report

    catalogue = open_catalogue()
    result = report(catalogue.search(""))
    if args.json:
        _print_json(result)
        return 0
    cards = result["cards"]
    assert isinstance(cards, list)
    if args.cards:
        for entry in cards:
            missing = "; ".join(entry["missing"])
            print(f"{entry['code']:>7}  {entry['status']:<8} {entry['name']}" + (f"  ({missing})" if missing else ""))
        print()
    sets = result["sets"]
    assert isinstance(sets, list)
    total = result["total"]
    assert isinstance(total, dict)
    print(f"{'set':<6} {'cards':>5} {'full':>5} {'partial':>7} {'none':>5} {'script':>6}")
    for row in [*sets, {"set": "total", **total}]:
        print(f"{row['set']:<6} {row['cards']:>5} {row['full']:>5} {row['partial']:>7} {row['none']:>5} "
              f"{row['scripted']:>6}")
    return 0


def cmd_team(args: argparse.Namespace) -> int:
    from teambuilder import team_commands

    handlers = {"validate": team_commands.cmd_validate, "import": team_commands.cmd_import,
                "export": team_commands.cmd_export, "stats": team_commands.cmd_stats,
                "print": team_commands.cmd_print, "random": team_commands.cmd_random}
    try:
        return handlers[args.subcommand](args, open_catalogue())
    except team_commands.TeamCommandError as error:
        raise UserError(str(error), error.code) from error


def cmd_collection(args: argparse.Namespace) -> int:
    from teambuilder import collection_commands as commands

    handlers = {"set": commands.cmd_set, "show": commands.cmd_show, "import": commands.cmd_import,
                "export": commands.cmd_export, "missing": commands.cmd_missing}
    try:
        return handlers[args.subcommand](args, open_catalogue())
    except commands.CollectionCommandError as error:
        raise UserError(str(error), error.code) from error


def cmd_formats(args: argparse.Namespace) -> int:
    from teambuilder import format_commands as commands

    handlers = {"list": commands.cmd_list, "show": commands.cmd_show, "import": commands.cmd_import}
    try:
        return handlers[args.subcommand](args)
    except commands.FormatCommandError as error:
        raise UserError(str(error), error.code) from error


def cmd_play_family(args: argparse.Namespace) -> int:
    from teambuilder import play_commands

    handlers = {"play": play_commands.cmd_play, "replay": play_commands.cmd_replay,
                "scenario": play_commands.cmd_scenario}
    try:
        return handlers[args.command](args, open_catalogue())
    except play_commands.PlayCommandError as error:
        raise UserError(str(error), error.code) from error


def cmd_sim(args: argparse.Namespace) -> int:
    from teambuilder.sim import command

    try:
        return command.cmd_sim(args, open_catalogue)
    except command.SimCommandError as error:
        raise UserError(str(error), error.code) from error


def cmd_gauntlet(args: argparse.Namespace) -> int:
    from teambuilder.sim import command, gauntlet_command

    try:
        return gauntlet_command.cmd_gauntlet(args, open_catalogue)
    except command.SimCommandError as error:
        raise UserError(str(error), error.code) from error


def cmd_playtest(args: argparse.Namespace) -> int:
    from teambuilder.ui.playtest.launch import run_playtest_command  # Qt only when wanted

    return run_playtest_command(args.team, args.opponent, args.ai, args.seed, args.autoplay, args.first,
                                args.screenshot)


def cmd_gui(args: argparse.Namespace) -> int:
    from teambuilder.ui.app import run_app  # Qt is imported only when the GUI is wanted

    return run_app(screenshot=getattr(args, "screenshot", None), search=getattr(args, "search", None),
                   team=getattr(args, "team", None), theme=getattr(args, "theme", None))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description="Dice Masters team builder")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    gui = commands.add_parser("gui", help="open the desktop app (the default)")
    gui.add_argument("--screenshot", metavar="PNG", help="save a picture of the window and exit")
    gui.add_argument("--search", metavar="QUERY", help="start with this catalogue search")
    gui.add_argument("--team", metavar="FILE", help="open this team file")
    gui.add_argument("--theme", choices=("light", "dark"), help="the colour theme")
    gui.set_defaults(handler=cmd_gui)

    catalogue = commands.add_parser("catalogue", help="check or rebuild the card catalogue")
    catalogue_commands = catalogue.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", required=True)
    check = catalogue_commands.add_parser("check", help="check card files; list every problem")
    check.add_argument("directory", nargs="?", metavar="DIR", help="folder of card files")
    check.set_defaults(handler=cmd_catalogue_check)
    build = catalogue_commands.add_parser("build", help="rebuild the catalogue index now")
    build.set_defaults(handler=cmd_catalogue_build)

    cards = commands.add_parser("cards", help="search and show cards")
    cards_commands = cards.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", required=True)
    search = cards_commands.add_parser("search", help="search with the query language")
    # Words of the query may start with '-' ("-set:wwe"): main() hands them over as words.
    search.add_argument("query", metavar="QUERY", nargs="*")
    search.add_argument("--json", action="store_true", help="machine-readable output")
    search.set_defaults(handler=cmd_cards_search)
    show = cards_commands.add_parser("show", help="show one card by code, e.g. 5sww")
    show.add_argument("code", metavar="CODE")
    show.add_argument("--json", action="store_true", help="machine-readable output")
    show.set_defaults(handler=cmd_cards_show)
    coverage = cards_commands.add_parser("coverage", help="engine support per set and per card (full/partial/none)")
    coverage.add_argument("--json", action="store_true", help="machine-readable output")
    coverage.add_argument("--cards", action="store_true", help="also list every card with what it is missing")
    coverage.set_defaults(handler=cmd_cards_coverage)

    add_team(commands, cmd_team)
    add_collection(commands, cmd_collection)
    add_formats(commands, cmd_formats)

    played = commands.add_parser("play", help="play a whole game between two teams with AI players")
    played.add_argument("team_a", metavar="TEAM_A")
    played.add_argument("team_b", metavar="TEAM_B")
    played.add_argument("--ai-a", default="random", help="AI for team A (default random)")
    played.add_argument("--ai-b", default="random", help="AI for team B (default random)")
    played.add_argument("--seed", type=int, default=0, help="same seed, same game")
    played.add_argument("--format", help="format key (default: team A's)")
    played.add_argument("--log", metavar="FILE", help="write the game log (plain language)")
    played.add_argument("--record", metavar="FILE", help="write the action record (JSON) for replay")
    played.add_argument("--json", action="store_true")
    played.set_defaults(handler=cmd_play_family)
    playtest = commands.add_parser("playtest", help="play your team against an AI in the playtest window")
    playtest.add_argument("team", metavar="TEAM", help="your team file")
    playtest.add_argument("--opponent", metavar="TEAM", help="the AI's team (default: a reference team)")
    playtest.add_argument("--ai", default="greedy", help="the opponent AI: random, greedy or search")
    playtest.add_argument("--seed", type=int, default=0)
    playtest.add_argument("--first", choices=("toss", "me", "ai"), default="toss", help="who goes first")
    playtest.add_argument("--autoplay", action="store_true",
                          help="the greedy AI plays your side; run to the end, print the result, exit")
    playtest.add_argument("--screenshot", metavar="PNG",
                          help="play both sides into the game, save a picture of the window mid-game, exit")
    playtest.set_defaults(handler=cmd_playtest)
    add_sim(commands, cmd_sim)
    add_gauntlet(commands, cmd_gauntlet)
    replayed = commands.add_parser("replay", help="replay an action record and print its log")
    replayed.add_argument("record", metavar="RECORD")
    replayed.set_defaults(handler=cmd_play_family)
    scenario = commands.add_parser(
        "scenario", help="run rule scenario files; exit 1 on any failure, 2 when a file cannot be read")
    scenario.add_argument("files", nargs="+", metavar="FILE")
    scenario.add_argument("--json", action="store_true")
    scenario.add_argument("--show-log", action="store_true", help="print the game log of failing scenarios")
    scenario.set_defaults(handler=cmd_play_family)
    return parser


def parse_arguments(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """Parse ``argv``; for ``cards search`` every word after the subcommand except its own
    options is part of the query, so ``cards search "-set:wwe"`` excludes a set as the query
    language says (argparse alone would take it for an unknown option)."""
    args, extra = parser.parse_known_args(argv)
    if getattr(args, "handler", None) is not cmd_cards_search:
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return args
    start = argv.index("search") + 1
    words = [word for word in argv[start:] if word not in ("--json", "--")]
    unknown = [word for word in words if word.startswith("--")]
    if unknown:         # the query language has no use for '--': a mistyped option
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    args.query = " ".join(words)
    args.json = "--json" in argv[start:]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parse_arguments(parser, sys.argv[1:] if argv is None else list(argv))
    handler = getattr(args, "handler", cmd_gui)
    # Every run is logged (what ran, and the traceback of any bug) to the app's log file.
    log_path = app_log.setup_logging()
    log = app_log.get_logger("cli")
    log.info("command: %s", shlex.join([PROG, *(sys.argv[1:] if argv is None else argv)]))
    try:
        return int(handler(args))
    except UserError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return error.code
    except (FileNotFoundError, InputError, OutputError, StoreError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`teambuilder cards search ... | head`): not an error.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as error:   # a bug: one line here, the traceback in the log file
        log.error("internal error", exc_info=error)
        if log_path is None:
            traceback.print_exception(error)   # no log file: the terminal is the only record
        print(app_log.internal_error_line(error, log_path), file=sys.stderr)
        return app_log.EXIT_INTERNAL_ERROR


def console_main() -> int:
    """The ``teambuilder`` program (console script, ``python -m teambuilder``, the bundle):
    ``main``, then the process ends without walking what its commands left in memory."""
    code = main()
    skip_final_collections()
    return code

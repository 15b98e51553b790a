"""Handlers of the ``teambuilder collection ...`` commands (parsing lives in cli.py).

``set`` changes one card, ``show`` lists what is owned (optionally within a catalogue
query), ``import`` and ``export`` move the whole collection through CSV or JSON
(docs/collection.md), and ``missing`` lists what a team needs that the collection lacks.
Exit codes as everywhere: 0 done; 1 a readable input with a problem (a team that needs
cards you lack, rows that name unknown cards); 2 unusable input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from teambuilder.catalogue.query_sql import CollectionCounts
from teambuilder.catalogue.repository import Catalogue
from teambuilder.safe_io import OutputError, write_text_atomic
from teambuilder.teams.collection import Collection, CollectionError, Holding, dies_of
from teambuilder.teams.collection_files import CollectionReader, to_csv, to_json
from teambuilder.teams.collection_needs import shortfalls
from teambuilder.teams.library import LibraryError, TeamLibrary
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.team_file import TeamFileError, read_team_file

EXIT_PROBLEM, EXIT_UNREADABLE = 1, 2
# The query language's terms that read the collection.
COLLECTION_TERMS = ("owned", "dice_owned", "foils", "want")


class CollectionCommandError(Exception):
    def __init__(self, message: str, code: int = EXIT_UNREADABLE) -> None:
        super().__init__(message)
        self.code = code


@contextmanager
def open_collection(catalogue: Catalogue) -> Iterator[Collection]:
    try:
        with TeamLibrary.open() as library:
            yield Collection(library, dies_of(catalogue.search("")))
    except (LibraryError, CollectionError) as error:
        raise CollectionCommandError(str(error)) from error


def collection_counts(catalogue: Catalogue) -> dict[str, CollectionCounts]:
    """The user's collection for the catalogue's collection search terms."""
    with open_collection(catalogue) as collection:
        return collection.query_counts()


def _describe(holding: Holding, catalogue: Catalogue) -> str:
    card = catalogue.get(holding.code)
    name = card.full_name if card is not None else "(not in the catalogue)"
    parts = [f"{holding.cards} card{'s' * (holding.cards != 1)}", f"{holding.dice} dice"]
    if holding.foils:
        parts.append(f"{holding.foils} foil{'s' * (holding.foils != 1)}")
    if holding.want:
        parts.append(f"want {holding.want}")
    return f"{holding.code:>7}  {name}: {', '.join(parts)}"


def cmd_set(args: argparse.Namespace, catalogue: Catalogue) -> int:
    code = args.code.strip().lower()
    if catalogue.get(code) is None:
        raise CollectionCommandError(f"no card with code {args.code!r} (codes are number + set, e.g. 5sww)")
    if all(value is None for value in (args.cards, args.dice, args.foils, args.want)):
        raise CollectionCommandError("say what to set: --cards N, --dice N, --foils N or --want N")
    with open_collection(catalogue) as collection:
        try:
            holding = collection.set(code, args.cards, args.dice, args.foils, args.want)
        except CollectionError as error:
            raise CollectionCommandError(str(error)) from error
    print(_describe(holding, catalogue))
    return 0


def cmd_show(args: argparse.Namespace, catalogue: Catalogue) -> int:
    with open_collection(catalogue) as collection:
        holdings = list(collection.holdings().values())
    if args.query:
        wanted = {card.code for card in catalogue.search(args.query)}
        holdings = [h for h in holdings if h.code in wanted]
    if args.json:
        json.dump({"count": len(holdings), "cards": [
            {"code": h.code, "cards": h.cards, "dice": h.dice, "foils": h.foils, "want": h.want}
            for h in holdings]}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    for holding in holdings:
        print(_describe(holding, catalogue))
    print(f"{len(holdings)} card(s)", file=sys.stderr)
    return 0


def cmd_import(args: argparse.Namespace, catalogue: Catalogue) -> int:
    cards = catalogue.search("")
    sets = {info.code: info.name for info in catalogue.sets()}
    result = CollectionReader(cards, sets).read(Path(args.file))
    if result.problems:
        for problem in result.problems[:20]:
            print(f"teambuilder: {problem}", file=sys.stderr)
        more = len(result.problems) - 20
        raise CollectionCommandError(
            f"{args.file}: {len(result.problems)} problem(s)" + (f" ({more} more not shown)" if more > 0 else "")
            + "; nothing was imported: fix them and import again", EXIT_PROBLEM)
    with open_collection(catalogue) as collection:
        applied = collection.set_many(result.rows)
    print(f"imported {applied} row(s) from {args.file}")
    return 0


def cmd_export(args: argparse.Namespace, catalogue: Catalogue) -> int:
    with open_collection(catalogue) as collection:
        holdings = list(collection.holdings().values())
    names = {h.code: card.full_name for h in holdings if (card := catalogue.get(h.code)) is not None}
    text = to_csv(holdings, names) if args.to == "csv" else to_json(holdings, names)
    if args.output:
        try:
            write_text_atomic(Path(args.output), text)
        except OutputError as error:
            raise CollectionCommandError(str(error)) from error
        print(f"wrote {args.output}: {len(holdings)} card(s)")
    else:
        sys.stdout.write(text)
    return 0


def cmd_missing(args: argparse.Namespace, catalogue: Catalogue) -> int:
    try:
        team = read_team_file(Path(args.team))
    except TeamFileError as error:
        raise CollectionCommandError(str(error)) from error
    lookup = CardLookup(catalogue)
    with open_collection(catalogue) as collection:
        dice = collection.dice_owned()
        short = shortfalls(team, lookup, collection.holdings(), lambda code: dice.get(collection.die_of(code), 0))
    # The same reading as the app's collection warning; a reference the catalogue lacks is
    # named too, since a shopping list cannot say whether you own it.
    lines = [f"{ref}: not a card we know; cannot tell whether you own it"
             for ref in [e.ref for e in team.cards] + list(team.basic_actions) if lookup.resolve(ref) is None]
    lines += [s.describe() for s in short]
    for line in lines:
        print(line)
    if lines:
        print(f"{team.name or args.team}: {len(lines)} card(s) short", file=sys.stderr)
        return EXIT_PROBLEM
    print(f"{team.name or args.team}: you own everything this team needs")
    return 0

"""Handlers of the ``teambuilder formats ...`` commands (parsing lives in cli.py).

``list`` names every format in force and where it comes from (the shipped list or a
user's file), ``show`` prints one format's rules, and ``import`` checks a format list and
installs it in the user's formats folder, where updates of the app never touch it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from teambuilder import paths
from teambuilder.safe_io import FORMAT_FILE_LIMIT, OutputError, read_bytes, write_bytes_atomic
from teambuilder.teams.formats import (
    Format,
    FormatError,
    FormatLists,
    load_format_lists,
    read_format_file,
    user_formats_dir,
)

EXIT_PROBLEM, EXIT_UNREADABLE = 1, 2


class FormatCommandError(Exception):
    def __init__(self, message: str, code: int = EXIT_UNREADABLE) -> None:
        super().__init__(message)
        self.code = code


def _describe(fmt: Format) -> dict[str, object]:
    return {"key": fmt.key, "name": fmt.name, "max_cards": fmt.max_cards, "max_dice": fmt.max_dice,
            "basic_actions": [fmt.min_basic_actions, fmt.max_basic_actions],
            "basic_action_dice": fmt.basic_action_dice, "life": fmt.life,
            "sets": sorted(fmt.sets) if fmt.sets is not None else None, "banned": sorted(fmt.banned)}


def _lists() -> FormatLists:
    try:
        return load_format_lists()
    except FormatError as error:
        raise FormatCommandError(str(error).splitlines()[0]) from error


def cmd_list(args: argparse.Namespace) -> int:
    lists = _lists()
    for problem in lists.problems:
        print(f"teambuilder: left out: {problem}", file=sys.stderr)
    for key, fmt in lists.formats.items():
        source = lists.sources[key]
        where = "shipped" if source.parent != user_formats_dir() else f"yours ({source.name})"
        pool = "every set" if fmt.sets is None else f"{len(fmt.sets)} set{'s' * (len(fmt.sets) != 1)}"
        print(f"{key:<20} {fmt.name} ({fmt.max_cards} cards, {fmt.max_dice or 'any'} dice, {pool}, "
              f"{len(fmt.banned)} banned) [{where}]")
    return EXIT_PROBLEM if lists.problems else 0


def cmd_show(args: argparse.Namespace) -> int:
    lists = _lists()
    fmt = lists.formats.get(args.name)
    if fmt is None:
        raise FormatCommandError(f"unknown format {args.name!r} (one of {', '.join(lists.formats)})")
    if args.json:
        json.dump({**_describe(fmt), "source": str(lists.sources[fmt.key])}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    print(f"{fmt.key}: {fmt.name}  (from {lists.sources[fmt.key]})")
    print(f"  {fmt.max_cards} cards, {fmt.max_dice if fmt.max_dice is not None else 'any number of'} dice, "
          f"{fmt.min_basic_actions}-{fmt.max_basic_actions} basic actions with {fmt.basic_action_dice} dice "
          f"each, {fmt.life} life")
    print("  sets: " + ("every set" if fmt.sets is None else ", ".join(sorted(fmt.sets))))
    print("  banned: " + (", ".join(sorted(fmt.banned)) or "none"))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    source = Path(args.file)
    try:
        found = read_format_file(source)
    except FormatError as error:
        lines = str(error).splitlines()
        if len(lines) == 1:
            raise FormatCommandError(f"{lines[0]}; nothing was imported") from error
        for line in lines:
            print(f"teambuilder: {line}", file=sys.stderr)
        raise FormatCommandError(f"{source}: {len(lines)} problems (above); nothing was imported") from error
    if not found:
        raise FormatCommandError(f"{source}: names no format; nothing was imported")
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", source.stem).strip(".-") or "formats"
    target = user_formats_dir() / f"{stem}.yaml"
    shipped = read_format_file(paths.cards_dir() / "formats.yaml")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(target, read_bytes(source, FORMAT_FILE_LIMIT, "format list"))
    except OutputError as error:
        raise FormatCommandError(str(error)) from error
    except OSError as error:
        raise FormatCommandError(f"cannot install {source} as {target}: {error.strerror}") from error
    for key, fmt in found.items():
        print(f"{'overrides the shipped' if key in shipped else 'adds'} {key}: {fmt.name}")
    print(f"installed {target}")
    return 0

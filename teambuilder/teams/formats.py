"""Formats as data: read data/cards/formats.yaml into typed rules, every problem located.

The shipped list can be extended and overridden by the user's own format lists: every
``*.yaml`` in the ``formats`` folder of the user data folder (``formats import`` puts files
there; an update of the app never touches them), read in name order, each with the shipped
file's schema. A user's format replaces a shipped one of the same key. A user file with a
problem is left out as a whole, its problems reported (``file:line: what``) and logged,
and the shipped formats still work.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from teambuilder import paths
from teambuilder.catalogue.query_sql import FormatPool
from teambuilder.catalogue.yaml_source import LineMap, YamlSyntaxError, read_yaml
from teambuilder.safe_io import FORMAT_FILE_LIMIT, InputError

USER_FORMATS_FOLDER = "formats"
_log = logging.getLogger("teambuilder.formats")


class FormatError(ValueError):
    """formats.yaml is broken, or a format name is unknown."""


@dataclass(frozen=True)
class Format:
    key: str
    name: str
    max_cards: int
    max_dice: int | None
    min_basic_actions: int
    max_basic_actions: int
    basic_action_dice: int
    life: int
    sets: frozenset[str] | None
    banned: frozenset[str]
    draft: bool = False         # a draft format (Rainbow Draft): cards that say "in a draft game" apply


class _Reader:
    """Reads one formats.yaml, collecting every problem instead of stopping at the first."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[str] = []

    def count(self, entry: LineMap, key: str, optional: bool = False) -> int | None:
        value = entry.get(key)
        if value is None and optional and key in entry:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            self.problems.append(f"{self.path}:{entry.line_of(key)}: {key}: expected a whole number, got {value!r}")
            return 0
        return value

    def required(self, entry: LineMap, key: str) -> int:
        return self.count(entry, key) or 0

    def read(self, key: str, entry: LineMap) -> Format:
        sets = self.codes(entry, "sets", allow_null=True)
        banned = self.codes(entry, "banned", allow_null=False) or []
        name = entry.get("name", key)
        if not isinstance(name, str) or not name.strip():
            self.problems.append(f"{self.path}:{entry.line_of('name')}: name: expected text, got {name!r:.40}")
            name = key
        return Format(
            key=key, name=name,
            max_cards=self.required(entry, "max_cards"),
            max_dice=self.count(entry, "max_dice", optional=True),
            min_basic_actions=self.basic(entry, "min"),
            max_basic_actions=self.basic(entry, "max"),
            basic_action_dice=self.required(entry, "basic_action_dice"),
            life=self.required(entry, "life"),
            sets=frozenset(sets) if sets is not None else None,
            banned=frozenset(banned),
            draft=self.flag(entry, "draft"),
        )

    def flag(self, entry: LineMap, key: str) -> bool:
        """An optional true/false (false when absent)."""
        value = entry.get(key, False)
        if not isinstance(value, bool):
            self.problems.append(f"{self.path}:{entry.line_of(key)}: {key}: expected true or false, got {value!r:.40}")
            return False
        return value

    def basic(self, entry: LineMap, key: str) -> int:
        """``basic_actions: {min, max}``; a missing or malformed mapping is reported once."""
        basic = entry.get("basic_actions")
        if isinstance(basic, LineMap):
            return self.required(basic, key)
        if key == "min":
            self.problems.append(f"{self.path}:{entry.line_of('basic_actions')}: basic_actions: expected {{min, max}}")
        return 0

    def codes(self, entry: LineMap, key: str, allow_null: bool) -> list[str] | None:
        """A list of set or card codes (lower case); None for a null ``sets``."""
        value = entry.get(key)
        if value is None and (allow_null or key not in entry):
            return None
        if not isinstance(value, list) or not all(isinstance(v, str | int) and not isinstance(v, bool)
                                                  for v in value):
            what = "null or a list of set codes" if allow_null else "a list of card codes"
            self.problems.append(f"{self.path}:{entry.line_of(key)}: {key}: expected {what}, got {value!r:.40}")
            return None if allow_null else []
        return [str(v).strip().lower() for v in value]


@dataclass
class FormatLists:
    """The formats in force: the shipped ones with the user's over them. ``sources`` says
    which file each came from; ``problems`` are the user files left out, and why."""

    formats: dict[str, Format] = field(default_factory=dict)
    sources: dict[str, Path] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def user_formats_dir() -> Path:
    return paths.user_dir() / USER_FORMATS_FOLDER


def user_format_files() -> list[Path]:
    folder = user_formats_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.yaml") if p.is_file())


def load_format_lists(shipped: Path | None = None) -> FormatLists:
    """The shipped formats (a problem there raises FormatError: the app's own data is
    broken) and the user's format files over them (a problem there leaves that file out)."""
    shipped = shipped or paths.cards_dir() / "formats.yaml"
    lists = FormatLists()
    for key, fmt in read_format_file(shipped).items():
        lists.formats[key], lists.sources[key] = fmt, shipped
    for path in user_format_files():
        try:
            found = read_format_file(path)
        except FormatError as error:
            lists.problems.extend(str(error).splitlines())
            continue
        for key, fmt in found.items():
            lists.formats[key], lists.sources[key] = fmt, path
    for problem in lists.problems:
        _log.warning("user format list left out: %s", problem)
    return lists


def load_formats(path: Path | None = None) -> dict[str, Format]:
    """Every format in force (the shipped list and the user's); with ``path``, only that
    file's. Raises FormatError listing every problem, one per line."""
    if path is None:
        return load_format_lists().formats
    return read_format_file(path)


def read_format_file(path: Path) -> dict[str, Format]:
    """Every format in one file; raises FormatError listing every problem, one per line."""
    try:
        raw = read_yaml(path, limit=FORMAT_FILE_LIMIT, what="format list")
    except (OSError, YamlSyntaxError, InputError) as error:
        raise FormatError(str(error)) from error
    if not isinstance(raw, LineMap) or not isinstance(raw.get("formats"), LineMap):
        raise FormatError(f"{path}:1: expected 'formats:' mapping")
    reader = _Reader(path)
    formats: dict[str, Format] = {}
    table: LineMap = raw["formats"]
    for key, entry in table.items():
        if isinstance(entry, LineMap):
            formats[key] = reader.read(key, entry)
        else:
            reader.problems.append(f"{path}:{table.line_of(key)}: {key}: expected a mapping")
    if reader.problems:
        raise FormatError("\n".join(reader.problems))
    return formats


def format_pools(formats: Mapping[str, Format]) -> dict[str, FormatPool]:
    """The formats as the catalogue's ``legal:`` and ``banned:`` search terms read them."""
    return {key: FormatPool(fmt.sets, fmt.banned) for key, fmt in formats.items()}


def get_format(key: str, formats: dict[str, Format]) -> Format:
    if key not in formats:
        raise FormatError(f"unknown format {key!r} (one of {', '.join(formats)})")
    return formats[key]

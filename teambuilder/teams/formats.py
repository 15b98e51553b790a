"""Formats as data: read data/cards/formats.yaml into typed rules, every problem located."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from teambuilder import paths
from teambuilder.catalogue.yaml_source import LineMap, YamlSyntaxError, read_yaml


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
        basic = entry.get("basic_actions")
        if not isinstance(basic, LineMap):
            self.problems.append(f"{self.path}:{entry.line_of('basic_actions')}: basic_actions: expected {{min, max}}")
            basic = LineMap()
            basic.line, basic.key_lines, basic.duplicate_keys = entry.line, {}, []
        sets = entry.get("sets")
        return Format(
            key=key, name=str(entry.get("name", key)),
            max_cards=self.required(entry, "max_cards"),
            max_dice=self.count(entry, "max_dice", optional=True),
            min_basic_actions=self.required(basic, "min"),
            max_basic_actions=self.required(basic, "max"),
            basic_action_dice=self.required(entry, "basic_action_dice"),
            life=self.required(entry, "life"),
            sets=frozenset(sets) if isinstance(sets, list) else None,
            banned=frozenset(str(code).lower() for code in entry.get("banned") or []),
        )


def load_formats(path: Path | None = None) -> dict[str, Format]:
    """Every format in ``path``; raises FormatError listing every problem, one per line."""
    path = path or paths.cards_dir() / "formats.yaml"
    try:
        raw = read_yaml(path)
    except (OSError, YamlSyntaxError) as error:
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


def get_format(key: str, formats: dict[str, Format]) -> Format:
    if key not in formats:
        raise FormatError(f"unknown format {key!r} (one of {', '.join(formats)})")
    return formats[key]

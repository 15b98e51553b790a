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


def _int(entry: LineMap, key: str, where: str, allow_none: bool = False) -> int | None:
    value = entry.get(key)
    if value is None and allow_none and key in entry:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FormatError(f"{where}:{entry.line_of(key)}: {key}: expected a whole number, got {value!r}")
    return value


def load_formats(path: Path | None = None) -> dict[str, Format]:
    path = path or paths.cards_dir() / "formats.yaml"
    try:
        raw = read_yaml(path)
    except (OSError, YamlSyntaxError) as error:
        raise FormatError(str(error)) from error
    if not isinstance(raw, LineMap) or not isinstance(raw.get("formats"), LineMap):
        raise FormatError(f"{path}:1: expected 'formats:' mapping")
    formats: dict[str, Format] = {}
    for key, entry in raw["formats"].items():
        where = str(path)
        if not isinstance(entry, LineMap):
            raise FormatError(f"{where}:{raw['formats'].line_of(key)}: {key}: expected a mapping")
        basic = entry.get("basic_actions")
        if not isinstance(basic, LineMap):
            raise FormatError(f"{where}:{entry.line_of('basic_actions')}: basic_actions: expected {{min, max}}")
        sets = entry.get("sets")
        formats[key] = Format(
            key=key, name=str(entry.get("name", key)),
            max_cards=_int(entry, "max_cards", where) or 0,
            max_dice=_int(entry, "max_dice", where, allow_none=True),
            min_basic_actions=_int(basic, "min", where) or 0,
            max_basic_actions=_int(basic, "max", where) or 0,
            basic_action_dice=_int(entry, "basic_action_dice", where) or 0,
            life=_int(entry, "life", where) or 0,
            sets=frozenset(sets) if isinstance(sets, list) else None,
            banned=frozenset(str(code).lower() for code in entry.get("banned") or []),
        )
    return formats


def get_format(key: str, formats: dict[str, Format]) -> Format:
    if key not in formats:
        raise FormatError(f"unknown format {key!r} (one of {', '.join(formats)})")
    return formats[key]

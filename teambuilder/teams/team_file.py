"""Team files: the YAML interchange format of DESIGN.md, and JSON with the same shape.

A team file is shared between players the way a document is, so it is untrusted input:
reading is bounded (size, aliases, nesting; see :mod:`teambuilder.safe_io` and
:mod:`teambuilder.catalogue.yaml_source`), every value's type is checked, and every problem
is a :class:`TeamFileError` that names the place: ``file:line`` for YAML, ``file: cards[2]:``
for JSON (whose parser keeps no lines past the syntax). Names and references are cleaned of
characters no text file can carry (see :func:`teambuilder.teams.model.clean_text`), so what
we write we can always read back. Writing is atomic and respects the umask.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from teambuilder.catalogue.yaml_source import LineMap, YamlSyntaxError, parse_yaml
from teambuilder.safe_io import TEAM_FILE_LIMIT, InputError, parse_json, read_text
from teambuilder.teams.model import (
    DEFAULT_FORMAT,
    MAX_DICE_PER_CARD,
    MAX_ENTRIES,
    MAX_NAME_LENGTH,
    Team,
    TeamCard,
    clean_text,
)

# Words YAML 1.1 reads as booleans or null, not strings.
YAML_WORDS = frozenset({"yes", "no", "y", "n", "on", "off", "true", "false", "null"})
TEAM_MAX_NODES = 20_000      # a full team is about 40 values


class TeamFileError(ValueError):
    """A team file that cannot be read; the message says where and what."""


def _placer(raw: Any, where: str) -> Callable[[str], str]:
    """How to name a place in this mapping: by line for YAML, by key for JSON."""
    def place(key: str) -> str:
        if isinstance(raw, LineMap):
            return f"{where}:{raw.line_of(key)}: {key}"
        return f"{where}: {key}"
    return place


def _text(value: Any, place: str, what: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise TeamFileError(f"{place}: expected {what}, got {_shown(value)}")
    text = clean_text(str(value))
    if len(text) > MAX_NAME_LENGTH:
        raise TeamFileError(f"{place}: longer than {MAX_NAME_LENGTH} characters")
    return text


def _shown(value: Any) -> str:
    kind = {dict: "a mapping", LineMap: "a mapping", list: "a list", bool: "true/false",
            type(None): "nothing"}.get(type(value))
    return kind or repr(value)[:40]


def _list(raw: Any, key: str, place: Callable[[str], str]) -> list[Any]:
    value = raw.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise TeamFileError(f"{place(key)}: expected a list, got {_shown(value)}")
    if len(value) > MAX_ENTRIES:
        raise TeamFileError(f"{place(key)}: more than {MAX_ENTRIES} entries")
    return value


def _card(entry: Any, index: int, place: str) -> TeamCard:
    if not isinstance(entry, dict) or ("code" not in entry and "name" not in entry):
        raise TeamFileError(f"{place}: entry {index} needs 'code' (or 'name') and 'dice', "
                            f"e.g. {{code: 5sww, dice: 4}}")
    ref = _text(entry.get("code") if "code" in entry else entry.get("name"), place,
                "a card code such as 5sww")
    dice = entry.get("dice", 1)
    if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= MAX_DICE_PER_CARD:
        raise TeamFileError(f"{place}: {ref}: dice must be a whole number from 0 to "
                            f"{MAX_DICE_PER_CARD}, got {_shown(dice)}")
    return TeamCard(ref=ref, dice=dice)


def team_from_mapping(raw: Any, where: str) -> Team:
    """A Team from a parsed team file; :class:`TeamFileError` names the first bad value."""
    if not isinstance(raw, dict):
        raise TeamFileError(f"{where}:1: expected a team (name, format, cards, basic_actions), "
                            f"got {_shown(raw)}")
    place = _placer(raw, where)
    name = _text(raw.get("name", ""), place("name"), "text") if raw.get("name") is not None else ""
    fmt = _text(raw.get("format", DEFAULT_FORMAT), place("format"), "a format name") \
        if raw.get("format") is not None else DEFAULT_FORMAT
    cards = []
    for index, entry in enumerate(_list(raw, "cards", place), start=1):
        entry_place = (f"{where}:{entry.line}: cards" if isinstance(entry, LineMap)
                       else f"{place('cards')}[{index - 1}]")
        cards.append(_card(entry, index, entry_place))
    basic = tuple(_text(b, f"{place('basic_actions')}[{i}]", "a card code")
                  for i, b in enumerate(_list(raw, "basic_actions", place)))
    return Team(name=name, format=fmt or DEFAULT_FORMAT, cards=tuple(cards), basic_actions=basic,
                source=where)


def team_to_mapping(team: Team) -> dict[str, Any]:
    return {
        "name": team.name,
        "format": team.format,
        "cards": [{"code": c.ref, "dice": c.dice} for c in team.cards],
        "basic_actions": list(team.basic_actions),
    }


def to_yaml(team: Team) -> str:
    lines = [f"name: {json.dumps(team.name, ensure_ascii=False)}", f"format: {_plain_or_quoted(team.format)}",
             "cards:"]
    lines += [f"  - {{code: {json.dumps(c.ref, ensure_ascii=False)}, dice: {c.dice}}}" for c in team.cards]
    if not team.cards:
        lines[-1] = "cards: []"
    lines.append("basic_actions: [" + ", ".join(json.dumps(b, ensure_ascii=False) for b in team.basic_actions) + "]")
    return "\n".join(lines) + "\n"


def _plain_or_quoted(value: str) -> str:
    """A format key as written when YAML reads it back as that string, else quoted."""
    plain = re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", value) and value.lower() not in YAML_WORDS
    return value if plain else json.dumps(value, ensure_ascii=False)


def to_json(team: Team) -> str:
    return json.dumps(team_to_mapping(team), indent=2, ensure_ascii=False) + "\n"


def parse_yaml_team(text: str, where: str) -> Team:
    try:
        raw = parse_yaml(text, where, TEAM_MAX_NODES)
    except YamlSyntaxError as error:
        raise TeamFileError(str(error)) from error
    return team_from_mapping(raw, where)


def parse_json_team(text: str, where: str) -> Team:
    try:
        raw = parse_json(text, where)
    except InputError as error:
        raise TeamFileError(str(error)) from error
    return team_from_mapping(raw, where)


def parse_team_text(text: str, where: str) -> Team:
    """A team file's text: JSON when it starts with '{', YAML otherwise."""
    if text.lstrip().startswith("{"):
        return parse_json_team(text, where)
    return parse_yaml_team(text, where)


def read_team_file(path: Path) -> Team:
    """Read a YAML or JSON team file (JSON when it starts with '{')."""
    try:
        text = read_text(path, TEAM_FILE_LIMIT, "team file")
    except InputError as error:
        raise TeamFileError(str(error)) from error
    return parse_team_text(text, str(path))

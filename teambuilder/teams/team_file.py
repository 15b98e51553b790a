"""Team files: the YAML interchange format of DESIGN.md, and JSON with the same shape.

Reading reports problems as ``file:line: message``; writing is atomic (a temporary file
beside the target, then ``os.replace``) so a crash never leaves half a team on disk.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import yaml

from teambuilder.catalogue.yaml_source import LineMap, YamlSyntaxError, read_yaml
from teambuilder.teams.model import DEFAULT_FORMAT, Team, TeamCard

# Words YAML 1.1 reads as booleans or null, not strings.
YAML_WORDS = frozenset({"yes", "no", "y", "n", "on", "off", "true", "false", "null"})


class TeamFileError(ValueError):
    """A team file that cannot be read; the message says where and what."""


def team_from_mapping(raw: Any, where: str) -> Team:
    if not isinstance(raw, dict):
        raise TeamFileError(f"{where}:1: expected a team (name, format, cards, basic_actions)")

    def line(key: str) -> int:
        return raw.line_of(key) if isinstance(raw, LineMap) else 1

    name = raw.get("name", "")
    if not isinstance(name, str):
        raise TeamFileError(f"{where}:{line('name')}: name: expected text, got {name!r}")
    fmt = raw.get("format", DEFAULT_FORMAT)
    if not isinstance(fmt, str):
        raise TeamFileError(f"{where}:{line('format')}: format: expected a format name, got {fmt!r}")
    cards = []
    for index, entry in enumerate(raw.get("cards") or [], start=1):
        entry_line = entry.line if isinstance(entry, LineMap) else line("cards")
        if not isinstance(entry, dict) or "code" not in entry and "name" not in entry:
            raise TeamFileError(f"{where}:{entry_line}: cards: entry {index} needs 'code' (or 'name') and 'dice'")
        ref = entry.get("code") or entry.get("name")
        dice = entry.get("dice", 1)
        if isinstance(dice, bool) or not isinstance(dice, int):
            raise TeamFileError(f"{where}:{entry_line}: cards: {ref}: dice must be a whole number, got {dice!r}")
        cards.append(TeamCard(ref=str(ref), dice=dice))
    basic = raw.get("basic_actions") or []
    if not isinstance(basic, list):
        raise TeamFileError(f"{where}:{line('basic_actions')}: basic_actions: expected a list")
    return Team(name=name, format=fmt, cards=tuple(cards),
                basic_actions=tuple(str(b) for b in basic), source=where)


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
        raw = yaml.safe_load(text)
    except yaml.YAMLError as error:
        # Syntax errors carry a mark; a bad character (ReaderError) only a message.
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise TeamFileError(f"{where}:{mark.line + 1 if mark else 1}: invalid YAML: {problem}") from error
    return team_from_mapping(raw, where)


def parse_json_team(text: str, where: str) -> Team:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise TeamFileError(f"{where}:{error.lineno}: invalid JSON: {error.msg}") from error
    return team_from_mapping(raw, where)


def read_team_file(path: Path) -> Team:
    """Read a YAML or JSON team file (JSON when it starts with '{')."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise TeamFileError(f"{path}: cannot read: {error.strerror}") from error
    if text.lstrip().startswith("{"):
        return parse_json_team(text, str(path))
    try:
        raw = read_yaml(path)
    except YamlSyntaxError as error:
        raise TeamFileError(str(error)) from error
    return team_from_mapping(raw, str(path))


def write_text_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)

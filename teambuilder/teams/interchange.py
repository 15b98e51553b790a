"""Import a team from any supported source and export it to any supported form.

Sources: a community link, a file (YAML, JSON or a text list) or the text itself.
"""

from __future__ import annotations

from pathlib import Path

from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import parse_json_team, parse_yaml_team, to_json, to_yaml
from teambuilder.teams.team_link import (
    DEFAULT_LINK_BASE,
    is_team_link,
    parse_team_link,
    to_team_link,
)
from teambuilder.teams.text_list import parse_text_list, to_text_list

EXPORT_FORMATS = ("link", "text", "json", "yaml")


def import_text(text: str, lookup: CardLookup, where: str) -> Team:
    stripped = text.strip()
    if is_team_link(stripped) and "\n" not in stripped:
        return parse_team_link(stripped, lookup)
    if stripped.startswith("{"):
        return parse_json_team(text, where)
    if any(line.startswith(("cards:", "basic_actions:", "name:")) for line in stripped.splitlines()):
        return parse_yaml_team(text, where)
    return parse_text_list(text, lookup, where)


def import_team(source: str, lookup: CardLookup) -> Team:
    """``source`` is a link, a path to a file, or the team text itself."""
    if not is_team_link(source) and "\n" not in source and _is_file(source):
        return import_text(Path(source).read_text(encoding="utf-8"), lookup, source)
    return import_text(source, lookup, "<input>")


def _is_file(source: str) -> bool:
    try:
        return Path(source).is_file()
    except OSError:  # a long pasted line is text, not a path (e.g. name too long)
        return False


def export_team(team: Team, to: str, lookup: CardLookup, link_base: str = DEFAULT_LINK_BASE) -> str:
    if to == "link":
        return to_team_link(team, lookup, link_base) + "\n"
    if to == "text":
        return to_text_list(team, lookup)
    if to == "json":
        return to_json(team)
    if to == "yaml":
        return to_yaml(team)
    raise ValueError(f"unknown export format {to!r} (one of {', '.join(EXPORT_FORMATS)})")

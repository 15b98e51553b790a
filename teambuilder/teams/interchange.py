"""Import a team from any supported source and export it to any supported form.

Sources: a community link, a file (YAML, JSON or a text list) or the text itself.
"""

from __future__ import annotations

from pathlib import Path

from teambuilder.safe_io import TEAM_FILE_LIMIT, InputError, read_text
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import (
    TeamFileError,
    parse_json_team,
    parse_yaml_team,
    to_json,
    to_yaml,
)
from teambuilder.teams.team_link import (
    DEFAULT_LINK_BASE,
    TeamLinkError,
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
    one_line = "\n" not in source.strip()
    if not is_team_link(source) and one_line and _exists(source):
        try:
            text = read_text(Path(source), TEAM_FILE_LIMIT, "team file")
        except InputError as error:
            raise TeamFileError(str(error)) from error
        return import_text(text, lookup, source)
    # A mistyped file name or a page address is not a one-card text list: writing it as a
    # team of one unknown card would hide the mistake.
    if one_line and _looks_like_a_path(source.strip()):
        raise TeamFileError(f"{source.strip()}: no such file")
    if one_line and source.strip().lower().startswith(("http://", "https://")) and not is_team_link(source):
        raise TeamLinkError(f"{source.strip()[:80]}: a web address but not a team link (it has no "
                            "'cards=' list); copy the link the team builder shares")
    if len(source.encode("utf-8", "surrogatepass")) > TEAM_FILE_LIMIT:
        raise TeamFileError("<input>: too long for a team (more than 1 MB of text)")
    return import_text(source, lookup, "<input>")


def unknown_references(team: Team, lookup: CardLookup) -> list[str]:
    """The references in ``team`` that name no card (kept as written, reported on import)."""
    refs = [card.ref for card in team.cards] + list(team.basic_actions)
    return [ref for ref in refs if lookup.resolve(ref) is None]


def _looks_like_a_path(source: str) -> bool:
    return source.lower().endswith(_TEAM_FILE_SUFFIXES) or source.startswith(("/", "./", "../", "~"))


_TEAM_FILE_SUFFIXES = (".yaml", ".yml", ".json", ".txt")


def _exists(source: str) -> bool:
    try:
        return Path(source).exists()
    except (OSError, ValueError):  # a long pasted line, or one with a NUL, is text, not a path
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

"""Plain-text team lists: tolerant reading, one clean writing style.

Reads lines such as ``4x Cheetah: Goddess of the Hunt``, ``4 5sww``,
``Cheetah (Goddess of the Hunt) x4``, with blank lines and ``#`` comments; ``# Team:``
and ``# Format:`` comments carry the name and format. Which entries are basic actions is
decided by the card itself, so basic actions may be listed anywhere, with or without a count.
"""

from __future__ import annotations

import re

from teambuilder.catalogue.model import Card
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import (
    DEFAULT_FORMAT,
    MAX_DICE_PER_CARD,
    MAX_ENTRIES,
    MAX_NAME_LENGTH,
    Team,
    TeamCard,
    clean_text,
)

_LEADING = re.compile(r"^(\d{1,6})\s*[x×]?\s+(.+)$", re.IGNORECASE)
_TRAILING = re.compile(r"^(.+?)\s+[x×]\s*(\d{1,6})$", re.IGNORECASE)
_PAREN_SUBTITLE = re.compile(r"^(.+?)\s*\((.+)\)$")
_PAREN_CODE = re.compile(r"\((\d+[a-z][a-z0-9]*)\)$", re.IGNORECASE)


class TeamTextError(ValueError):
    pass


def _entry(line: str) -> tuple[int | None, str]:
    if match := _LEADING.match(line):
        count, ref = int(match.group(1)), match.group(2)
    elif match := _TRAILING.match(line):
        ref, count = match.group(1), int(match.group(2))
    else:
        count, ref = None, line
    ref = ref.strip()
    if match := _PAREN_CODE.search(ref):
        return count, match.group(1).lower()
    if (match := _PAREN_SUBTITLE.match(ref)) and ":" not in ref:
        ref = f"{match.group(1).strip()}: {match.group(2).strip()}"
    return count, ref


def parse_text_list(text: str, lookup: CardLookup, where: str = "<text>") -> Team:
    name, fmt = "", DEFAULT_FORMAT
    cards: list[TeamCard] = []
    basic: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            comment = line.lstrip("#").strip()
            key, _, value = comment.partition(":")
            if key.strip().lower() == "team" and value.strip():
                name = clean_text(value)[:MAX_NAME_LENGTH]
            elif key.strip().lower() == "format" and clean_text(value):
                fmt = clean_text(value)[:MAX_NAME_LENGTH]
            continue
        count, ref = _entry(line)
        ref = clean_text(ref)[:MAX_NAME_LENGTH]
        if not ref:
            continue
        if count is not None and count > MAX_DICE_PER_CARD:
            raise TeamTextError(f"{where}:{number}: {ref}: at most {MAX_DICE_PER_CARD} dice")
        if len(cards) + len(basic) >= MAX_ENTRIES:
            raise TeamTextError(f"{where}:{number}: more than {MAX_ENTRIES} cards listed")
        card: Card | None = lookup.resolve(ref)
        if card is not None:
            ref = card.code
        if card is not None and card.kind == "basic_action":
            basic.append(ref)
        else:
            cards.append(TeamCard(ref=ref, dice=count if count is not None else 1))
    if not cards and not basic:
        raise TeamTextError(f"{where}: no cards found in the text")
    return Team(name=name, format=fmt, cards=tuple(cards), basic_actions=tuple(basic), source=where)


def to_text_list(team: Team, lookup: CardLookup) -> str:
    def shown(ref: str) -> str:
        card = lookup.resolve(ref)
        return f"{card.full_name} ({card.code})" if card else ref

    lines = [f"# Team: {team.name}", f"# Format: {team.format}"]
    lines += [f"{c.dice}x {shown(c.ref)}" for c in team.cards]
    lines += [shown(b) for b in team.basic_actions]
    return "\n".join(lines) + "\n"

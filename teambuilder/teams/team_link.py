"""Community team builder links: ``...?view&cards=4x5sww;2x9sww;1x31sww&name=Team``.

Any host is accepted on import. A link lists basic actions among the cards (with a count,
usually 1); the card's kind decides which they are. Formats are not part of a link.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlsplit

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

DEFAULT_LINK_BASE = "https://dicecoalition.com/teambuilder/"
_ENTRY = re.compile(r"^(\d{1,6})x(\d{1,6}[a-z][a-z0-9]{0,15})$", re.IGNORECASE)


class TeamLinkError(ValueError):
    pass


def is_team_link(text: str) -> bool:
    return "cards=" in text and ("?" in text or text.startswith("cards="))


def parse_team_link(link: str, lookup: CardLookup) -> Team:
    query = urlsplit(link.strip()).query or link.strip()
    params = parse_qs(query, keep_blank_values=True)
    if "cards" not in params:
        raise TeamLinkError("team link has no 'cards=' list")
    cards: list[TeamCard] = []
    basic: list[str] = []
    tokens = [token for token in params["cards"][0].split(";") if token.strip()]
    if len(tokens) > MAX_ENTRIES:
        raise TeamLinkError(f"team link: more than {MAX_ENTRIES} entries in 'cards='")
    for number, token in enumerate(tokens, start=1):
        match = _ENTRY.match(token.strip())
        if not match:
            raise TeamLinkError(f"team link: cards entry {number}: cannot read {token[:40]!r} "
                                "(expected a count and a code, like 4x5sww)")
        count, code = int(match.group(1)), match.group(2).lower()
        if count > MAX_DICE_PER_CARD:
            raise TeamLinkError(f"team link: cards entry {number} ({token}): at most "
                                f"{MAX_DICE_PER_CARD} dice")
        card = lookup.resolve(code)
        if card is not None and card.kind == "basic_action":
            basic.append(code)
        else:
            cards.append(TeamCard(ref=code, dice=count))
    name = clean_text(params.get("name", [""])[0])[:MAX_NAME_LENGTH]
    return Team(name=name, format=DEFAULT_FORMAT, cards=tuple(cards), basic_actions=tuple(basic),
                source="link")


def to_team_link(team: Team, lookup: CardLookup, base: str = DEFAULT_LINK_BASE) -> str:
    entries = []
    for ref, count in [(c.ref, c.dice) for c in team.cards] + [(b, 1) for b in team.basic_actions]:
        card = lookup.resolve(ref)
        if card is None:
            raise TeamLinkError(f"cannot link unknown card {ref!r}")
        entries.append(f"{count}x{card.code}")
    link = f"{base}?view&cards={';'.join(entries)}"
    if team.name:
        link += f"&name={quote(team.name)}"
    return link

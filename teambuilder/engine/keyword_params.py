"""What a parameterised keyword needs, read from the card's own text.

Rush names the kind of dice it counts ("Rush ([bolt] dice)."), Recruit the kind of die it
brings in ("Recruit (Rocket Raccoon)." or "Recruit: Sidekick die."), Gate the dice it may
roll ("Gate (Balor): ..."). Each reader turns those words into a die filter of the
ability language (a name, an affiliation, an energy type, Sidekick, a purchase cost), or
None when the text does not say (the coverage report then calls the card partial).

This sits at the bottom of the engine: it reads card text and imports no engine module.
"""

from __future__ import annotations

import re
from typing import Any

from teambuilder.catalogue.ability_text import AFFILIATION_NAMES
from teambuilder.catalogue.model import ENERGY_TYPES

_ENERGY = re.compile(r"\[(\w+)\]")
_COST = re.compile(r"purchase cost of (\d+) or less")


def _affiliation(words: str) -> str | None:
    """The affiliation id ``words`` names ("Guardians of the Galaxy" -> guardians), if any."""
    wanted = words.strip().lower()
    for key, shown in AFFILIATION_NAMES.items():
        if wanted in (shown.lower(), key, key.replace("_", " ")):
            return key
    return None


def _kind(words: str) -> dict[str, Any] | None:
    """A die filter (as ability-language data) for a kind of dice named in card text."""
    character = re.search(r"\bcharacter\b", words) is not None
    words = " ".join(re.sub(r"\b(character|dice|die)\b", " ", words.strip().rstrip(".")).split())
    found: dict[str, Any] = {"kind": "character" if character else "any", "zone": "any"}
    if words.startswith("non-"):
        name, _, words = words[4:].partition(" ")
        found["not_name"] = [name]
    cost = _COST.search(words)
    energy = _ENERGY.fullmatch(words.strip())
    if cost:
        found["max_cost"] = int(cost.group(1))
        found["kind"] = "character"
    elif energy and energy.group(1) in ENERGY_TYPES:
        found["energy"] = [energy.group(1)]
    elif words.lower() == "sidekick":
        found["sidekick"] = True
    elif _affiliation(words) is not None:
        found["affiliation"] = [_affiliation(words)]
    elif words and not words.startswith("["):
        found["name"] = [words]
    else:
        return None
    return found


def rush_kind(text: str) -> dict[str, Any] | None:
    """Rush X: the dice X names ("Rush ([bolt] dice)." -> dice of bolt cards)."""
    found = re.search(r"Rush \(([^)]*)\)", text)
    return _kind(found.group(1)) if found else None


def recruit_kind(text: str) -> dict[str, Any] | None:
    """Recruit X: the die X names, in brackets or after a colon ("Recruit: Sidekick die.")."""
    found = re.search(r"Recruit \(([^)]*)\)|Recruit: ([^.\n]*)", text)
    if not found:
        return None
    words = found.group(1) or found.group(2)
    words = re.sub(r"^an? ", "", words.strip())
    kind = _kind(words)
    if kind is not None:
        kind["kind"] = "character"      # Recruit fields the die on its level 1 character face
    return kind


def gate_kind(text: str, own_name: str) -> dict[str, Any] | None:
    """Gate (X): the unbought dice it may roll. A character name means that character's dice;
    an affiliation means dice of a different character with it. "Gate (fiend)" names a
    class of characters the data does not record: None."""
    found = re.search(r"Gate \(([^)]*)\)", text)
    if not found:
        return None
    words = found.group(1).strip()
    if not words[:1].isupper():
        return None         # a class of characters ("fiend") the card data does not record
    affiliation = _affiliation(words)
    if affiliation is not None:
        return {"kind": "character", "zone": "card", "affiliation": [affiliation], "not_name": [own_name]}
    return {"kind": "character", "zone": "card", "name": [words]}

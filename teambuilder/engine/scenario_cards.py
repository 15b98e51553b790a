"""A rule scenario's own cards (``cards:`` in the file): test cards in set ``test``.

Each gets its own code, because a scenario buys and places dice by card code: the key's
digits (``zapper12`` is ``12test``), or, for a key without digits or with the digits of
an earlier card of the file, the next number no card of the file uses. Two cards sharing
a code would let ``{buy: armor}`` buy the other card's die.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from teambuilder.catalogue.model import (
    Card,
    Level,
    default_action_faces,
    default_energy_faces,
    parse_face,
)
from teambuilder.engine.abilities import parse_abilities


def key_number(key: str) -> int:
    return int("".join(ch for ch in key if ch.isdigit()) or 0)


def inline_cards(raw: Mapping[Any, Mapping[str, Any]]) -> dict[str, Card]:
    """The cards of a scenario's ``cards:`` mapping, by key, each with a code of its own."""
    keys = [str(key) for key in raw]
    taken: set[int] = set()
    cards = {}
    for key, spec in zip(keys, raw.values(), strict=True):
        number = key_number(key)
        if number in taken or not any(ch.isdigit() for ch in key):
            number = max(taken | {key_number(k) for k in keys}) + 1
        taken.add(number)
        cards[key] = inline_card(key, spec, number)
    return cards


def inline_card(key: str, raw: Mapping[str, Any], number: int | None = None) -> Card:
    """One test card; its number is the key's digits unless given."""
    kind = str(raw.get("kind", "character"))
    energy = tuple(raw.get("energy", []))
    levels = tuple(Level(i + 1, *stats) for i, stats in enumerate(raw.get("levels", [])))
    faces = (tuple(parse_face(str(f)) for f in raw["energy_faces"]) if "energy_faces" in raw
             else default_energy_faces(kind, energy, len(levels)))
    return Card(set_code="test", number=key_number(key) if number is None else number,
                name=str(raw.get("name", key)), subtitle=str(raw.get("subtitle", "")), kind=kind,
                rarity="common", cost=int(raw.get("cost", 0)), energy=energy,
                affiliations=tuple(raw.get("affiliations", [])), max_dice=4, levels=levels,
                energy_faces=faces, action_faces=default_action_faces(kind),
                keywords=tuple(raw.get("keywords", [])), text=str(raw.get("text", "")),
                abilities=parse_abilities(raw.get("abilities")))

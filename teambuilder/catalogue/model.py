"""Typed card values: what a card *is*, independent of where it was read from.

All values are frozen: the engine and the GUI share them without copying, and a card
cannot drift from the YAML it was loaded from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from teambuilder.catalogue.abilities import Ability

ENERGY_TYPES: tuple[str, ...] = ("mask", "fist", "bolt", "shield")
KINDS: tuple[str, ...] = ("character", "action", "basic_action")
RARITIES: tuple[str, ...] = ("starter", "common", "uncommon", "rare", "super_rare", "promo")
PRODUCT_KINDS: tuple[str, ...] = (
    "starter", "booster", "campaign_box", "team_pack", "draft_pack", "promo", "collector")


def constructor_arguments(value: Any) -> tuple[object, ...]:
    """A frozen card value's fields in order: what pickling rebuilds it from (its
    ``__reduce__``). The card values are compiled with the engine (docs/native.md), and a
    compiled frozen dataclass cannot be unpickled field by field, only through its
    constructor (setups, cards and all, travel to sim workers)."""
    return tuple(getattr(value, f.name) for f in fields(value))


@dataclass(frozen=True)
class EnergyFace:
    """An energy face: typed symbols (``bolt``, or ``bolt``+``bolt`` for a double), or
    ``wild``, or a generic amount with no type."""

    symbols: tuple[str, ...] = ()
    generic: int = 0

    @property
    def amount(self) -> int:
        return self.generic + len(self.symbols)

    def notation(self) -> str:
        return str(self.generic) if self.generic else "+".join(self.symbols)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


@dataclass(frozen=True)
class Level:
    """One character face: its level number (1-based) and stats."""

    level: int
    fielding: int
    attack: int
    defense: int
    burst: int = 0

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


@dataclass(frozen=True)
class Card:
    """A card and the facts of its die."""

    set_code: str
    number: int
    name: str
    subtitle: str
    kind: str
    rarity: str
    cost: int
    energy: tuple[str, ...]
    affiliations: tuple[str, ...]
    max_dice: int
    levels: tuple[Level, ...]
    energy_faces: tuple[EnergyFace, ...]
    action_faces: tuple[int, ...]
    keywords: tuple[str, ...]
    text: str
    source: str = field(default="", compare=False)
    # The executable form of ``text`` (see catalogue.abilities) and the data it was
    # parsed from, kept so the card serialises back to exactly what the YAML said.
    abilities: tuple[Ability, ...] = ()
    abilities_data: str = field(default="[]", compare=False)

    @property
    def code(self) -> str:
        """The code community team links use: number then set code (``5sww``)."""
        return f"{self.number}{self.set_code}"

    @property
    def display_text(self) -> str:
        """The text players read: rendered from the structured abilities when the card
        has them (so text and engine agree), else the written ``text``."""
        from teambuilder.catalogue.ability_text import render_card_text
        return render_card_text(self.abilities, self.keywords, {}, self.text)

    @property
    def full_name(self) -> str:
        return f"{self.name}: {self.subtitle}" if self.subtitle else self.name

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON shape of ``cards show --json``."""
        return {
            "code": self.code,
            "set": self.set_code,
            "number": self.number,
            "name": self.name,
            "subtitle": self.subtitle,
            "kind": self.kind,
            "rarity": self.rarity,
            "cost": self.cost,
            "energy": list(self.energy),
            "affiliations": list(self.affiliations),
            "max_dice": self.max_dice,
            "levels": [
                {"level": lv.level, "fielding": lv.fielding, "attack": lv.attack,
                 "defense": lv.defense, "burst": lv.burst}
                for lv in self.levels
            ],
            "energy_faces": [face.notation() for face in self.energy_faces],
            "action_faces": list(self.action_faces),
            "keywords": list(self.keywords),
            "text": self.text,
            "rules_text": self.display_text,
            "abilities": json.loads(self.abilities_data),
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Card:
        from teambuilder.catalogue.abilities import parse_abilities
        return Card(
            set_code=data["set"], number=data["number"], name=data["name"],
            subtitle=data["subtitle"], kind=data["kind"], rarity=data["rarity"],
            cost=data["cost"], energy=tuple(data["energy"]),
            affiliations=tuple(data["affiliations"]), max_dice=data["max_dice"],
            levels=tuple(Level(**lv) for lv in data["levels"]),
            energy_faces=tuple(parse_face(f) for f in data["energy_faces"]),
            action_faces=tuple(data["action_faces"]), keywords=tuple(data["keywords"]),
            text=data["text"], abilities=parse_abilities(data.get("abilities") or None),
            abilities_data=json.dumps(data.get("abilities") or []),
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


@dataclass(frozen=True)
class CardSet:
    code: str
    name: str
    universe: str
    year: int
    kind: str
    position: int

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


@dataclass(frozen=True)
class Vocabulary:
    """The names a card file may use, read from sets.yaml and keywords.yaml."""

    sets: dict[str, CardSet]
    affiliations: dict[str, str]
    keywords: dict[str, str]


def parse_face(notation: str) -> EnergyFace:
    """Parse ``bolt``, ``bolt+bolt``, ``mask+shield``, ``wild`` or a generic ``1``/``2``.

    Raises ValueError with a message fit for a user when the notation is unknown.
    """
    text = notation.strip().lower()
    if text.isdigit():
        amount = int(text)
        if not 1 <= amount <= 5:
            raise ValueError(f"generic energy face must be 1-5, got {amount}")
        return EnergyFace(generic=amount)
    symbols = tuple(part.strip() for part in text.split("+"))
    allowed = ENERGY_TYPES + ("wild",)
    for symbol in symbols:
        if symbol not in allowed:
            raise ValueError(f"unknown energy symbol {symbol!r} (one of {', '.join(allowed)})")
    if not 1 <= len(symbols) <= 2:
        raise ValueError(f"an energy face shows 1 or 2 symbols, got {len(symbols)}")
    return EnergyFace(symbols=symbols)


def default_energy_faces(kind: str, energy: tuple[str, ...], level_count: int) -> tuple[EnergyFace, ...]:
    """The energy faces a die has when its card file does not list them.

    A die has six faces. Character dice give the faces their levels do not use to
    energy: single faces of each of the card's types, then one double face. Action
    dice have three energy faces the same way; basic action dice (and action dice with no
    energy type: D&D equipment) show generic energy (1, 1 and a double 2), which is why
    they can be spent as virtual energy.
    """
    if kind == "basic_action" or (kind == "action" and not energy):
        # Equipment dice have no energy type either: generic faces like basic actions.
        return (EnergyFace(generic=1), EnergyFace(generic=1), EnergyFace(generic=2))
    if not energy:
        return ()
    count = 3 if kind == "action" else max(6 - level_count, 1)
    singles = [EnergyFace(symbols=(energy[i % len(energy)],)) for i in range(count - 1)]
    double = (energy[0], energy[1]) if len(energy) > 1 else (energy[0], energy[0])
    return tuple(singles) + (EnergyFace(symbols=double),)


def default_action_faces(kind: str) -> tuple[int, ...]:
    """Burst counts of an action die's action faces: plain, burst, double burst."""
    return (0, 1, 2) if kind in ("action", "basic_action") else ()

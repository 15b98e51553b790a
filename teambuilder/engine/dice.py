"""Die faces and die specifications: what each kind of die can roll.

A die has six faces. Character dice show their levels and their card's energy faces;
action dice show action faces (plain, burst, double burst) and energy; basic action dice
show three action faces and generic energy; the Sidekick die shows the four energy types,
wild, and one level-1 character face (fielding 0, attack 1, defense 1). Faces are values:
the engine keeps only a face index per die.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from teambuilder.catalogue.model import ENERGY_TYPES, Card

ENERGY = "energy"
CHARACTER = "character"
ACTION = "action"

SIDEKICK_KEY = "sidekick"
SIDEKICK_NAME = "Sidekick"


@dataclass(frozen=True)
class Face:
    """One side of a die. Energy faces use ``symbols``/``generic``; character faces use
    the level and stats; action faces only ``burst``."""

    kind: str
    symbols: tuple[str, ...] = ()
    generic: int = 0
    level: int = 0
    fielding: int = 0
    attack: int = 0
    defense: int = 0
    burst: int = 0

    @property
    def energy_amount(self) -> int:
        return self.generic + len(self.symbols)

    def describe(self) -> str:
        """Short plain-language name of the face, as the game log shows it."""
        if self.kind == ENERGY:
            return f"{self.generic} generic" if self.generic else "+".join(self.symbols)
        bursts = " *" * self.burst
        if self.kind == ACTION:
            return f"action{bursts}"
        return f"level {self.level} ({self.fielding}/{self.attack}/{self.defense}){bursts}"


@dataclass(frozen=True)
class DieSpec:
    """The faces of one kind of die and the card it belongs to (``sidekick`` has none)."""

    key: str
    name: str
    kind: str
    faces: tuple[Face, ...]

    def level_face(self, level: int) -> int | None:
        """Index of the face showing ``level``, or None when the die has no such level."""
        for index, face in enumerate(self.faces):
            if face.kind == CHARACTER and face.level == level:
                return index
        return None

    def single_energy_face(self, symbol: str) -> int | None:
        """Index of a face showing exactly one ``symbol`` (spinning down a double)."""
        for index, face in enumerate(self.faces):
            if face.kind == ENERGY and face.symbols == (symbol,):
                return index
        return None

    @property
    def max_level(self) -> int:
        return max((face.level for face in self.faces if face.kind == CHARACTER), default=0)


SIDEKICK_SPEC = DieSpec(
    key=SIDEKICK_KEY, name=SIDEKICK_NAME, kind="sidekick",
    faces=tuple(Face(ENERGY, symbols=(symbol,)) for symbol in ENERGY_TYPES + ("wild",))
    + (Face(CHARACTER, level=1, fielding=0, attack=1, defense=1),),
)


def die_spec(card: Card, key: str | None = None) -> DieSpec:
    """The die of ``card``: level faces (or action faces) followed by its energy faces."""
    faces: list[Face] = []
    if card.kind == "character":
        faces += [Face(CHARACTER, level=lv.level, fielding=lv.fielding, attack=lv.attack,
                       defense=lv.defense, burst=lv.burst) for lv in card.levels]
    else:
        faces += [Face(ACTION, burst=burst) for burst in card.action_faces]
    faces += [Face(ENERGY, symbols=ef.symbols, generic=ef.generic) for ef in card.energy_faces]
    return DieSpec(key=key or card.code, name=card.full_name, kind=card.kind, faces=tuple(faces))



# Die specs never change, and a sim builds a game from the same few dozen cards again and
# again: one spec per card, keyed by the card's id (the card is kept, to check it is the
# same object and not a new one at a reused id).
_SPECS: dict[int, tuple[Card, DieSpec]] = {}


def shared_die_spec(card: Card) -> DieSpec:
    """``die_spec(card)``, built once per card and shared by every game that plays it."""
    known = _SPECS.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    if len(_SPECS) > 4096:      # a long session opening many catalogues: start again
        _SPECS.clear()
    spec = die_spec(card)
    _SPECS[id(card)] = (card, spec)
    return spec

def below(rng: Random, n: int) -> int:
    """A number in 0..n-1: what ``rng.randrange(n)`` (and ``rng.choice`` of n things) would
    give from the same state, by CPython's own method (fresh bits until one fits), without
    going through random.py's Python code: every draw and roll of a game passes here."""
    bits = n.bit_length()
    number = rng.getrandbits(bits)
    while number >= n:
        number = rng.getrandbits(bits)
    return number

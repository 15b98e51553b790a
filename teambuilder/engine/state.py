"""Game state values: zones, dice, card slots, players.

Invariant: every die has exactly one ``zone`` (the attack zone is the ``attacking`` /
``blocking`` marks on a die in the field), so a die cannot be in two places or none.
A die's ``zone`` and ``owner`` are written only through properties that keep the game's
``ZoneIndex`` in step: the index is derived from them at every write, never set apart.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter

from teambuilder.catalogue.model import Card
from teambuilder.engine.abilities import Ability
from teambuilder.engine.dice import DieSpec


class Zone(str, Enum):
    CARD = "card"            # not yet purchased, on its card
    BAG = "bag"
    PREP = "prep"
    RESERVE = "reserve"
    FIELD = "field"
    OUT_OF_PLAY = "out of play"
    USED = "used"
    GONE = "gone"            # a token that left the field: it no longer exists


@dataclass(frozen=True)
class EngineCard:
    """A card as the engine plays it: the catalogue facts plus executable abilities."""

    card: Card
    abilities: tuple[Ability, ...] = ()

    @property
    def code(self) -> str:
        return self.card.code

    @property
    def continuous(self) -> bool:
        return "continuous" in self.card.keywords


@dataclass(frozen=True)
class Slot:
    """A card on the table. ``owner`` is None for basic actions in the middle, which
    either player may buy; globals on every slot are open to both players."""

    index: int
    card: EngineCard
    spec: DieSpec
    owner: int | None
    brought_by: int


@dataclass(frozen=True)
class StatModifier:
    """An applied stat change on one die, until the end of the turn (or until the die
    leaves the field or is rerolled to energy)."""

    attack: int
    defense: int
    source: str
    kind: str = "add"            # add | while_attacking | set (overrides) | swap


class ZoneIndex:
    """The dice of a game by (zone, owner) and by zone, each list in die order: what a
    scan over every die would find, kept up to date by ``Die.zone`` and ``Die.owner``."""

    __slots__ = ("lists", "zones")

    def __init__(self) -> None:
        self.lists: dict[tuple[Zone, int | None], list[Die]] = {}
        self.zones: dict[Zone, list[Die]] = {}

    def add(self, die: Die) -> None:
        insort(self.lists.setdefault((die.zone, die.owner), []), die, key=_die_id)
        insort(self.zones.setdefault(die.zone, []), die, key=_die_id)

    def remove(self, die: Die, zone: Zone, owner: int | None) -> None:
        # By position, not by ==: comparing dice compares every field.
        dice = self.lists[(zone, owner)]
        del dice[bisect_left(dice, die.id, key=_die_id)]
        dice = self.zones[zone]
        del dice[bisect_left(dice, die.id, key=_die_id)]

    def of(self, zone: Zone, owner: int | None) -> list[Die]:
        """The dice in ``zone`` belonging to ``owner`` (shared: do not change it)."""
        return self.lists.get((zone, owner), _EMPTY)

    def everyone_in(self, zone: Zone) -> list[Die]:
        """Every die in ``zone``, whoever owns it, in die order (shared: do not change it)."""
        return self.zones.get(zone, _EMPTY)


_EMPTY: list[Die] = []
_die_id = attrgetter("id")


@dataclass
class Die:
    id: int
    spec: DieSpec
    slot: int | None            # None for Sidekicks
    owner: int | None           # None while a basic action die sits on its card
    zone: Zone
    face: int = 0
    damage: int = 0
    attacking: bool = False
    blocked: bool = False       # stays True when every blocker has left (rulebook)
    blocking: int | None = None  # the attacker this die blocks
    also_blocking: list[int] = field(default_factory=list)  # more attackers (dice that may block several)
    partially_spent: bool = False
    modifiers: list[StatModifier] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)  # marks until end of turn: must_attack, kw:fast...
    home: int | None = None     # the real owner while another player controls this die
    copy_of: int | None = None  # the slot whose card this die copies, until end of turn
    stats_of: int | None = None  # the slot whose printed A/D this die uses, while in the field
    token: bool = False         # a token exists only in the field
    hurt_events: int = 0        # damage events this die took this turn (Iron Will)
    under: int | None = None    # the die this one is captured by / controls it


    @property
    def is_sidekick(self) -> bool:
        return self.slot is None and not self.token

    def leave_combat(self) -> None:
        if not (self.attacking or self.blocked or self.blocking is not None or self.also_blocking):
            return      # nothing to forget (the common case: every die at every cleanup)
        self.attacking = False
        self.blocked = False
        self.blocking = None
        self.also_blocking = []

    def blocks(self, attacker: int) -> bool:
        return self.blocking == attacker or attacker in self.also_blocking

    def reset(self) -> None:
        """Forget everything that belongs to a rolled die (KO, to the bag, cleared)."""
        # (Written only where there is something to forget: most dice have nothing.)
        if self.damage or self.hurt_events:
            self.damage = 0
            self.hurt_events = 0
        self.leave_combat()
        if self.partially_spent:
            self.partially_spent = False
        self.modifiers.clear()
        self.flags.clear()
        if self.copy_of is not None or self.stats_of is not None:
            self.copy_of = None
            self.stats_of = None


# The game's index, once the die is on the table (None: a die no game lists, such as a
# buyer's copy made to ask a rule about it).
Die._index = None  # type: ignore[attr-defined]


def _set_zone(die: Die, zone: Zone) -> None:
    index = die._index  # type: ignore[attr-defined]
    if index is None or zone is die._zone:  # type: ignore[attr-defined]
        die._zone = zone  # type: ignore[attr-defined]
        return
    index.remove(die, die._zone, die._owner)  # type: ignore[attr-defined]
    die._zone = zone  # type: ignore[attr-defined]
    index.add(die)


def _set_owner(die: Die, owner: int | None) -> None:
    index = die._index  # type: ignore[attr-defined]
    if index is None or owner == die._owner:  # type: ignore[attr-defined]
        die._owner = owner  # type: ignore[attr-defined]
        return
    index.remove(die, die._zone, die._owner)  # type: ignore[attr-defined]
    die._owner = owner  # type: ignore[attr-defined]
    index.add(die)


# Reads stay cheap (a C getter); writes keep the index in step.
Die.zone = property(attrgetter("_zone"), _set_zone)  # type: ignore[assignment]
Die.owner = property(attrgetter("_owner"), _set_owner)  # type: ignore[assignment]


def index_dice(dice: list[Die]) -> ZoneIndex:
    """A new index of ``dice``, which from now on keep it up to date."""
    index = ZoneIndex()
    for die in dice:
        die._index = index  # type: ignore[attr-defined]
        index.add(die)
    return index


def put_on_table(index: ZoneIndex, die: Die) -> None:
    """A die made during the game (a token) joins the index."""
    die._index = index  # type: ignore[attr-defined]
    index.add(die)


@dataclass
class Player:
    index: int
    name: str
    life: int
    start_life: int
    virtual: int = 0
    global_uses: dict[tuple[int, int], int] = field(default_factory=dict)


@dataclass(frozen=True)
class Task:
    """One step of a turn waiting to run (``kind`` names its runner)."""

    kind: str
    player: int = -1
    data: tuple[int, ...] = ()


@dataclass
class DamageEvent:
    """Damage about to be dealt: to a die (``die``) or to a player (``player``)."""

    amount: int
    source: int | None
    die: int | None = None
    player: int | None = None
    combat: bool = False
    kind: str = "ability"       # combat | ability | global | action | fielded
    by: int | None = None       # the player whose die or ability deals it
    asked: bool = False         # reactions were offered and declined
    offered: set[tuple[int, int]] = field(default_factory=set)

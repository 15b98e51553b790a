"""Game state values: zones, dice, card slots, players (and the read-only pass over them).

Invariant: every die has exactly one ``zone`` (the attack zone is the ``attacking`` / ``blocking`` marks on
a die in the field), so a die cannot be in two places or none. A die's ``zone`` and ``owner`` are written
only through properties that keep the game's ``ZoneIndex`` in step: derived from them at every write.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from teambuilder.catalogue.model import Card
from teambuilder.engine.abilities import Ability
from teambuilder.engine.actions import Action, Decision
from teambuilder.engine.dice import DieSpec

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


class Zone(StrEnum):
    CARD = "card"            # not yet purchased, on its card
    BAG = "bag"
    PREP = "prep"
    RESERVE = "reserve"
    FIELD = "field"
    OUT_OF_PLAY = "out of play"
    HELD = "held"            # kept on a character's card (Doctor Fate: Tower of Fate), brought back later
    USED = "used"
    GONE = "gone"            # a token that left the field: it no longer exists


@dataclass(frozen=True)
class EngineCard:
    """A card as the engine plays it: the catalogue facts plus executable abilities."""

    card: Card
    abilities: tuple[Ability, ...] = ()

    def __reduce__(self) -> tuple[object, ...]:
        # (pickled for sim workers: see PlayerSetup.__reduce__)
        return (EngineCard, (self.card, self.abilities))

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

    def __init__(self, index: int, card: EngineCard, spec: DieSpec, owner: int | None, brought_by: int) -> None:
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "spec", spec)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "brought_by", brought_by)


@dataclass(frozen=True)
class StatModifier:
    """An applied stat change on one die until end of turn (or until it leaves the field or is rerolled to energy)."""

    attack: int
    defense: int
    source: str
    kind: str = "add"            # add | while_attacking | set (overrides) | set_attack (A only) | swap | printed
    slot: int = -1               # printed_of: the card whose printed A (at this die's level) is its printed A


class ZoneIndex:
    """The dice of a game by (zone, owner) and by zone, each list in die order: what a
    scan over every die would find, kept up to date by ``Die.zone`` and ``Die.owner``."""

    __slots__ = ("lists", "zones")

    def __init__(self) -> None:
        self.lists: dict[tuple[Zone, int | None], list[Die]] = {}
        self.zones: dict[Zone, list[Die]] = {}

    def add(self, die: Die) -> None:
        _insert(self.lists.setdefault((die.zone, die.owner), []), die)
        _insert(self.zones.setdefault(die.zone, []), die)

    def remove(self, die: Die, zone: Zone, owner: int | None) -> None:
        # By position, not by ==: comparing dice compares every field.
        dice = self.lists[(zone, owner)]
        del dice[_position(dice, die.id)]
        dice = self.zones[zone]
        del dice[_position(dice, die.id)]

    def of(self, zone: Zone, owner: int | None) -> list[Die]:
        """The dice in ``zone`` belonging to ``owner`` (shared: do not change it)."""
        return self.lists.get((zone, owner), _EMPTY)

    def everyone_in(self, zone: Zone) -> list[Die]:
        """Every die in ``zone``, whoever owns it, in die order (shared: do not change it)."""
        return self.zones.get(zone, _EMPTY)


_EMPTY: list[Die] = []


# Written out rather than ``bisect`` with ``key=attrgetter("id")``: compiled, reading
# ``die.id`` is a field load, while a key function is a generic attribute lookup per
# comparison (moving dice between zones was a sixth of a greedy game's work).
def _position(dice: list[Die], die_id: int) -> int:
    """Where a die with ``die_id`` is, or would go, in ``dice`` (sorted by die id)."""
    low, high = 0, len(dice)
    while low < high:
        middle = (low + high) // 2
        if dice[middle].id < die_id:
            low = middle + 1
        else:
            high = middle
    return low


def _insert(dice: list[Die], die: Die) -> None:
    dice.insert(_position(dice, die.id), die)


class Die:
    """One die on the table. ``zone`` and ``owner`` are properties: writing either keeps
    the game's ``ZoneIndex`` in step (a plain class, not a dataclass, so that the engine
    compiles: see docs/native.md)."""

    def __init__(self, id: int, spec: DieSpec, slot: int | None, owner: int | None, zone: Zone,
                 face: int = 0, token: bool = False) -> None:
        self.id = id
        self.spec = spec
        self.slot = slot                 # None for Sidekicks
        self._owner = owner              # None while a basic action die sits on its card
        self._zone = zone
        # The game's index, once the die is on the table (None: a die no game lists, such
        # as a buyer's copy made to ask a rule about it).
        self._index: ZoneIndex | None = None
        self.face = face
        self.damage = 0
        self.attacking = False
        self.blocked = False             # stays True when every blocker has left (rulebook)
        self.blocking: int | None = None  # the attacker this die blocks
        self.also_blocking: list[int] = []  # more attackers (dice that may block several)
        self.partially_spent = False
        self.modifiers: list[StatModifier] = []
        # Marks until end of turn (or until released): a Mark, a rule the die is under this
        # turn (a RuleName: must_attack, cant_block...), keyword_mark(k) / affiliation_mark(a)
        # for what an effect gave it, or a card script's own mark (its card code).
        self.flags: set[str] = set()
        self.home: int | None = None     # the real owner while another player controls this die
        self.copy_of: int | None = None  # the slot whose card this die copies, until end of turn
        self.stats_of: int | None = None  # the slot whose printed A/D this die uses, while in the field
        self.token = token               # a token exists only in the field
        self.hurt_events = 0             # damage events this die took this turn (Iron Will)
        self.under: int | None = None    # the die this one is captured by / controls it

    def __repr__(self) -> str:
        return f"Die(id={self.id}, {self.spec.name}, zone={self._zone.value}, owner={self._owner}, face={self.face})"

    @property
    def zone(self) -> Zone:
        return self._zone

    @zone.setter
    def zone(self, zone: Zone) -> None:
        self._place(zone, self._owner)

    @property
    def owner(self) -> int | None:
        return self._owner

    @owner.setter
    def owner(self, owner: int | None) -> None:
        self._place(self._zone, owner)

    def _place(self, zone: Zone, owner: int | None) -> None:
        """Where the die is and whose it is; the index moves it only when either changes."""
        index = self._index
        if index is not None and (zone is not self._zone or owner != self._owner):
            index.remove(self, self._zone, self._owner)
            self._zone, self._owner = zone, owner
            index.add(self)
        else:
            self._zone, self._owner = zone, owner

    @property
    def is_sidekick(self) -> bool:
        return self.slot is None and not self.token

    def copy(self, index: ZoneIndex | None = None) -> Die:
        """An unindexed copy (or one in ``index``) with its own lists and marks."""
        die = Die(self.id, self.spec, self.slot, self._owner, self._zone, self.face, self.token)
        die.damage = self.damage
        die.attacking = self.attacking
        die.blocked = self.blocked
        die.blocking = self.blocking
        die.also_blocking = list(self.also_blocking)
        die.partially_spent = self.partially_spent
        die.modifiers = list(self.modifiers)
        die.flags = set(self.flags)
        die.home = self.home
        die.copy_of = self.copy_of
        die.stats_of = self.stats_of
        die.hurt_events = self.hurt_events
        die.under = self.under
        if index is not None:
            die._index = index
            index.add(die)
        return die

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


def index_dice(dice: list[Die]) -> ZoneIndex:
    """A new index of ``dice``, which from now on keep it up to date."""
    index = ZoneIndex()
    for die in dice:
        die._index = index
        index.add(die)
    return index


def put_on_table(index: ZoneIndex, die: Die) -> None:
    """A die made during the game (a token) joins the index."""
    die._index = index
    index.add(die)


@dataclass
class Player:
    index: int
    name: str
    life: int
    start_life: int
    virtual: int = 0
    global_uses: dict[tuple[int, int], int] = field(default_factory=dict)


class TaskKind(StrEnum):
    """The steps of a turn the engine runs as tasks, each with its runner (``Game.RUNNERS``)."""

    START_OF_TURN = "start_of_turn"
    CLEAR_DRAW = "clear_draw"
    ROLL = "roll"
    REROLL = "reroll"
    MAIN_WINDOW = "main_window"
    END_MAIN = "end_main"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    BLOCK_PRICES = "block_prices"      # blockers declared, their prices being paid (``block_prices``)
    ATTACK_WINDOW = "attack_window"
    SPLIT_DAMAGE = "split_damage"
    FAST_DAMAGE = "fast_damage"
    FAST_KO = "fast_ko"
    COMBAT_DAMAGE = "combat_damage"
    COMBAT_KO = "combat_ko"
    COMBAT_END = "combat_end"
    END_OF_TURN = "end_of_turn"
    CLEANUP = "cleanup"
    END_TURN = "end_turn"
    NEXT_TURN = "next_turn"     # never a task: where a scenario may stop, at the next turn's start


class Mark(StrEnum):
    """The engine's own marks on a die (``Die.flags``)."""

    CAPTURED = "captured"        # out of play, captured, until the capture ends
    SET_ASIDE = "set_aside"      # out of play until the end of a turn, then back on its level
    CORRUPT = "corrupt"          # put in the Used Pile by Corrupt (remembered for the turn)


KEYWORD_MARK = "kw:"         # keyword_mark: an effect gave the die this keyword
AFFILIATION_MARK = "aff:"    # affiliation_mark: an effect gave the die this affiliation


def keyword_mark(keyword: str) -> str:
    return KEYWORD_MARK + keyword


def affiliation_mark(affiliation: str) -> str:
    return AFFILIATION_MARK + affiliation


class Step(StrEnum):
    """The step of the turn the game is in (what "during the attack step" asks)."""

    SETUP = "setup"
    START = "start"
    CLEAR_AND_DRAW = "clear and draw"
    ROLL_AND_REROLL = "roll and reroll"
    MAIN = "main"
    ATTACK = "attack"
    CLEANUP = "cleanup"


class Window(StrEnum):
    """The priority window open now, if any."""

    NONE = ""
    MAIN = "main"
    ATTACK = "attack"


@dataclass(frozen=True)
class Task:
    """One step of a turn waiting to run (``kind`` names its runner)."""

    kind: TaskKind
    player: int = -1
    data: tuple[int, ...] = ()

    # Written out (as for every value the engine makes thousands of): see EnergySource.
    def __init__(self, kind: TaskKind, player: int = -1, data: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "data", data)


# The dispatch tables (``Game.RUNNERS``, ``Game.RESOLVERS``): a task's runner, a decision's resolver.
Runner = Callable[["Game", Task], None]
Resolver = Callable[["Game", Decision, Action], None]


@dataclass
class DamageEvent:
    """Damage about to be dealt: to a die (``die``) or to a player (``player``)."""

    amount: int
    source: int | None
    die: int | None = None
    player: int | None = None
    combat: bool = False
    kind: str = "ability"       # combat | ability | global | action | fielded | range
    by: int | None = None       # the player whose die or ability deals it
    slot: int | None = None     # the card whose ability deals it (None: combat damage)
    asked: bool = False         # reactions were offered and declined
    offered: set[tuple[int, int]] = field(default_factory=set)


class _QueryCacheOwner(Protocol):
    query_cache: dict[Hashable, object] | None


class ReadingPass:
    """The context of ``Game.reading`` (a plain class: it is entered at every decision,
    and a generator-based context manager costs several times as much)."""

    __slots__ = ("game", "outer")

    def __init__(self, game: _QueryCacheOwner) -> None:
        self.game = game
        self.outer = False

    def __enter__(self) -> None:
        self.outer = self.game.query_cache is not None
        if not self.outer:
            self.game.query_cache = {}

    def __exit__(self, *exc: object) -> None:
        if not self.outer:
            self.game.query_cache = None

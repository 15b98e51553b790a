"""The ability language's values: the frozen dataclasses a parsed ability is made of.

``Cost`` (energy), ``DieFilter`` (which dice), ``Selector`` (who an effect reaches),
``Amount`` (a number, fixed or counted), ``Condition``, ``Effect`` (one primitive) and
``Ability``. They are plain immutable values with no parsing in them, so the engine can
build and compare them directly; ``ability_parser`` makes them from a card's YAML.
``abilities`` re-exports them: import them from there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from teambuilder.catalogue.ability_vocabulary import STATIC_TRIGGERS
from teambuilder.catalogue.model import ENERGY_TYPES


@dataclass(frozen=True)
class Cost:
    """An amount of energy, at least one unit of each of ``types`` among it (a type may
    repeat: ``bolt+bolt`` needs two bolts)."""

    amount: int
    types: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # (A cost may name more types than its amount: such a cost cannot be paid.)
        if self.amount < 0:
            raise ValueError(f"bad cost: {self.amount} {self.types}")
        if not set(self.types) <= set(ENERGY_TYPES):
            raise ValueError(f"bad cost types: {self.types}")

    def notation(self) -> str:
        generic = self.amount - len(self.types)
        parts = list(self.types) + ([str(generic)] if generic or not self.types else [])
        return "+".join(parts)


@dataclass(frozen=True)
class DieFilter:
    """Which dice: every field narrows the match; the defaults mean "character dice in
    the field"."""

    owner: str | None = None
    kind: str = "character"
    sidekick: bool | None = None
    names: tuple[str, ...] = ()
    not_names: tuple[str, ...] = ()
    affiliations: tuple[str, ...] = ()
    not_affiliations: tuple[str, ...] = ()
    energy: tuple[str, ...] = ()
    level: int | None = None
    min_level: int | None = None
    max_level: int | None = None
    max_cost: int | None = None
    min_attack: int | None = None
    zone: str = "field"
    this: bool = False          # the ability's own die (or its card's dice, for statics)
    other: bool = False         # not a die of the ability's own card
    event: bool = False         # the die the triggering event is about
    engaged: bool = False       # a die in combat with the ability's own die
    attacking: bool | None = None
    blocking: bool | None = None
    blocked: bool | None = None
    has_global: bool | None = None
    basic: bool | None = None   # action dice: a basic action (True) or not (False)
    named: bool = False         # the die named by the card's "name a die" choice
    attacked: bool | None = None  # attacked at some point this turn
    fought: bool | None = None    # attacked or blocked at some point this turn
    bound: bool = False           # a die the scheduling ability chose (its targets)
    instigator: bool = False      # the die that caused the event (the targeting die, the damage source)
    zones: tuple[str, ...] = ()   # any of these zones (``zone: [used, prep]``; ``zone`` is then "any")
    it: bool = False              # "it"/"those": the dice an earlier effect of the ability chose or moved
    face: str = ""                # showing a face of this kind: character, energy, action, burst
    partly_spent: bool | None = None  # an energy die spun down to pay part of a cost
    energy_of_it: bool = False    # its card's energy type is one "it" shows (``energy_of: it``)
    fielded: bool | None = None   # fielded at some point this turn


@dataclass(frozen=True)
class Selector:
    """Who an effect reaches: players, or dice (all matching, or ``target`` chosen)."""

    player: str | None = None
    target: int = 0             # how many dice are targeted; 0 means every matching die
    up_to: bool = False         # fewer targets (even none) may be chosen
    or_player: bool = False     # a target player may be chosen instead of a die
    chosen: bool = False        # the dice are chosen, not targeted ("1 of your Batman dice")
    die: DieFilter = field(default_factory=DieFilter)

    @property
    def targets(self) -> bool:
        return self.target > 0 or self.player == "target"


@dataclass(frozen=True)
class Amount:
    """A number: fixed, or counted when the ability resolves."""

    fixed: int = 0
    count: DieFilter | None = None
    distinct: str = "dice"
    stat: str | None = None         # attack/defense/level/cost of ``of``
    of: str = "this"                # this | event | target | it (the total over "those" dice)
    energy: str | None = None       # symbols of this type in your reserve pool
    reserve_types: bool = False     # different energy types in your reserve pool
    event_amount: bool = False      # the amount of the triggering damage
    times: int = 1
    plus: int = 0
    half: str = ""                  # halved, rounded "down" or "up"
    at_least: int | None = None     # the result is at least this ("minimum 1")
    at_most: int | None = None      # and at most this

    @property
    def is_fixed(self) -> bool:
        return (self.count is None and self.stat is None and self.energy is None
                and not self.reserve_types and not self.event_amount)


@dataclass(frozen=True)
class Condition:
    """A check made when the ability would trigger and again as it resolves."""

    kind: str                       # count | life | underdog | turn | step | combat | event | named
    die: DieFilter | None = None
    at_least: int | None = None
    at_most: int | None = None
    distinct: str = "dice"
    value: str = ""


@dataclass(frozen=True)
class Effect:
    """One primitive ``op`` applied to the dice or players ``to`` selects."""

    op: str
    to: Selector = field(default_factory=Selector)
    amount: Amount = field(default_factory=Amount)
    attack: int = 0
    defense: int = 0
    duration: str = "turn"
    level: int = 0
    into: str = ""
    match: DieFilter | None = None
    otherwise: str = ""
    roll: bool = False
    keyword: str = ""
    affiliation: str = ""
    rule: str = ""
    by: str = ""
    applies_to: DieFilter | None = None
    split: bool = False
    all: bool = False
    types: tuple[str, ...] = ()
    name: str = ""
    ability: int = 0                # schedule: which of the card's abilities (1-based) to switch on
    if_done: bool = False
    conditions: tuple[Condition, ...] = ()   # the effect happens only if these hold as it resolves
    cost: Cost | None = None        # buy: the price asked (else the purchase cost ``less`` some)
    less: int = 0
    optional: bool = False          # "you may" for this effect alone (buy: the player may decline)

    @property
    def targets(self) -> bool:
        return self.to.targets


@dataclass(frozen=True)
class Ability:
    trigger: str
    effects: tuple[Effect, ...]
    cost: Cost | None = None
    limit: str | None = None
    reactive: str | None = None
    when: DieFilter | None = None
    conditions: tuple[Condition, ...] = ()
    optional: bool = False
    modes: tuple[tuple[Effect, ...], ...] = ()   # "choose one": each mode is a list of effects
    keyword: str = ""               # the keyword this ability belongs to (Vengeance...)
    script: str = ""
    anywhere: bool = False          # a watch trigger that works while the card is not active
    unsupported: str = ""           # what the engine cannot do yet: the card is "partial"
    scheduled: bool = False         # fires only while another ability switched it on (``schedule``)
    text: str = ""

    @property
    def is_global(self) -> bool:
        return self.trigger == "global"

    @property
    def is_static(self) -> bool:
        return self.trigger in STATIC_TRIGGERS


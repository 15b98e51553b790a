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
from teambuilder.catalogue.model import ENERGY_TYPES, constructor_arguments

KEEP = -1      # set_stats without ``d``: the defense is kept ("Superman dice have 0A")


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

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


@dataclass(frozen=True)
class Price:
    """What a player may pay for an effect: energy, life, or both. ``payer`` is relative to
    the ability's controller. On an effect's ``unless`` the payer stops the effect by
    paying; on its ``pay`` the payer makes it happen by paying ("you may pay ... if you do")."""

    energy: Cost | None = None
    life: int = 0
    payer: str = "opponent"
    times: str = ""          # "chosen": the energy once per the number the card chose (Explosion)

    @property
    def free(self) -> bool:
        """A price of nothing: the effect's ``optional: true`` ("you may ...")."""
        return self.energy is None and not self.life

    def notation(self) -> str:
        parts = ([f"[{self.energy.notation()}]"] if self.energy is not None else []) + (
            [f"{self.life} life"] if self.life else [])
        return " and ".join(parts)

    def times_number(self, number: int) -> Price:
        """The price once per ``number`` (``times: chosen``); nothing at all for 0."""
        energy = None if self.energy is None or number <= 0 else \
            Cost(self.energy.amount * number, self.energy.types * number)
        return Price(energy, self.life, self.payer, self.times)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


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
    keywords: tuple[str, ...] = ()   # dice that have one of these keywords (Founder)
    not_keywords: tuple[str, ...] = ()   # dice that have none of these keywords ("non-Continuous")
    energy: tuple[str, ...] = ()
    not_energy: tuple[str, ...] = ()   # none of its card's types is one of these ("non-[fist]")
    level: int | None = None
    min_level: int | None = None
    max_level: int | None = None
    max_cost: int | None = None
    fielding: int | None = None     # the fielding cost its face shows is this (108dps)
    min_attack: int | None = None
    max_attack: int | None = None   # A now is this or less
    min_defense: int | None = None  # D now is this or more
    max_defense: int | None = None  # D now is this or less
    zone: str = "field"
    this: bool = False          # the ability's own die (or its card's dice, for statics)
    other: bool = False         # not a die of the ability's own card
    event: bool | None = None   # the die the triggering event is about (False: any die but that one)
    engaged: bool = False       # a die in combat with the ability's own die
    attacking: bool | None = None
    blocking: bool | None = None
    blocked: bool | None = None
    has_global: bool | None = None
    basic: bool | None = None   # action dice: a basic action (True) or not (False)
    named: bool | None = None   # the die named by the card's "name a die" choice (False: any other die)
    attacked: bool | None = None  # attacked at some point this turn
    fought: bool | None = None    # attacked or blocked at some point this turn
    bound: bool = False           # a die the scheduling ability chose (its targets)
    instigator: bool = False      # the die that caused the event (the targeting die, the damage source)
    partner: bool = False         # Heroic: the die paired with this die (with this card's dice, for statics)
    paired: bool | None = None    # Heroic: a die that has a partner (True) or none (False)
    equipped: bool = False        # Equip: the character die this Gear die (this card's Gear dice) is attached to
    held: str = ""                # "any": kept on this card (``into: held``); "earlier": put there on an earlier turn
    this_card: bool = False       # any die of the ability's own card (every Zod die, not just the one)
    other_die: bool = False       # not the ability's own die (other dice of its card still match)
    doomed: bool | None = None    # has damage enough to be KO'd at the next check (Iron Will, Regenerate aside)
    hit: str = ""                 # you | opponent: it damaged that player this turn
    name_contains: str = ""       # its card's name contains this text ("Kryptonite")
    title_contains: str = ""      # its card's name or subtitle contains this text ("Thor")
    not_title_contains: str = ""  # neither its card's name nor its subtitle contains this text
    has_affiliation: bool | None = None   # has some affiliation (False: none at all)
    min_cost: int | None = None
    zones: tuple[str, ...] = ()   # any of these zones (``zone: [used, prep]``; ``zone`` is then "any")
    it: bool = False              # "it"/"those": the dice an earlier effect of the ability chose or moved
    not_it: bool = False          # ``it: false``: every die but those ("all other ... dice")
    face: str = ""                # showing a face of this kind: character, energy, action, burst
    partly_spent: bool | None = None  # an energy die spun down to pay part of a cost
    energy_of_it: bool = False    # its card's energy type is one "it" shows (``energy_of: it``)
    fielded: bool | None = None   # fielded at some point this turn
    drawn: bool | None = None     # drawn in this turn's Clear and Draw Step (Swarm and Rush extras too)
    stunned: bool | None = None   # its card carries a Stun token (False: none)
    card_token: bool | None = None  # its card carries a +1A/+1D token (``do: card_token``; dps Loyalty Counters)
    paid_for: bool = False        # spent as energy to field the ability's own die this turn
    below_own_level: bool = False  # its level is lower than that of one of the controller's character dice
    token: bool | None = None     # a token die (``do: token``); False: a real die
    paid_for_event: bool = False  # spent as energy to field the event's die this turn
    below_this_level: bool = False  # its level is lower than this die's (a static counts it for each die it changes)
    fewest_card_tokens: bool = False   # its card has the fewest +1A/+1D tokens of its owner's team
    shares_team_affiliation: bool = False   # shares an affiliation with a character card on the controller's team
    name_or_depends: str = ""     # named this, or its card has a while-active ability needing this name active
    lowest: str = ""              # a stat: only the dice (of those the rest matches) on which it is lowest
    highest: str = ""             # a stat: only those on which it is highest

    @property
    def stat_limits(self) -> bool:
        """Whether the filter limits the die's A or D (``min_attack``, ``max_defense``...)."""
        return (self.min_attack, self.max_attack, self.min_defense, self.max_defense) != (None,) * 4

    def stats_fit(self, attack: int, defense: int) -> bool:
        """Whether a die with this A and D is within the filter's A and D limits."""
        return (self.min_attack is None or attack >= self.min_attack) \
            and (self.max_attack is None or attack <= self.max_attack) \
            and (self.min_defense is None or defense >= self.min_defense) \
            and (self.max_defense is None or defense <= self.max_defense)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


@dataclass(frozen=True)
class Selector:
    """Who an effect reaches: players, or dice (all matching, or ``target`` chosen)."""

    player: str | None = None
    target: int = 0             # how many dice are targeted; 0 means every matching die
    up_to: bool = False         # fewer targets (even none) may be chosen
    or_player: bool = False     # a target player may be chosen instead of a die
    keep: int = 0               # every matching die but ``keep`` of each player's, kept by their owner's choice
    chosen: bool = False        # the dice are chosen, not targeted ("1 of your Batman dice")
    different: bool = False     # "a different target": not a die an earlier effect of the ability targeted
    die: DieFilter = field(default_factory=DieFilter)
    target_count: Amount | None = None  # ``target: {count: ...}``: how many targets, counted as it resolves

    @property
    def targets(self) -> bool:
        return self.target > 0 or self.player == "target"

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


@dataclass(frozen=True)
class Amount:
    """A number: fixed, or counted when the ability resolves."""

    fixed: int = 0
    count: DieFilter | None = None
    distinct: str = "dice"
    stat: str | None = None         # attack/defense/level/cost of ``of``
    of: str = "this"                # this | event | target | it (the total over "those" dice); energy: opponent
    highest: DieFilter | None = None   # with ``stat``: the highest value among the dice this filter reaches
    energy: str | None = None       # symbols of this type in your reserve pool
    reserve_types: bool = False     # different energy types in your reserve pool
    event_amount: bool = False      # the amount of the triggering damage
    chosen: bool = False            # the number this card's ``choose`` remembers
    prep_energy: bool = False       # energy units your prep area's dice show (your first roll)
    kos: str = ""                   # that player's ("you" | "opponent") character dice KO'd this turn
    life: str | None = None         # that player's life total: you | opponent
    card_tokens: str = ""            # +1A/+1D tokens on the cards of: you | opponent (their teams), this (this card)
    purchases: str = ""             # dice that player ("you" | "opponent") bought this turn
    this_game: bool = False         # purchases: this game, not this turn
    globals_used: str = ""          # global abilities that player ("you" | "opponent") used this turn
    times: int = 1
    plus: int = 0
    half: str = ""                  # halved, rounded "down" or "up"
    at_least: int | None = None     # the result is at least this ("minimum 1")
    at_most: int | None = None      # and at most this

    @property
    def is_fixed(self) -> bool:
        return (self.count is None and self.stat is None and self.energy is None
                and not self.reserve_types and not self.event_amount and not self.chosen and not self.prep_energy
                and not self.kos and self.life is None and not self.card_tokens and not self.purchases
                and not self.globals_used)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


@dataclass(frozen=True)
class Condition:
    """A check made when the ability would trigger and again as it resolves."""

    kind: str                       # count | life | underdog | turn | step | combat | event | named
    die: DieFilter | None = None
    at_least: int | None = None
    at_most: int | None = None
    distinct: str = "dice"
    value: str = ""
    amount: Amount | None = None    # kind "amount": this number, compared with ``equals``/at_least/at_most
    equals: Amount | None = None
    below: Amount | None = None
    above: Amount | None = None

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


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
    face: str = ""                  # turn_to_face: the energy type of the face it turns to
    if_not_done: bool = False       # happens only if the effect before it did nothing ("if it could not")
    conditions: tuple[Condition, ...] = ()   # ``if:`` on one effect: it happens only if they hold as it resolves
    cards: str = ""                 # use_effect: whose action effect (event | basic_actions)
    bursts: bool = False            # use_effect: with the bursts the used die shows
    next_die: bool = False          # prevent: the next damage to one of your character dice this turn
    instead_of: str = ""            # rule goes_instead: the zone a die would go to (``into``: where instead)
    instead: Effect | None = None   # "if ..., Y instead": this effect when its ``conditions`` hold
    choice: str = ""                # choose: what is chosen (number, name, energy, affiliation)
    unless: Price | None = None     # the effect does not happen if the payer pays this
    pay: Price | None = None        # the effect happens only if the payer pays this
    cost: Cost | None = None        # buy: the price asked (else the purchase cost ``less`` some)
    less: int = 0
    optional: bool = False          # "you may" for this effect alone (buy: the player may decline)
    lowest: int = 0                 # choose number: the lowest number offered (``from:``)
    chooser: str = ""               # "opponent": the opponent picks this effect's targets (and its "may")
    keep: int = 0                   # draw: the player keeps this many drawn dice (``into``); the rest go ``otherwise``
    keep_up_to: bool = False        # draw: ``keep`` is at most that many (``keep_up_to: N``: the player may stop)

    @property
    def targets(self) -> bool:
        return self.to.targets

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


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
    chooser: str = ""               # "opponent": the opponent chooses the mode and the targets
    script: str = ""
    anywhere: bool = False          # a watch trigger that works while the card is not active
    unsupported: str = ""           # what the engine cannot do yet: the card is "partial"
    scheduled: bool = False         # fires only while another ability switched it on (``schedule``)
    usable: tuple[Condition, ...] = ()   # an action die is offered for use only while these hold
    text: str = ""
    life_cost: int = 0              # a global's cost in life, paid with its energy (``cost: {energy, life}``)
    owner_only: bool = False        # a global-like card ability only its owner may use (not a Global Ability)

    @property
    def is_global(self) -> bool:
        return self.trigger == "global"

    @property
    def is_global_ability(self) -> bool:
        """A Global Ability as the rules mean it: Synergy and an owner's own card ability are not."""
        return self.trigger == "global" and self.keyword != "synergy" and not self.owner_only

    @property
    def is_static(self) -> bool:
        return self.trigger in STATIC_TRIGGERS

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), constructor_arguments(self))    # (see ``constructor_arguments``)


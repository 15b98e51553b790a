"""The ability language: a card's text as executable data.

A card lists ``abilities:``; each names *when* it happens (``trigger``), optional
conditions (``if``), and *what* happens (``effects``, each one primitive applied to a
selector). What data cannot say names a per-card ``script`` that the engine registers by
card code. Everything here is plain frozen values, parsed and checked at load time, so a
typo is a ``file:line`` error rather than an ability that silently does nothing. The
language is documented for card authors in docs/abilities.md; ``ability_text`` renders it
back into the words the app shows.

    abilities:
      - trigger: fielded
        effects:
          - {do: ko, to: {target: 1, owner: opponent, sidekick: true}}
          - {do: draw, amount: 1, into: prep, if_done: true}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from teambuilder.catalogue.model import ENERGY_TYPES

# -- vocabulary ------------------------------------------------------------------------

# When an ability happens. "self" triggers concern the card's own die; "watch" triggers
# fire while the card is active and something matching ``when`` happens anywhere.
SELF_TRIGGERS: tuple[str, ...] = (
    "fielded", "attacks", "blocks", "blocked", "engaged", "damaged", "ko", "purchased",
    "deals_damage", "kos", "energized",
)
WATCH_TRIGGERS: tuple[str, ...] = (
    "any_fielded", "any_ko", "any_damaged", "you_damaged", "player_damaged", "any_purchased",
    "action_used", "global_used", "spun_up", "attackers_declared", "blockers_declared",
    "clear_and_draw", "rolled", "start_of_turn", "end_of_turn", "targeted", "drawn", "prepped",
)
ACTIVATED_TRIGGERS: tuple[str, ...] = ("global", "action", "burst", "double_burst")
STATIC_TRIGGERS: tuple[str, ...] = ("while_active", "always")
TRIGGERS: tuple[str, ...] = SELF_TRIGGERS + WATCH_TRIGGERS + ACTIVATED_TRIGGERS + STATIC_TRIGGERS

LIMITS: tuple[str, ...] = ("once_per_turn", "your_turn", "opponent_turn", "once_on_your_turn")
REACTIONS: tuple[str, ...] = ("damaged",)
ZONES: tuple[str, ...] = ("card", "bag", "prep", "reserve", "field", "out_of_play", "used", "any")
DIE_KINDS: tuple[str, ...] = ("character", "action", "any")
OWNERS: tuple[str, ...] = ("you", "opponent")
PLAYER_CHOICES: tuple[str, ...] = ("you", "opponent", "each", "target", "active", "event")
STAT_NAMES: tuple[str, ...] = ("attack", "defense", "level", "cost", "fielding")
DISTINCT: tuple[str, ...] = ("dice", "cards", "affiliations", "types")
DURATIONS: tuple[str, ...] = ("turn", "static", "until_your_next_turn", "while_attacking", "once")
KEYWORD_NAMES: tuple[str, ...] = (
    "ally", "attune", "call_out", "cleave", "continuous", "corrupt", "crossover", "deadly",
    "energize", "energy_drain", "fast", "immortal", "impulse", "infiltrate", "intimidate",
    "iron_will", "overcrush", "prep", "regenerate", "suit_up", "tag_out", "underdog",
    "vengeance",
)

# Rules that ``do: rule`` adds while its card is active (or for the turn). The engine asks
# for them where the rule matters: costs when paying, targeting when choosing targets...
RULES: tuple[str, ...] = (
    "purchase_cost", "field_cost", "global_cost", "action_cost",
    "cant_purchase", "cant_field", "cant_attack", "cant_block", "must_attack", "must_block",
    "unblockable", "min_blockers", "block_extra", "blockable_only_by",
    "cant_be_targeted", "prevent_damage", "prevent_player_damage", "no_combat_damage", "double_damage",
    "life_floor",
    "keyword", "affiliation", "draw_extra", "no_text", "no_field_triggers",
    "no_globals", "first_purchase_to_prep", "field_free", "max_attackers", "damage_to_player",
    "no_combat_ko", "choose_blocks", "energy_as", "block_together", "no_ko_while_blocking",
    "one_per_card", "reduce_first_to_one", "hits_all_attackers",
)

# Effect primitives and the fields each accepts besides ``do``, ``to`` and ``if_done``.
OPS: dict[str, tuple[str, ...]] = {
    "damage": ("amount", "split"),
    "gain_life": ("amount",),
    "lose_life": ("amount",),
    "modify": ("a", "d", "amount", "duration"),
    "set_stats": ("a", "d", "duration"),
    "swap_stats": ("duration",),
    "prevent": ("amount", "all", "duration"),
    "redirect": (),
    "spin_up": ("amount",),
    "spin_down": ("amount",),
    "set_level": ("level",),
    "ko": ("into",),
    "reroll": ("into",),
    "move": ("into", "level", "amount"),
    "draw": ("amount", "into", "match", "otherwise", "roll"),
    "energy": ("amount", "types"),
    "must_attack": ("duration",),
    "must_block": ("duration",),
    "cant_block": ("duration",),
    "cant_attack": ("duration",),
    "unblockable": ("duration",),
    "gain_keyword": ("keyword", "duration"),
    "gain_affiliation": ("affiliation", "duration"),
    "rule": ("rule", "amount", "by", "keyword", "affiliation", "duration", "for", "match", "types"),
    "capture": (),
    "control": ("duration",),
    "copy": (),
    "swap": (),
    "token": ("amount", "a", "d"),
    "out_of_play": ("duration",),
    "script": ("name", "amount", "level", "into", "a", "d", "keyword", "affiliation", "duration"),
    "schedule": ("ability", "duration"),
}

# The selector names of the first engine version, kept as shorthands.
LEGACY_SELECTORS: dict[str, dict[str, Any]] = {
    "self": {"this": True},
    "target_character": {"target": 1},
    "target_opposing": {"target": 1, "owner": "opponent"},
    "target_own": {"target": 1, "owner": "you"},
    "each_opposing": {"owner": "opponent"},
    "each_own": {"owner": "you"},
    "each_other_own": {"owner": "you", "other": True},
    "each_character": {},
    "damaged_die": {"event": True},
    "event_die": {"event": True},
    "attacker_blocked": {"engaged": True},
    "you": {"player": "you"},
    "opponent": {"player": "opponent"},
    "each_player": {"player": "each"},
    "target_player": {"player": "target"},
}


class AbilityError(ValueError):
    """An ability mapping names an unknown trigger, op, selector or field."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


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


# -- values ----------------------------------------------------------------------------

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


@dataclass(frozen=True)
class Selector:
    """Who an effect reaches: players, or dice (all matching, or ``target`` chosen)."""

    player: str | None = None
    target: int = 0             # how many dice are targeted; 0 means every matching die
    up_to: bool = False         # fewer targets (even none) may be chosen
    or_player: bool = False     # a target player may be chosen instead of a die
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
    of: str = "this"                # this | event | target
    energy: str | None = None       # symbols of this type in your reserve pool
    reserve_types: bool = False     # different energy types in your reserve pool
    event_amount: bool = False      # the amount of the triggering damage
    times: int = 1
    plus: int = 0

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


# -- parsing ---------------------------------------------------------------------------

def _line(raw: Any) -> int | None:
    return getattr(raw, "line", None)


def _fail(raw: Any, message: str) -> AbilityError:
    return AbilityError(message, _line(raw))


def _check_keys(raw: Mapping[str, Any], allowed: tuple[str, ...] | set[str], where: str) -> None:
    unknown = set(raw) - set(allowed)
    if unknown:
        raise _fail(raw, f"{where}: unknown field {min(unknown)!r} (one of {', '.join(sorted(allowed))})")


def _choice(raw: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise _fail(raw, f"{key}: {value!r} is not one of {', '.join(allowed)}")
    return str(value)


def _int(raw: Mapping[str, Any], key: str, default: int = 0) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(raw, f"{key}: expected a whole number, got {value!r}")
    return value


def _opt_int(raw: Mapping[str, Any], key: str) -> int | None:
    return _int(raw, key) if raw.get(key) is not None else None


def _opt_bool(raw: Mapping[str, Any], key: str) -> bool | None:
    value = raw.get(key)
    if value is not None and not isinstance(value, bool):
        raise _fail(raw, f"{key}: expected true or false, got {value!r}")
    return value


def _names(raw: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = raw.get(key, ())
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise _fail(raw, f"{key}: expected a name or a list of names, got {value!r}")
    return tuple(value)


_FILTER_KEYS = ("owner", "kind", "sidekick", "name", "not_name", "affiliation", "not_affiliation",
                "energy", "level", "min_level", "max_level", "max_cost", "min_attack", "zone",
                "this", "other", "event", "engaged", "attacking", "blocking", "blocked",
                "has_global", "basic", "named", "attacked", "fought", "bound", "instigator")


def parse_filter(raw: Any) -> DieFilter:
    if raw is None:
        return DieFilter()
    if not isinstance(raw, Mapping):
        raise _fail(raw, f"die filter: expected a mapping, got {raw!r}")
    _check_keys(raw, _FILTER_KEYS, "die filter")
    energy = _names(raw, "energy")
    if not set(energy) <= set(ENERGY_TYPES):
        raise _fail(raw, f"energy: {energy!r} names something that is not an energy type")
    return DieFilter(
        owner=_choice(raw, "owner", OWNERS) if raw.get("owner") is not None else None,
        kind=_choice(raw, "kind", DIE_KINDS, "character"),
        sidekick=_opt_bool(raw, "sidekick"),
        names=_names(raw, "name"), not_names=_names(raw, "not_name"),
        affiliations=_names(raw, "affiliation"), not_affiliations=_names(raw, "not_affiliation"),
        energy=energy, level=_opt_int(raw, "level"), min_level=_opt_int(raw, "min_level"),
        max_level=_opt_int(raw, "max_level"), max_cost=_opt_int(raw, "max_cost"),
        min_attack=_opt_int(raw, "min_attack"), zone=_choice(raw, "zone", ZONES, "field"),
        this=bool(_opt_bool(raw, "this")), other=bool(_opt_bool(raw, "other")),
        event=bool(_opt_bool(raw, "event")), engaged=bool(_opt_bool(raw, "engaged")),
        attacking=_opt_bool(raw, "attacking"), blocking=_opt_bool(raw, "blocking"),
        blocked=_opt_bool(raw, "blocked"), has_global=_opt_bool(raw, "has_global"),
        basic=_opt_bool(raw, "basic"), named=bool(_opt_bool(raw, "named")), attacked=_opt_bool(raw, "attacked"),
        fought=_opt_bool(raw, "fought"), bound=bool(_opt_bool(raw, "bound")),
        instigator=bool(_opt_bool(raw, "instigator")))


def parse_selector(raw: Any) -> Selector:
    if isinstance(raw, str):
        if raw not in LEGACY_SELECTORS:
            raise AbilityError(f"to: {raw!r} is not a selector (one of {', '.join(LEGACY_SELECTORS)}, "
                               "or a mapping)")
        raw = LEGACY_SELECTORS[raw]
    if not isinstance(raw, Mapping):
        raise _fail(raw, f"to: expected a selector name or mapping, got {raw!r}")
    own = ("player", "target", "up_to", "or_player")
    _check_keys(raw, own + _FILTER_KEYS, "to")
    up_to = raw.get("up_to")
    target = _int(raw, "up_to") if up_to is not None else _int(raw, "target")
    return Selector(
        player=_choice(raw, "player", PLAYER_CHOICES) if raw.get("player") is not None else None,
        target=target, up_to=up_to is not None, or_player=bool(_opt_bool(raw, "or_player")),
        die=parse_filter({k: v for k, v in raw.items() if k not in own}))


def parse_amount(raw: Any) -> Amount:
    if raw is None:
        return Amount()
    if isinstance(raw, int) and not isinstance(raw, bool):
        return Amount(fixed=raw)
    if not isinstance(raw, Mapping):
        raise _fail(raw, f"amount: expected a number or a mapping, got {raw!r}")
    _check_keys(raw, ("count", "distinct", "stat", "of", "energy", "reserve_types", "event_amount",
                      "times", "plus"), "amount")
    energy = raw.get("energy")
    if energy is not None and energy not in ENERGY_TYPES:
        raise _fail(raw, f"energy: {energy!r} is not an energy type")
    amount = Amount(
        count=parse_filter(raw["count"]) if "count" in raw else None,
        distinct=_choice(raw, "distinct", DISTINCT, "dice"),
        stat=_choice(raw, "stat", STAT_NAMES) if raw.get("stat") is not None else None,
        of=_choice(raw, "of", ("this", "event", "target"), "this"), energy=energy,
        reserve_types=bool(_opt_bool(raw, "reserve_types")),
        event_amount=bool(_opt_bool(raw, "event_amount")),
        times=_int(raw, "times", 1), plus=_int(raw, "plus"))
    if amount.is_fixed:
        raise _fail(raw, "amount: say what to count (count, stat, energy, reserve_types or event_amount)")
    return amount


CONDITION_KINDS = ("count", "life", "underdog", "turn", "step", "combat", "event", "named",
                   "only_attacker", "source", "by")


def parse_condition(raw: Any) -> Condition:
    if not isinstance(raw, Mapping) or len(set(raw) & set(CONDITION_KINDS)) != 1:
        raise _fail(raw, f"if: each condition names exactly one of {', '.join(CONDITION_KINDS)}")
    kind = next(k for k in CONDITION_KINDS if k in raw)
    _check_keys(raw, (kind, "at_least", "at_most", "distinct"), "if")
    value = raw[kind]
    if kind in ("count", "event"):
        return Condition(kind, die=parse_filter(value), at_least=_opt_int(raw, "at_least"),
                         at_most=_opt_int(raw, "at_most"), distinct=_choice(raw, "distinct", DISTINCT, "dice"))
    allowed = {"life": ("below_opponent", "above_opponent", "not_above_opponent"),
               "turn": ("yours", "opponent"), "step": ("attack", "main"),
               "underdog": (True,), "combat": (True, False), "named": (True,), "only_attacker": (True,),
               "source": ("global", "action", "ability", "combat", "fielded", "clear_and_draw", "effect"),
               "by": ("you", "opponent")}[kind]
    if value not in allowed:
        raise _fail(raw, f"{kind}: {value!r} is not one of {', '.join(map(str, allowed))}")
    return Condition(kind, value=str(value).lower())


def parse_cost(text: Any) -> Cost:
    """``bolt+1``: each named type (repeats allowed) plus generic energy, as one Cost."""
    types: list[str] = []
    generic = 0
    for part in str(text).replace(" ", "").split("+"):
        if part.isdigit():
            generic += int(part)
        elif part in ENERGY_TYPES:
            types.append(part)
        else:
            raise AbilityError(f"cost: {part!r} is not an energy type or a number")
    return Cost(len(types) + generic, tuple(types))


_UNUSED_EFFECT_KEYS = ("do", "to", "if_done", "a", "d", "for", "all", "split", "roll", "level",
                "amount", "duration", "into", "match", "otherwise", "keyword", "affiliation",
                "rule", "by", "types", "name")


def parse_effect(raw: Any) -> Effect:
    try:
        return _parse_effect(raw)
    except AbilityError as error:
        # A mistake in a scalar has no line of its own: report the effect's line.
        if error.line is None:
            error.line = _line(raw)
        raise


def _parse_effect(raw: Any) -> Effect:
    if not isinstance(raw, Mapping):
        raise _fail(raw, f"effect: expected a mapping, got {raw!r}")
    op = _choice(raw, "do", tuple(OPS))
    _check_keys(raw, ("do", "to", "if_done") + OPS[op], f"effect {op}")
    keyword = str(raw.get("keyword", ""))
    if keyword and keyword not in KEYWORD_NAMES:
        raise _fail(raw, f"keyword: {keyword!r} is not a keyword")
    types = _names(raw, "types")
    if not set(types) <= set(ENERGY_TYPES):
        raise _fail(raw, f"types: {types!r} names something that is not an energy type")
    default_to: Any = "you" if op in ("gain_life", "lose_life", "draw", "energy", "rule", "token",
                                      "script") else "self"
    effect = Effect(
        op=op, to=parse_selector(raw.get("to", default_to)), amount=parse_amount(raw.get("amount")),
        attack=_int(raw, "a"), defense=_int(raw, "d"),
        duration=_choice(raw, "duration", DURATIONS, "turn"), level=_int(raw, "level"),
        into=_choice(raw, "into", ZONES) if raw.get("into") is not None else "",
        match=parse_filter(raw["match"]) if raw.get("match") is not None else None,
        otherwise=_choice(raw, "otherwise", ZONES) if raw.get("otherwise") is not None else "",
        roll=bool(_opt_bool(raw, "roll")), keyword=keyword,
        affiliation=str(raw.get("affiliation", "")),
        rule=_choice(raw, "rule", RULES) if op == "rule" else "",
        by=str(raw.get("by", "")),
        applies_to=parse_filter(raw["for"]) if raw.get("for") is not None else None,
        split=bool(_opt_bool(raw, "split")), all=bool(_opt_bool(raw, "all")), types=types,
        name=str(raw.get("name", "")), ability=_int(raw, "ability"), if_done=bool(_opt_bool(raw, "if_done")))
    if op == "script" and not effect.name:
        raise _fail(raw, "script: name the registered script")
    if op == "schedule" and effect.ability < 1:
        raise _fail(raw, "schedule: name the ability to switch on (ability: 2 for the card's second)")
    return effect


_ABILITY_KEYS = ("trigger", "cost", "limit", "reactive", "effects", "text", "when", "if",
                 "optional", "modes", "keyword", "script", "anywhere", "unsupported", "scheduled")


def _effects(raw: Mapping[str, Any], key: str) -> tuple[Effect, ...]:
    items = raw.get(key)
    if not isinstance(items, list) or not items:
        raise _fail(raw, f"{key}: expected a non-empty list of effects")
    return tuple(parse_effect(item) for item in items)


def parse_ability(raw: Any) -> Ability:
    try:
        return _parse_ability(raw)
    except AbilityError as error:
        if error.line is None:
            error.line = _line(raw)
        raise


def _parse_ability(raw: Any) -> Ability:
    if not isinstance(raw, Mapping):
        raise _fail(raw, f"ability: expected a mapping, got {raw!r}")
    _check_keys(raw, _ABILITY_KEYS, "ability")
    trigger = _choice(raw, "trigger", TRIGGERS)
    script = str(raw.get("script", ""))
    modes: tuple[tuple[Effect, ...], ...] = ()
    if "modes" in raw:
        if not isinstance(raw["modes"], list) or len(raw["modes"]) < 2:
            raise _fail(raw, "modes: expected a list of at least two effect lists")
        modes = tuple(_effects({"mode": m}, "mode") for m in raw["modes"])
    effects = _effects(raw, "effects") if ("effects" in raw or not (script or modes)) else ()
    if script:
        effects += (Effect("script", to=Selector(player="you"), name=script),)
    cost = parse_cost(raw["cost"]) if "cost" in raw else None
    if trigger == "global" and cost is None:
        raise _fail(raw, "cost: a global needs an energy cost")
    limit = _choice(raw, "limit", LIMITS) if raw.get("limit") is not None else None
    reactive = _choice(raw, "reactive", REACTIONS) if raw.get("reactive") is not None else None
    conditions = raw.get("if", [])
    if isinstance(conditions, Mapping):
        conditions = [conditions]
    keyword = str(raw.get("keyword", ""))
    if keyword and keyword not in KEYWORD_NAMES:
        raise _fail(raw, f"keyword: {keyword!r} is not a keyword")
    if trigger in STATIC_TRIGGERS:
        effects = tuple(e if e.op == "rule" or e.duration != "turn" else replace(e, duration="static")
                        for e in effects)
    return Ability(trigger=trigger, effects=effects, cost=cost, limit=limit, reactive=reactive,
                   when=parse_filter(raw["when"]) if raw.get("when") is not None else None,
                   conditions=tuple(parse_condition(c) for c in conditions),
                   optional=bool(_opt_bool(raw, "optional")), modes=modes, keyword=keyword,
                   script=script, anywhere=bool(_opt_bool(raw, "anywhere")),
                   unsupported=str(raw.get("unsupported", "")), scheduled=bool(_opt_bool(raw, "scheduled")),
                   text=str(raw.get("text", "")))


def parse_abilities(raw: Any) -> tuple[Ability, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _fail(raw, f"abilities: expected a list, got {raw!r}")
    abilities = tuple(parse_ability(item) for item in raw)
    for item, ability in zip(raw, abilities, strict=True):
        for effect in ability.effects:
            if effect.op == "schedule" and (effect.ability > len(abilities)
                                            or not abilities[effect.ability - 1].scheduled):
                raise _fail(item, f"schedule: ability {effect.ability} is not a 'scheduled: true' ability of this card")
    return abilities


def filters_of(abilities: tuple[Ability, ...]) -> list[DieFilter]:
    """Every die filter the abilities use (for vocabulary checks)."""
    found: list[DieFilter] = []
    for ability in abilities:
        if ability.when is not None:
            found.append(ability.when)
        found.extend(c.die for c in ability.conditions if c.die is not None)
        for effect in ability.effects + tuple(e for mode in ability.modes for e in mode):
            found.append(effect.to.die)
            found.extend(f for f in (effect.match, effect.applies_to, effect.amount.count) if f is not None)
    return found


def affiliations_named(abilities: tuple[Ability, ...]) -> set[str]:
    names = {effect.affiliation for ability in abilities for effect in ability.effects if effect.affiliation}
    for die_filter in filters_of(abilities):
        names.update(die_filter.affiliations)
        names.update(die_filter.not_affiliations)
    return names

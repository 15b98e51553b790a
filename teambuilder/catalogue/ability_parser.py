"""The ability language's parser: a card's ``abilities:`` YAML into checked frozen values.

Every mapping is checked against the vocabulary (``ability_vocabulary``) as it is read,
and a mistake raises ``AbilityError`` carrying the YAML line where there is one, so a typo
is a ``file:line`` error at load time rather than an ability that silently does nothing.
``abilities`` re-exports the public names: import them from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from teambuilder.catalogue.ability_values import (
    KEEP,
    Ability,
    Amount,
    Condition,
    Cost,
    DieFilter,
    Effect,
    Price,
    Selector,
)
from teambuilder.catalogue.ability_vocabulary import (
    CHOICES,
    DIE_KINDS,
    DISTINCT,
    DURATIONS,
    EVENTS,
    FACE_KINDS,
    KEYWORD_NAMES,
    LABEL_TRIGGERS,
    LEGACY_SELECTORS,
    LIMITS,
    OPS,
    OPTIONAL_LABELS,
    OWNERS,
    PAYERS,
    PLAYER_CHOICES,
    REACTIONS,
    RULES,
    STAT_NAMES,
    STATIC_TRIGGERS,
    STEP_NAMES,
    TRIGGERS,
    ZONES,
)
from teambuilder.catalogue.model import ENERGY_TYPES


class AbilityError(ValueError):
    """An ability mapping names an unknown trigger, op, selector or field."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def _line(raw: Any) -> int | None:
    return getattr(raw, "line", None)


def _fail(raw: Any, message: str) -> AbilityError:
    return AbilityError(message, _line(raw))


def _check_keys(raw: Mapping[Any, Any], allowed: tuple[str, ...] | set[Any], where: str) -> None:
    unknown = set(raw) - set(allowed)
    if unknown:
        known = sorted(str(k) for k in allowed if isinstance(k, str))
        raise _fail(raw, f"{where}: unknown field {min(map(str, unknown))!r} (one of {', '.join(known)})")


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
                "has_global", "basic", "named", "attacked", "fought", "bound", "instigator",
                "partner", "paired", "equipped", "keyword",
                "this_card", "other_die", "doomed", "hit", "name_contains", "has_affiliation",
                "min_cost", "it", "those", "face", "partly_spent", "energy_of", "fielded")


def parse_filter(raw: Any) -> DieFilter:
    if raw is None:
        return DieFilter()
    if not isinstance(raw, Mapping):
        raise _fail(raw, f"die filter: expected a mapping, got {raw!r}")
    _check_keys(raw, _FILTER_KEYS, "die filter")
    it = bool(_opt_bool(raw, "it") or _opt_bool(raw, "those"))
    if it:
        # "it" may be anywhere, and of any kind (a die just drawn, KO'd or rolled).
        raw = {"zone": "any", "kind": "any", **raw}
    zones: tuple[str, ...] = ()
    if isinstance(raw.get("zone"), list):
        zones = tuple(_choice({"zone": z}, "zone", ZONES) for z in raw["zone"])
        raw = {**raw, "zone": "any"}
    energy = _names(raw, "energy")
    if not set(energy) <= set(ENERGY_TYPES):
        raise _fail(raw, f"energy: {energy!r} names something that is not an energy type")
    return DieFilter(
        owner=_choice(raw, "owner", OWNERS) if raw.get("owner") is not None else None,
        kind=_choice(raw, "kind", DIE_KINDS, "character"),
        sidekick=_opt_bool(raw, "sidekick"),
        names=_names(raw, "name"), not_names=_names(raw, "not_name"),
        affiliations=_names(raw, "affiliation"), not_affiliations=_names(raw, "not_affiliation"),
        keywords=_names(raw, "keyword"),
        energy=energy, level=_opt_int(raw, "level"), min_level=_opt_int(raw, "min_level"),
        max_level=_opt_int(raw, "max_level"), max_cost=_opt_int(raw, "max_cost"),
        min_attack=_opt_int(raw, "min_attack"), zone="any" if zones else _choice(raw, "zone", ZONES, "field"),
        name_contains=str(raw.get("name_contains", "")), has_affiliation=_opt_bool(raw, "has_affiliation"),
        min_cost=_opt_int(raw, "min_cost"), zones=zones,
        hit=_choice(raw, "hit", OWNERS) if raw.get("hit") is not None else "",
        this=bool(_opt_bool(raw, "this")), other=bool(_opt_bool(raw, "other")),
        event=bool(_opt_bool(raw, "event")), engaged=bool(_opt_bool(raw, "engaged")),
        attacking=_opt_bool(raw, "attacking"), blocking=_opt_bool(raw, "blocking"),
        blocked=_opt_bool(raw, "blocked"), has_global=_opt_bool(raw, "has_global"),
        basic=_opt_bool(raw, "basic"), named=bool(_opt_bool(raw, "named")), attacked=_opt_bool(raw, "attacked"),
        fought=_opt_bool(raw, "fought"), bound=bool(_opt_bool(raw, "bound")),
        instigator=bool(_opt_bool(raw, "instigator")), partner=bool(_opt_bool(raw, "partner")),
        paired=_opt_bool(raw, "paired"), equipped=bool(_opt_bool(raw, "equipped")),
        this_card=bool(_opt_bool(raw, "this_card")),
        other_die=bool(_opt_bool(raw, "other_die")), doomed=_opt_bool(raw, "doomed"),
        it=it,
        face=_choice(raw, "face", FACE_KINDS) if raw.get("face") is not None else "",
        partly_spent=_opt_bool(raw, "partly_spent"), fielded=_opt_bool(raw, "fielded"),
        energy_of_it=_choice(raw, "energy_of", ("it",)) == "it" if raw.get("energy_of") is not None else False)


def parse_selector(raw: Any) -> Selector:
    if isinstance(raw, str):
        if raw not in LEGACY_SELECTORS:
            raise AbilityError(f"to: {raw!r} is not a selector (one of {', '.join(LEGACY_SELECTORS)}, "
                               "or a mapping)")
        raw = LEGACY_SELECTORS[raw]
    if not isinstance(raw, Mapping):
        raise _fail(raw, f"to: expected a selector name or mapping, got {raw!r}")
    own = ("player", "target", "up_to", "or_player", "keep", "choose", "choose_up_to")
    _check_keys(raw, own + _FILTER_KEYS, "to")
    # ``choose: N`` / ``choose_up_to: N``: picked like targets, but not targeted.
    chosen = raw.get("choose") is not None or raw.get("choose_up_to") is not None
    up_to = raw.get("up_to", raw.get("choose_up_to"))
    target = _int({"n": up_to}, "n") if up_to is not None else _int(raw, "choose" if chosen else "target")
    return Selector(
        player=_choice(raw, "player", PLAYER_CHOICES) if raw.get("player") is not None else None,
        target=target, up_to=up_to is not None, or_player=bool(_opt_bool(raw, "or_player")), keep=_int(raw, "keep"),
        chosen=chosen,
        die=parse_filter({k: v for k, v in raw.items() if k not in own}))


def parse_amount(raw: Any) -> Amount:
    if raw is None:
        return Amount()
    if isinstance(raw, int) and not isinstance(raw, bool):
        return Amount(fixed=raw)
    if not isinstance(raw, Mapping):
        raise _fail(raw, f"amount: expected a number or a mapping, got {raw!r}")
    _check_keys(raw, ("count", "distinct", "stat", "of", "energy", "reserve_types", "event_amount",
                      "chosen", "prep_energy", "times", "plus", "half", "at_least", "at_most"), "amount")
    energy = raw.get("energy")
    if energy is not None and energy not in ENERGY_TYPES:
        raise _fail(raw, f"energy: {energy!r} is not an energy type")
    amount = Amount(
        count=parse_filter(raw["count"]) if "count" in raw else None,
        distinct=_choice(raw, "distinct", DISTINCT, "dice"),
        stat=_choice(raw, "stat", STAT_NAMES) if raw.get("stat") is not None else None,
        of=_choice(raw, "of", ("this", "event", "target", "it"), "this"), energy=energy,
        reserve_types=bool(_opt_bool(raw, "reserve_types")),
        event_amount=bool(_opt_bool(raw, "event_amount")), chosen=bool(_opt_bool(raw, "chosen")),
        prep_energy=bool(_opt_bool(raw, "prep_energy")), times=_int(raw, "times", 1), plus=_int(raw, "plus"),
        half=_choice(raw, "half", ("down", "up")) if raw.get("half") is not None else "",
        at_least=_opt_int(raw, "at_least"), at_most=_opt_int(raw, "at_most"))
    if amount.is_fixed:
        raise _fail(raw, "amount: say what to count (count, stat, energy, reserve_types, event_amount, chosen "
                         "or prep_energy)")
    return amount


CONDITION_KINDS = ("count", "life", "underdog", "turn", "step", "combat", "event", "named",
                   "only_attacker", "source", "by", "side", "paired", "burst", "event_player", "amount",
                   "event_card", "event_step", "event_keyword")


def parse_condition(raw: Any) -> Condition:
    if not isinstance(raw, Mapping) or len(set(raw) & set(CONDITION_KINDS)) != 1:
        raise _fail(raw, f"if: each condition names exactly one of {', '.join(CONDITION_KINDS)}")
    kind = next(k for k in CONDITION_KINDS if k in raw)
    compared = ("equals", "below", "above") if kind == "amount" else ()
    _check_keys(raw, (kind, "at_least", "at_most", "distinct") + compared, "if")
    value = raw[kind]
    if kind == "amount":
        # "if <number> is <number>": {amount: {prep_energy: true}, equals: {chosen: true}}
        return Condition(kind, amount=parse_amount(value), at_least=_opt_int(raw, "at_least"),
                         at_most=_opt_int(raw, "at_most"),
                         equals=parse_amount(raw["equals"]) if raw.get("equals") is not None else None,
                         below=parse_amount(raw["below"]) if raw.get("below") is not None else None,
                         above=parse_amount(raw["above"]) if raw.get("above") is not None else None)
    if kind in ("count", "event"):
        return Condition(kind, die=parse_filter(value), at_least=_opt_int(raw, "at_least"),
                         at_most=_opt_int(raw, "at_most"), distinct=_choice(raw, "distinct", DISTINCT, "dice"))
    allowed = {"life": ("below_opponent", "above_opponent", "not_above_opponent"),
               "turn": ("yours", "opponent"), "step": ("attack", "main"),
               "underdog": (True,), "combat": (True, False), "named": (True,), "only_attacker": (True,),
               "source": ("global", "action", "ability", "combat", "fielded", "clear_and_draw", "effect",
                          "shield", "next_damage"),
               "by": ("you", "opponent"), "side": ("front", "back"), "paired": (True,),
               "event_player": ("you", "opponent"), "event_card": ("you", "opponent"),
               "burst": (True, False, "double"), "event_step": STEP_NAMES, "event_keyword": KEYWORD_NAMES}[kind]
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


def parse_price(raw: Any, payer: str) -> Price:
    """``{life: 2}``, ``{energy: "1"}`` (a cost notation), or both; ``payer: you|opponent``
    (default ``payer``)."""
    if not isinstance(raw, Mapping):
        raise _fail(raw, f"price: expected a mapping such as {{life: 2}} or {{energy: mask}}, got {raw!r}")
    _check_keys(raw, ("energy", "life", "payer"), "price")
    energy = parse_cost(raw["energy"]) if raw.get("energy") is not None else None
    life = _int(raw, "life")
    if life < 0 or (energy is None and not life):
        raise _fail(raw, "price: say what is paid (life: N, energy: ...)")
    return Price(energy, life, _choice(raw, "payer", PAYERS, payer))


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
    _check_keys(raw, ("do", "to", "if_done", "if", "instead", "unless", "pay") + OPS[op], f"effect {op}")
    keyword = str(raw.get("keyword", ""))
    if keyword and keyword not in KEYWORD_NAMES:
        raise _fail(raw, f"keyword: {keyword!r} is not a keyword")
    types = _names(raw, "types")
    if not set(types) <= set(ENERGY_TYPES):
        raise _fail(raw, f"types: {types!r} names something that is not an energy type")
    default_to: Any = "you" if op in ("gain_life", "lose_life", "draw", "energy", "rule", "token",
                                      "script", "choose") else "self"
    effect = Effect(
        op=op, to=parse_selector(raw.get("to", default_to)), amount=parse_amount(raw.get("amount")),
        attack=_int(raw, "a"), defense=_int(raw, "d", KEEP if op == "set_stats" else 0),
        # A choice is remembered until the card makes another, unless it says "this turn".
        duration=_choice(raw, "duration", DURATIONS, "static" if op == "choose" else "turn"),
        level=_int(raw, "level"),
        into=_choice(raw, "into", ZONES) if raw.get("into") is not None else "",
        match=parse_filter(raw["match"]) if raw.get("match") is not None else None,
        otherwise=_choice(raw, "otherwise", ZONES) if raw.get("otherwise") is not None else "",
        roll=bool(_opt_bool(raw, "roll")), keyword=keyword,
        affiliation=str(raw.get("affiliation", "")),
        rule=_choice(raw, "rule", RULES) if op == "rule" else "",
        by=str(raw.get("by", "")),
        applies_to=parse_filter(raw["for"]) if raw.get("for") is not None else None,
        split=bool(_opt_bool(raw, "split")), all=bool(_opt_bool(raw, "all")), types=types,
        name=str(raw.get("name", "")), ability=_int(raw, "ability"), if_done=bool(_opt_bool(raw, "if_done")),
        choice=_choice(raw, "choice", CHOICES) if op == "choose" else "",
        unless=parse_price(raw["unless"], "opponent") if raw.get("unless") is not None else None,
        pay=parse_price(raw["pay"], "you") if raw.get("pay") is not None else None,
        instead_of=_choice(raw, "instead_of", ("used", "prep")) if raw.get("instead_of") is not None else "",
        next_die=bool(_opt_bool(raw, "next")), conditions=_conditions(raw),
        cards=_choice(raw, "cards", ("event", "basic_actions"), "event") if op == "use_effect" else "",
        bursts=bool(_opt_bool(raw, "bursts")),
        cost=parse_cost(raw["cost"]) if raw.get("cost") is not None else None,
        less=_int(raw, "less"), optional=bool(_opt_bool(raw, "optional")))
    if effect.unless is not None and effect.pay is not None:
        raise _fail(raw, "an effect has either unless (paying stops it) or pay (paying makes it happen)")
    if raw.get("instead") is not None:
        effect = replace(effect, instead=_instead(raw))
    if effect.rule == "goes_instead" and not (effect.instead_of and effect.into):
        raise _fail(raw, "goes_instead: say where the die would go (instead_of) and where it goes (into)")
    if op == "script" and not effect.name:
        raise _fail(raw, "script: name the registered script")
    if op == "choose" and effect.choice == "number" and effect.amount == Amount():
        raise _fail(raw, "choose: a number needs its highest value (amount)")
    if op == "schedule" and effect.ability < 1:
        raise _fail(raw, "schedule: name the ability to switch on (ability: 2 for the card's second)")
    return effect


def _instead(raw: Mapping[str, Any]) -> Effect:
    """``instead: {if: [...], amount: 2}``: the same effect with some fields changed, which
    happens in its place when its own ``if:`` holds ("Burst: deal 2 instead")."""
    upgrade = raw["instead"]
    if not isinstance(upgrade, Mapping) or not upgrade.get("if"):
        raise _fail(raw, "instead: expected a mapping with an 'if:' and the fields that change")
    if "to" in upgrade and parse_selector(raw.get("to", "self")).targets:
        raise _fail(upgrade, "instead: a targeting effect keeps its targets (no 'to:' in 'instead')")
    merged = {k: v for k, v in raw.items() if k not in ("instead", "if", "if_done")}
    merged.update(upgrade)
    return _parse_effect(merged)


def _conditions(raw: Mapping[str, Any]) -> tuple[Condition, ...]:
    """The ``if:`` of an ability or an effect: one condition or a list of them."""
    conditions = raw.get("if", [])
    if isinstance(conditions, Mapping):
        conditions = [conditions]
    if raw.get("side") is not None:
        # A Flip card's ability on one side: it holds only while that side faces up.
        conditions = [{"side": raw["side"]}, *conditions]
    return tuple(parse_condition(c) for c in conditions)


def _on(raw: Mapping[Any, Any]) -> tuple[str, Any, tuple[Condition, ...]]:
    """``on: {event, filter, of, player}``, the general event trigger, as the trigger name it
    stands for, its ``when`` filter (the event's die) and the conditions its filter adds (a
    step event's ``step``, the keyword a ``keyword_used`` event is about)."""
    spec = raw["on"]
    if not isinstance(spec, Mapping):
        raise _fail(raw, "on: expected a mapping with an 'event:'")
    _check_keys(spec, ("event", "filter", "of", "player"), "on")
    own, watched = EVENTS[_choice(spec, "event", tuple(EVENTS))]
    of = _choice(spec, "of", ("this", "any"), "any" if watched else "this")
    trigger = own if of == "this" else watched
    if trigger is None:
        raise _fail(spec, f"on: {spec['event']!r} has no form about {'this' if of == 'this' else 'any'} die")
    if spec.get("player") is not None:
        if trigger != "player_damaged":
            raise _fail(spec, "on: player: is for player_damaged")
        if _choice(spec, "player", OWNERS) == "you":
            trigger = "you_damaged"
    if "trigger" in raw or ("when" in raw and spec.get("filter") is not None):
        raise _fail(raw, "on: give the event once (not also trigger:, nor both filter: and when:)")
    found = spec.get("filter", raw.get("when"))
    if trigger in ("step_begins", "step_ends"):
        # A step event is about a step, not a die: its filter names the step (any if none).
        if found is not None and (not isinstance(found, Mapping) or set(found) != {"step"}):
            raise _fail(spec, "on: a step event's filter is {step: <step>}")
        return trigger, None, () if found is None else (parse_condition({"event_step": found["step"]}),)
    if trigger == "keyword_used" and isinstance(found, Mapping) and "keyword" in found:
        # The keyword used (not "a die that has it"): the rest filters the die that used it.
        rest = {k: v for k, v in found.items() if k != "keyword"}
        return trigger, rest or None, (parse_condition({"event_keyword": found["keyword"]}),)
    return trigger, found, ()


_ABILITY_KEYS = ("on", "trigger", "cost", "limit", "reactive", "effects", "text", "when", "if",
                 "optional", "modes", "keyword", "script", "anywhere", "unsupported", "scheduled", "side",
                 "chooser")


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
    label = LABEL_TRIGGERS.get(str(raw.get("keyword", "")))     # Teamwatch, Awaken...: the label sets it
    trigger, when, filtered = _on(raw) if "on" in raw else (_choice(raw, "trigger", TRIGGERS, label),
                                                             raw.get("when"), ())
    if label is not None and trigger != label:
        raise _fail(raw, f"trigger: keyword {raw['keyword']} abilities trigger on {label}, not {trigger}")
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
    keyword = str(raw.get("keyword", ""))
    if keyword and keyword not in KEYWORD_NAMES:
        raise _fail(raw, f"keyword: {keyword!r} is not a keyword")
    if trigger in STATIC_TRIGGERS:
        effects = tuple(e if e.op == "rule" or e.duration != "turn" else replace(e, duration="static")
                        for e in effects)
    return Ability(trigger=trigger, effects=effects, cost=cost, limit=limit, reactive=reactive,
                   when=parse_filter(when) if when is not None else None,
                   conditions=filtered + _conditions(raw),
                   optional=bool(_opt_bool(raw, "optional")) or (keyword in OPTIONAL_LABELS
                                                                  and raw.get("optional") is None),
                   modes=modes, keyword=keyword,
                   chooser=_choice(raw, "chooser", PAYERS) if raw.get("chooser") is not None else "",
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


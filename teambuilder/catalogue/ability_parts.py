"""Parsing the parts an ability is made of: die filters, selectors, amounts, conditions,
energy costs and prices, each checked against the vocabulary as it is read (a mistake is an
``AbilityError`` with the YAML line). ``ability_parser`` builds effects and abilities from
them; ``abilities`` re-exports the public names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from teambuilder.catalogue.ability_values import (
    Amount,
    Condition,
    Cost,
    DieFilter,
    Price,
    Selector,
)
from teambuilder.catalogue.ability_vocabulary import (
    DIE_KINDS,
    DISTINCT,
    DOUBLE_FACES,
    FACE_KINDS,
    KEYWORD_NAMES,
    LEGACY_SELECTORS,
    OWNERS,
    PAYERS,
    PLAYER_CHOICES,
    STAT_NAMES,
    STEP_NAMES,
    ZONES,
)
from teambuilder.catalogue.model import ENERGY_TYPES


class AbilityError(ValueError):
    """An ability mapping names an unknown trigger, op, selector or field."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def line_of(raw: Any) -> int | None:
    return getattr(raw, "line", None)


def fail(raw: Any, message: str) -> AbilityError:
    return AbilityError(message, line_of(raw))


def check_keys(raw: Mapping[Any, Any], allowed: tuple[str, ...] | set[Any], where: str) -> None:
    unknown = set(raw) - set(allowed)
    if unknown:
        known = sorted(str(k) for k in allowed if isinstance(k, str))
        raise fail(raw, f"{where}: unknown field {min(map(str, unknown))!r} (one of {', '.join(known)})")


def choice_of(raw: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise fail(raw, f"{key}: {value!r} is not one of {', '.join(allowed)}")
    return str(value)


def int_field(raw: Mapping[str, Any], key: str, default: int = 0) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail(raw, f"{key}: expected a whole number, got {value!r}")
    return value


def opt_int(raw: Mapping[str, Any], key: str) -> int | None:
    return int_field(raw, key) if raw.get(key) is not None else None


def opt_bool(raw: Mapping[str, Any], key: str) -> bool | None:
    value = raw.get(key)
    if value is not None and not isinstance(value, bool):
        raise fail(raw, f"{key}: expected true or false, got {value!r}")
    return value


def names_of(raw: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = raw.get(key, ())
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise fail(raw, f"{key}: expected a name or a list of names, got {value!r}")
    return tuple(value)


_FILTER_KEYS = ("owner", "kind", "sidekick", "name", "not_name", "affiliation", "not_affiliation",
                "energy", "not_energy", "level", "min_level", "max_level", "max_cost", "min_attack", "zone",
                "this", "other", "event", "engaged", "attacking", "blocking", "blocked",
                "has_global", "basic", "named", "attacked", "fought", "bound", "instigator",
                "partner", "paired", "equipped", "keyword", "not_keyword",
                "this_card", "other_die", "doomed", "hit", "name_contains", "has_affiliation",
                "min_cost", "it", "those", "face", "partly_spent", "energy_of", "fielded", "drawn",
                "title_contains", "not_title_contains", "stunned", "max_attack", "min_defense", "max_defense",
                "card_token", "paid_for", "fewest_card_tokens", "below_own_level", "token", "below_this_level",
                "paid_for_event", "fielding", "held", "shares_team_affiliation", "name_or_depends",
                "lowest", "highest")
# What ``lowest:`` / ``highest:`` in a die filter may compare ("the die with the lowest printed A").
EXTREME_STATS = ("attack", "defense", "level", "cost", "fielding", "printed_attack")


def parse_filter(raw: Any) -> DieFilter:
    if raw is None:
        return DieFilter()
    if not isinstance(raw, Mapping):
        raise fail(raw, f"die filter: expected a mapping, got {raw!r}")
    check_keys(raw, _FILTER_KEYS, "die filter")
    it = bool(opt_bool(raw, "it") or opt_bool(raw, "those"))
    if it:
        # "it" may be anywhere, and of any kind (a die just drawn, KO'd or rolled).
        raw = {"zone": "any", "kind": "any", **raw}
    if raw.get("held") is not None:
        # Dice kept on this card are in a zone of their own, of any kind.
        raw = {"zone": "held", "kind": "any", **raw}
    zones: tuple[str, ...] = ()
    if isinstance(raw.get("zone"), list):
        zones = tuple(choice_of({"zone": z}, "zone", ZONES) for z in raw["zone"])
        raw = {**raw, "zone": "any"}
    energy, not_energy = names_of(raw, "energy"), names_of(raw, "not_energy")
    if not set(energy) | set(not_energy) <= set(ENERGY_TYPES):
        raise fail(raw, f"energy: {energy + not_energy!r} names something that is not an energy type")
    return DieFilter(
        owner=choice_of(raw, "owner", OWNERS) if raw.get("owner") is not None else None,
        kind=choice_of(raw, "kind", DIE_KINDS, "character"),
        sidekick=opt_bool(raw, "sidekick"),
        names=names_of(raw, "name"), not_names=names_of(raw, "not_name"),
        affiliations=names_of(raw, "affiliation"), not_affiliations=names_of(raw, "not_affiliation"),
        keywords=names_of(raw, "keyword"), not_keywords=names_of(raw, "not_keyword"),
        energy=energy, not_energy=not_energy, level=opt_int(raw, "level"), min_level=opt_int(raw, "min_level"),
        max_level=opt_int(raw, "max_level"), max_cost=opt_int(raw, "max_cost"), fielding=opt_int(raw, "fielding"),
        min_attack=opt_int(raw, "min_attack"), max_attack=opt_int(raw, "max_attack"),
        min_defense=opt_int(raw, "min_defense"), max_defense=opt_int(raw, "max_defense"),
        zone="any" if zones else choice_of(raw, "zone", ZONES, "field"),
        name_contains=str(raw.get("name_contains", "")), has_affiliation=opt_bool(raw, "has_affiliation"),
        title_contains=str(raw.get("title_contains", "")),
        not_title_contains=str(raw.get("not_title_contains", "")),
        min_cost=opt_int(raw, "min_cost"), zones=zones,
        hit=choice_of(raw, "hit", OWNERS) if raw.get("hit") is not None else "",
        this=bool(opt_bool(raw, "this")), other=bool(opt_bool(raw, "other")),
        event=opt_bool(raw, "event"), engaged=bool(opt_bool(raw, "engaged")),
        attacking=opt_bool(raw, "attacking"), blocking=opt_bool(raw, "blocking"),
        blocked=opt_bool(raw, "blocked"), has_global=opt_bool(raw, "has_global"),
        basic=opt_bool(raw, "basic"), named=opt_bool(raw, "named"), attacked=opt_bool(raw, "attacked"),
        fought=opt_bool(raw, "fought"), bound=bool(opt_bool(raw, "bound")),
        instigator=bool(opt_bool(raw, "instigator")), partner=bool(opt_bool(raw, "partner")),
        paired=opt_bool(raw, "paired"), equipped=bool(opt_bool(raw, "equipped")),
        this_card=bool(opt_bool(raw, "this_card")),
        held=choice_of(raw, "held", ("any", "earlier")) if raw.get("held") is not None else "",
        other_die=bool(opt_bool(raw, "other_die")), doomed=opt_bool(raw, "doomed"),
        it=it, not_it=raw.get("it") is False or raw.get("those") is False,
        face=choice_of(raw, "face", FACE_KINDS + ENERGY_TYPES + DOUBLE_FACES) if raw.get("face") is not None else "",
        partly_spent=opt_bool(raw, "partly_spent"), fielded=opt_bool(raw, "fielded"), drawn=opt_bool(raw, "drawn"),
        stunned=opt_bool(raw, "stunned"), below_own_level=bool(opt_bool(raw, "below_own_level")),
        card_token=opt_bool(raw, "card_token"), paid_for=bool(opt_bool(raw, "paid_for")),
        fewest_card_tokens=bool(opt_bool(raw, "fewest_card_tokens")), token=opt_bool(raw, "token"),
        shares_team_affiliation=bool(opt_bool(raw, "shares_team_affiliation")),
        name_or_depends=str(raw.get("name_or_depends", "")),
        lowest=choice_of(raw, "lowest", EXTREME_STATS) if raw.get("lowest") is not None else "",
        highest=choice_of(raw, "highest", EXTREME_STATS) if raw.get("highest") is not None else "",
        below_this_level=bool(opt_bool(raw, "below_this_level")), paid_for_event=bool(opt_bool(raw, "paid_for_event")),
        energy_of_it=choice_of(raw, "energy_of", ("it",)) == "it" if raw.get("energy_of") is not None else False)


def parse_selector(raw: Any) -> Selector:
    if isinstance(raw, str):
        if raw not in LEGACY_SELECTORS:
            raise AbilityError(f"to: {raw!r} is not a selector (one of {', '.join(LEGACY_SELECTORS)}, "
                               "or a mapping)")
        raw = LEGACY_SELECTORS[raw]
    if not isinstance(raw, Mapping):
        raise fail(raw, f"to: expected a selector name or mapping, got {raw!r}")
    own = ("player", "target", "up_to", "or_player", "keep", "choose", "choose_up_to", "different")
    check_keys(raw, own + _FILTER_KEYS, "to")
    # ``choose: N`` / ``choose_up_to: N``: picked like targets, but not targeted.
    chosen = raw.get("choose") is not None or raw.get("choose_up_to") is not None
    up_to = raw.get("up_to", raw.get("choose_up_to"))
    # ``target: {count: ...}``: "X target dice", X counted as the ability resolves (``choose: {...}``: not targeted).
    counted = next((parse_amount(raw[k]) for k in ("target", "choose", "up_to", "choose_up_to")
                    if isinstance(raw.get(k), Mapping)), None)     # (``choose_up_to: {count: ...}``: up to X)
    target = 1 if counted is not None else int_field({"n": up_to}, "n") if up_to is not None else \
        int_field(raw, "choose" if chosen else "target")
    return Selector(target_count=counted,
        player=choice_of(raw, "player", PLAYER_CHOICES) if raw.get("player") is not None else None,
        target=target, up_to=up_to is not None, or_player=bool(opt_bool(raw, "or_player")), keep=int_field(raw, "keep"),
        chosen=chosen, different=bool(opt_bool(raw, "different")),
        die=parse_filter({k: v for k, v in raw.items() if k not in own}))


def parse_amount(raw: Any) -> Amount:
    if raw is None:
        return Amount()
    if isinstance(raw, int) and not isinstance(raw, bool):
        return Amount(fixed=raw)
    if not isinstance(raw, Mapping):
        raise fail(raw, f"amount: expected a number or a mapping, got {raw!r}")
    check_keys(raw, ("count", "distinct", "stat", "of", "energy", "reserve_types", "event_amount",
                      "chosen", "prep_energy", "life", "card_tokens", "times", "plus", "half", "at_least", "at_most",
                      "highest", "kos", "purchases", "this_game", "globals_used"), "amount")
    energy = raw.get("energy")
    if energy is not None and energy not in (*ENERGY_TYPES, "wild"):      # (wild: "if you roll two [wild]")
        raise fail(raw, f"energy: {energy!r} is not an energy type")
    amount = Amount(
        count=parse_filter(raw["count"]) if "count" in raw else None,
        distinct=choice_of(raw, "distinct", DISTINCT, "dice"),
        stat=choice_of(raw, "stat", STAT_NAMES) if raw.get("stat") is not None else None,
        of=choice_of(raw, "of", ("this", "event", "target", "it", "opponent"), "this"), energy=energy,
        highest=parse_filter(raw["highest"]) if raw.get("highest") is not None else None,
        reserve_types=bool(opt_bool(raw, "reserve_types")),
        event_amount=bool(opt_bool(raw, "event_amount")), chosen=bool(opt_bool(raw, "chosen")),
        prep_energy=bool(opt_bool(raw, "prep_energy")),
        life=choice_of(raw, "life", OWNERS) if raw.get("life") is not None else None,
        card_tokens=choice_of(raw, "card_tokens", ("you", "opponent", "this")) if "card_tokens" in raw else "",
        times=int_field(raw, "times", 1), plus=int_field(raw, "plus"),
        half=choice_of(raw, "half", ("down", "up")) if raw.get("half") is not None else "",
        at_least=opt_int(raw, "at_least"), at_most=opt_int(raw, "at_most"),
        kos=choice_of(raw, "kos", ("you", "opponent")) if raw.get("kos") is not None else "",
        purchases=choice_of(raw, "purchases", ("you", "opponent")) if raw.get("purchases") is not None else "",
        this_game=bool(opt_bool(raw, "this_game")),
        globals_used=choice_of(raw, "globals_used", OWNERS) if raw.get("globals_used") is not None else "")
    if amount.is_fixed:
        raise fail(raw, "amount: say what to count (count, stat, energy, reserve_types, event_amount, chosen, "
                         "prep_energy, life, card_tokens, kos, purchases or globals_used)")
    return amount


SOURCES = ("global", "action", "ability", "combat", "fielded", "clear_and_draw", "effect", "shield", "next_damage",
           "purchase")
CONDITION_KINDS = ("count", "life", "underdog", "turn", "step", "combat", "event", "named",
                   "only_attacker", "source", "by", "side", "paired", "burst", "event_player", "amount",
                   "event_card", "event_step", "event_keyword", "kod_this_turn", "spent", "turned_this_turn",
                   "draft")


def parse_condition(raw: Any) -> Condition:
    if not isinstance(raw, Mapping) or len(set(raw) & set(CONDITION_KINDS)) != 1:
        raise fail(raw, f"if: each condition names exactly one of {', '.join(CONDITION_KINDS)}")
    kind = next(k for k in CONDITION_KINDS if k in raw)
    compared = ("equals", "below", "above") if kind == "amount" else ()
    check_keys(raw, (kind, "at_least", "at_most", "distinct") + compared, "if")
    value = raw[kind]
    if kind == "amount":
        # "if <number> is <number>": {amount: {prep_energy: true}, equals: {chosen: true}}
        return Condition(kind, amount=parse_amount(value), at_least=opt_int(raw, "at_least"),
                         at_most=opt_int(raw, "at_most"),
                         equals=parse_amount(raw["equals"]) if raw.get("equals") is not None else None,
                         below=parse_amount(raw["below"]) if raw.get("below") is not None else None,
                         above=parse_amount(raw["above"]) if raw.get("above") is not None else None)
    if kind in ("count", "event"):
        return Condition(kind, die=parse_filter(value), at_least=opt_int(raw, "at_least"),
                         at_most=opt_int(raw, "at_most"), distinct=choice_of(raw, "distinct", DISTINCT, "dice"))
    allowed = {"life": ("below_opponent", "above_opponent", "not_above_opponent"),
               "turn": ("yours", "opponent"), "step": ("attack", "main"),
               "underdog": (True,), "combat": (True, False), "named": (True, False), "only_attacker": (True,),
               "draft": (True, False),
               "source": SOURCES,
               "by": ("you", "opponent"), "side": ("front", "back"), "paired": (True,),
               "event_player": ("you", "opponent"), "event_card": ("you", "opponent"),
               "burst": (True, False, "double"), "event_step": STEP_NAMES, "event_keyword": KEYWORD_NAMES,
               "kod_this_turn": ("you", "any", "none"), "spent": ENERGY_TYPES + ("wild",),
               "turned_this_turn": ("you",)}[kind]
    if kind == "source" and isinstance(value, list) and value and all(v in allowed for v in value):
        return Condition(kind, value=",".join(value))      # "to use a global or to field a die"
    if value not in allowed:
        raise fail(raw, f"{kind}: {value!r} is not one of {', '.join(map(str, allowed))}")
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
        raise fail(raw, f"price: expected a mapping such as {{life: 2}} or {{energy: mask}}, got {raw!r}")
    check_keys(raw, ("energy", "life", "payer", "times"), "price")
    energy = parse_cost(raw["energy"]) if raw.get("energy") is not None else None
    life = int_field(raw, "life")
    if life < 0 or (energy is None and not life):
        raise fail(raw, "price: say what is paid (life: N, energy: ...)")
    times = str(raw.get("times", ""))
    if times not in ("", "chosen") or times and (energy is None or life):
        raise fail(raw, "price: times: chosen multiplies an energy price (no life) by the card's chosen number")
    return Price(energy, life, choice_of(raw, "payer", PAYERS, payer), times)

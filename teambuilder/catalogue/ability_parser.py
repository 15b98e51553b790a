"""The ability language's parser: a card's ``abilities:`` YAML into checked frozen values.

Every mapping is checked against the vocabulary (``ability_vocabulary``) as it is read,
and a mistake raises ``AbilityError`` carrying the YAML line where there is one, so a typo
is a ``file:line`` error at load time rather than an ability that silently does nothing.
Effects and abilities are built here from the parts ``ability_parts`` reads.
``abilities`` re-exports the public names: import them from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from teambuilder.catalogue.ability_parts import (
    AbilityError,
    check_keys,
    choice_of,
    fail,
    int_field,
    line_of,
    names_of,
    opt_bool,
    parse_amount,
    parse_condition,
    parse_cost,
    parse_filter,
    parse_price,
    parse_selector,
)
from teambuilder.catalogue.ability_values import (
    KEEP,
    Ability,
    Amount,
    Condition,
    Cost,
    Effect,
    Price,
    Selector,
)
from teambuilder.catalogue.ability_vocabulary import (
    CHOICES,
    DURATIONS,
    EVENTS,
    KEYWORD_NAMES,
    LABEL_TRIGGERS,
    LIMITS,
    OPS,
    OPTIONAL_LABELS,
    OWNERS,
    PAYERS,
    REACTIONS,
    RULES,
    STATIC_TRIGGERS,
    TRIGGERS,
    ZONES,
)
from teambuilder.catalogue.model import ENERGY_TYPES

_UNUSED_EFFECT_KEYS = ("do", "to", "if_done", "a", "d", "for", "all", "split", "roll", "level",
                "amount", "duration", "into", "match", "otherwise", "keyword", "affiliation",
                "rule", "by", "types", "name")


def parse_effect(raw: Any) -> Effect:
    try:
        return _parse_effect(raw)
    except AbilityError as error:
        # A mistake in a scalar has no line of its own: report the effect's line.
        if error.line is None:
            error.line = line_of(raw)
        raise


def _parse_effect(raw: Any) -> Effect:
    if not isinstance(raw, Mapping):
        raise fail(raw, f"effect: expected a mapping, got {raw!r}")
    op = choice_of(raw, "do", tuple(OPS))
    check_keys(raw, ("do", "to", "if_done", "if_not_done", "if", "instead", "unless", "pay", "optional", "chooser")
               + OPS[op],
               f"effect {op}")
    keyword = str(raw.get("keyword", ""))
    if keyword and keyword not in KEYWORD_NAMES:
        raise fail(raw, f"keyword: {keyword!r} is not a keyword")
    types = names_of(raw, "types")
    if not set(types) <= set(ENERGY_TYPES):
        raise fail(raw, f"types: {types!r} names something that is not an energy type")
    default_to: Any = "you" if op in ("gain_life", "lose_life", "draw", "energy", "rule", "token",
                                      "script", "choose") else "self"
    effect = Effect(
        op=op, to=parse_selector(raw.get("to", default_to)), amount=parse_amount(raw.get("amount")),
        attack=int_field(raw, "a"), defense=int_field(raw, "d", KEEP if op == "set_stats" else 0),
        # A choice is remembered until the card makes another, unless it says "this turn".
        duration=choice_of(raw, "duration", DURATIONS, "static" if op == "choose" else "turn"),
        level=int_field(raw, "level"),
        into=choice_of(raw, "into", ZONES) if raw.get("into") is not None else "",
        match=parse_filter(raw["match"]) if raw.get("match") is not None else None,
        otherwise=choice_of(raw, "otherwise", ZONES) if raw.get("otherwise") is not None else "",
        roll=bool(opt_bool(raw, "roll")), keyword=keyword,
        affiliation=str(raw.get("affiliation", "")),
        rule=choice_of(raw, "rule", RULES) if op == "rule" else "",
        by=str(raw.get("by", "")),
        applies_to=parse_filter(raw["for"]) if raw.get("for") is not None else None,
        split=bool(opt_bool(raw, "split")), all=bool(opt_bool(raw, "all")), types=types,
        name=str(raw.get("name", "")), ability=int_field(raw, "ability"), if_done=bool(opt_bool(raw, "if_done")),
        if_not_done=bool(opt_bool(raw, "if_not_done")), face=str(raw.get("face", "")),
        choice=choice_of(raw, "choice", CHOICES) if op == "choose" else "",
        unless=parse_price(raw["unless"], "opponent") if raw.get("unless") is not None else None,
        pay=parse_price(raw["pay"], "you") if raw.get("pay") is not None else None,
        instead_of=choice_of(raw, "instead_of", ("used", "prep")) if raw.get("instead_of") is not None else "",
        next_die=bool(opt_bool(raw, "next")), conditions=_conditions(raw),
        cards=choice_of(raw, "cards", USE_EFFECT_CARDS, "event") if op == "use_effect" else "",
        bursts=bool(opt_bool(raw, "bursts")),
        cost=parse_cost(raw["cost"]) if raw.get("cost") is not None else None,
        less=int_field(raw, "less"), optional=raw.get("optional") == "opponent" or bool(opt_bool(raw, "optional")),
        keep=int_field(raw, "keep") or int_field(raw, "keep_up_to"),
        keep_up_to=raw.get("keep_up_to") is not None, lowest=int_field(raw, "from"),
        chooser=choice_of(raw, "chooser", ("opponent",)) if raw.get("chooser") is not None else "")
    if raw.get("keep") is not None and raw.get("keep_up_to") is not None:
        raise fail(raw, "keep or keep_up_to, not both")
    if effect.keep and (effect.match is not None or effect.all):
        raise fail(raw, "keep: the player chooses the dice kept; a draw keeps N or matches, not both")
    if effect.unless is not None and effect.pay is not None:
        raise fail(raw, "an effect has either unless (paying stops it) or pay (paying makes it happen)")
    if effect.optional and op != "buy":
        # "You may" on one effect is a price of nothing the controller pays or not.
        if effect.pay is not None or effect.unless is not None:
            raise fail(raw, "optional: an effect with a price is already a choice")
        # "Your opponent may ...": ``optional: opponent``, or ``chooser: opponent`` with
        # ``optional: true``: the opponent is the one asked yes or no.
        asked = "opponent" if raw.get("optional") == "opponent" else (effect.chooser or "you")
        effect = replace(effect, pay=Price(None, 0, asked), optional=False)
    if raw.get("instead") is not None:
        effect = replace(effect, instead=_instead(raw))
    if effect.rule == "goes_instead" and not (effect.instead_of and effect.into):
        raise fail(raw, "goes_instead: say where the die would go (instead_of) and where it goes (into)")
    if op == "turn_to_face" and not (effect.level or effect.face in ENERGY_TYPES) or effect.face and effect.level:
        raise fail(raw, "turn_to_face: name the face, either level: N or face: <energy type>")
    if op == "turn_to_energy" and effect.by not in ("", "you", "opponent"):
        raise fail(raw, "turn_to_energy: by is who picks the face (you or opponent)")
    if op == "script" and not effect.name:
        raise fail(raw, "script: name the registered script")
    if op == "choose" and effect.choice == "number" and effect.amount == Amount():
        raise fail(raw, "choose: a number needs its highest value (amount)")
    if op == "schedule" and effect.ability < 1:
        raise fail(raw, "schedule: name the ability to switch on (ability: 2 for the card's second)")
    return effect


def _instead(raw: Mapping[str, Any]) -> Effect:
    """``instead: {if: [...], amount: 2}``: the same effect with some fields changed, which
    happens in its place when its own ``if:`` holds ("Burst: deal 2 instead")."""
    upgrade = raw["instead"]
    if not isinstance(upgrade, Mapping) or not upgrade.get("if"):
        raise fail(raw, "instead: expected a mapping with an 'if:' and the fields that change")
    if "to" in upgrade and parse_selector(raw.get("to", "self")).targets:
        raise fail(upgrade, "instead: a targeting effect keeps its targets (no 'to:' in 'instead')")
    merged = {k: v for k, v in raw.items() if k not in ("instead", "if", "if_done", "if_not_done")}
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
        raise fail(raw, "on: expected a mapping with an 'event:'")
    check_keys(spec, ("event", "filter", "of", "player"), "on")
    own, watched = EVENTS[choice_of(spec, "event", tuple(EVENTS))]
    of = choice_of(spec, "of", ("this", "any"), "any" if watched else "this")
    trigger = own if of == "this" else watched
    if trigger is None:
        raise fail(spec, f"on: {spec['event']!r} has no form about {'this' if of == 'this' else 'any'} die")
    if spec.get("player") is not None:
        if trigger != "player_damaged":
            raise fail(spec, "on: player: is for player_damaged")
        if choice_of(spec, "player", OWNERS) == "you":
            trigger = "you_damaged"
    if "trigger" in raw or ("when" in raw and spec.get("filter") is not None):
        raise fail(raw, "on: give the event once (not also trigger:, nor both filter: and when:)")
    found = spec.get("filter", raw.get("when"))
    if trigger in ("step_begins", "step_ends"):
        # A step event is about a step, not a die: its filter names the step (any if none).
        if found is not None and (not isinstance(found, Mapping) or set(found) != {"step"}):
            raise fail(spec, "on: a step event's filter is {step: <step>}")
        return trigger, None, () if found is None else (parse_condition({"event_step": found["step"]}),)
    if trigger == "keyword_used" and isinstance(found, Mapping) and "keyword" in found:
        # The keyword used (not "a die that has it"): the rest filters the die that used it.
        rest = {k: v for k, v in found.items() if k != "keyword"}
        return trigger, rest or None, (parse_condition({"event_keyword": found["keyword"]}),)
    return trigger, found, ()


# ``use_effect``'s ``cards``: whose effect is used (an action die; basic actions; "when attacks",
# "when fielded" and Energize abilities).
USE_EFFECT_CARDS = ("event", "it", "basic_actions", "attacks", "fielded", "energized")
_ABILITY_KEYS = ("on", "trigger", "cost", "limit", "reactive", "effects", "text", "when", "if",
                 "optional", "modes", "keyword", "script", "anywhere", "unsupported", "scheduled", "side",
                 "chooser", "usable", "owner_only")


def _effects(raw: Mapping[str, Any], key: str) -> tuple[Effect, ...]:
    items = raw.get(key)
    if not isinstance(items, list) or not items:
        raise fail(raw, f"{key}: expected a non-empty list of effects")
    return tuple(parse_effect(item) for item in items)


def _global_cost(raw: Mapping[str, Any]) -> tuple[Cost | None, int]:
    """``cost: mask`` (energy), or ``cost: {energy: mask, life: 1}`` (energy and life)."""
    if "cost" not in raw:
        return None, 0
    if not isinstance(raw["cost"], Mapping):
        return parse_cost(raw["cost"]), 0
    check_keys(raw["cost"], ("energy", "life"), "cost")
    life = int_field(raw["cost"], "life")
    if life < 1:
        raise fail(raw, "cost: a mapping cost names its life (life: N); write energy alone as cost: mask")
    return parse_cost(raw["cost"].get("energy", "0")), life


def parse_ability(raw: Any) -> Ability:
    try:
        return _parse_ability(raw)
    except AbilityError as error:
        if error.line is None:
            error.line = line_of(raw)
        raise


def _parse_ability(raw: Any) -> Ability:
    if not isinstance(raw, Mapping):
        raise fail(raw, f"ability: expected a mapping, got {raw!r}")
    check_keys(raw, _ABILITY_KEYS, "ability")
    label = LABEL_TRIGGERS.get(str(raw.get("keyword", "")))     # Teamwatch, Awaken...: the label sets it
    trigger, when, filtered = _on(raw) if "on" in raw else (choice_of(raw, "trigger", TRIGGERS, label),
                                                             raw.get("when"), ())
    if label is not None and trigger != label:
        raise fail(raw, f"trigger: keyword {raw['keyword']} abilities trigger on {label}, not {trigger}")
    script = str(raw.get("script", ""))
    modes: tuple[tuple[Effect, ...], ...] = ()
    if "modes" in raw:
        if not isinstance(raw["modes"], list) or len(raw["modes"]) < 2:
            raise fail(raw, "modes: expected a list of at least two effect lists")
        modes = tuple(_effects({"mode": m}, "mode") for m in raw["modes"])
    # (an ability the engine cannot play at all is written with its text, ``unsupported:`` and no effects)
    bare = raw.get("unsupported") and raw.get("effects") == []
    effects = _effects(raw, "effects") if ("effects" in raw or not (script or modes)) and not bare else ()
    if script:
        effects += (Effect("script", to=Selector(player="you"), name=script),)
    cost, life_cost = _global_cost(raw)
    if trigger == "global" and cost is None:
        raise fail(raw, "cost: a global needs an energy cost")
    if raw.get("owner_only") is not None and trigger != "global":
        raise fail(raw, "owner_only: only a global-form ability (trigger: global) is its owner's alone")
    limit = choice_of(raw, "limit", LIMITS) if raw.get("limit") is not None else None
    reactive = choice_of(raw, "reactive", REACTIONS) if raw.get("reactive") is not None else None
    keyword = str(raw.get("keyword", ""))
    if keyword and keyword not in KEYWORD_NAMES:
        raise fail(raw, f"keyword: {keyword!r} is not a keyword")
    if trigger in STATIC_TRIGGERS:
        effects = tuple(e if e.op == "rule" or e.duration != "turn" else replace(e, duration="static")
                        for e in effects)
    return Ability(trigger=trigger, effects=effects, cost=cost, limit=limit, reactive=reactive,
                   when=parse_filter(when) if when is not None else None,
                   conditions=filtered + _conditions(raw),
                   optional=bool(opt_bool(raw, "optional")) or (keyword in OPTIONAL_LABELS
                                                                  and raw.get("optional") is None),
                   modes=modes, keyword=keyword,
                   chooser=choice_of(raw, "chooser", PAYERS) if raw.get("chooser") is not None else "",
                   script=script, anywhere=bool(opt_bool(raw, "anywhere")),
                   unsupported=str(raw.get("unsupported", "")), scheduled=bool(opt_bool(raw, "scheduled")),
                   text=str(raw.get("text", "")), life_cost=life_cost, usable=_usable(raw, trigger),
                   owner_only=bool(opt_bool(raw, "owner_only")))


def _usable(raw: Mapping[str, Any], trigger: str) -> tuple[Condition, ...]:
    """``usable:`` on an action: the conditions under which its die may be used at all."""
    if raw.get("usable") is None:
        return ()
    if trigger != "action":
        raise fail(raw, "usable: only an action's ability says when its die may be used")
    return _conditions({"if": raw["usable"]})


def parse_abilities(raw: Any) -> tuple[Ability, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise fail(raw, f"abilities: expected a list, got {raw!r}")
    abilities = tuple(parse_ability(item) for item in raw)
    for item, ability in zip(raw, abilities, strict=True):
        for effect in ability.effects:
            if effect.op == "schedule" and (effect.ability > len(abilities)
                                            or not abilities[effect.ability - 1].scheduled):
                raise fail(item, f"schedule: ability {effect.ability} is not a 'scheduled: true' ability of this card")
    return abilities


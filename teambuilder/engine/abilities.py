"""Card abilities as data: a trigger, an optional cost, and effect primitives on selectors.

This is the executable form of a card's text. The engine runs the primitives named here;
a card with no abilities plays on its stats alone. The shape (YAML/JSON mapping):

    trigger: attacks            # see TRIGGERS
    cost: "bolt+1"              # globals only: energy types joined by '+', plus generic
    limit: once_per_turn        # globals only (LIMITS); none means unlimited
    reactive: damaged           # globals only: usable only when the event happens
    effects:
      - {do: damage, to: opponent, amount: 1}

Unknown names are errors that say which field is wrong, so a typo never becomes an
ability that silently does nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from teambuilder.catalogue.model import ENERGY_TYPES
from teambuilder.engine.energy import Cost

TRIGGERS: tuple[str, ...] = (
    "fielded", "attacks", "blocks", "blocked", "damaged", "ko", "purchased",
    "start_of_turn", "end_of_turn", "while_active", "global",
    "action", "burst", "double_burst",
)
LIMITS: tuple[str, ...] = ("once_per_turn", "your_turn", "opponent_turn")
REACTIONS: tuple[str, ...] = ("damaged",)

# Who an effect reaches. "target_*" selectors target (one die the controller chooses,
# character dice in the field only); "each_*" selectors do not target.
PLAYER_SELECTORS: tuple[str, ...] = ("you", "opponent", "each_player")
DIE_SELECTORS: tuple[str, ...] = (
    "self", "target_character", "target_opposing", "target_own",
    "each_opposing", "each_own", "each_other_own", "damaged_die", "attacker_blocked",
)
OPS: dict[str, tuple[str, ...]] = {
    # op -> selectors it accepts
    "damage": PLAYER_SELECTORS + DIE_SELECTORS,
    "gain_life": PLAYER_SELECTORS,
    "lose_life": PLAYER_SELECTORS,
    "modify": DIE_SELECTORS,
    "prevent": ("damaged_die", "you"),
    "redirect": ("target_opposing", "target_character", "opponent"),
    "draw": ("you", "opponent"),
    "must_attack": DIE_SELECTORS,
    "cant_block": DIE_SELECTORS,
    "spin_up": DIE_SELECTORS,
    "spin_down": DIE_SELECTORS,
    "ko": DIE_SELECTORS,
    "reroll": DIE_SELECTORS,
    "energy": ("you",),
}
DURATIONS: tuple[str, ...] = ("turn", "static")


class AbilityError(ValueError):
    """An ability mapping names an unknown trigger, op, selector or field."""


@dataclass(frozen=True)
class Effect:
    """One primitive: ``op`` applied to ``to`` with its numbers."""

    op: str
    to: str
    amount: int = 0
    attack: int = 0
    defense: int = 0
    duration: str = "turn"

    @property
    def targets(self) -> bool:
        return self.to.startswith("target_")


@dataclass(frozen=True)
class Ability:
    trigger: str
    effects: tuple[Effect, ...]
    cost: Cost | None = None
    limit: str | None = None
    reactive: str | None = None
    text: str = ""

    @property
    def is_global(self) -> bool:
        return self.trigger == "global"


def parse_cost(text: str) -> Cost:
    """``bolt+1``: one energy of each named type plus generic energy, as one Cost."""
    types: list[str] = []
    generic = 0
    for part in str(text).replace(" ", "").split("+"):
        if part.isdigit():
            generic += int(part)
        elif part in ENERGY_TYPES and part not in types:
            types.append(part)
        else:
            raise AbilityError(f"cost: {part!r} is not an energy type or a number")
    return Cost(len(types) + generic, tuple(types))


def _choice(raw: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise AbilityError(f"{key}: {value!r} is not one of {', '.join(allowed)}")
    return str(value)


def _int(raw: Mapping[str, Any], key: str) -> int:
    value = raw.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise AbilityError(f"{key}: expected a whole number, got {value!r}")
    return value


def parse_effect(raw: Any) -> Effect:
    if not isinstance(raw, Mapping):
        raise AbilityError(f"effect: expected a mapping, got {raw!r}")
    unknown = set(raw) - {"do", "to", "amount", "a", "d", "duration"}
    if unknown:
        raise AbilityError(f"effect: unknown field {min(unknown)!r}")
    op = _choice(raw, "do", tuple(OPS))
    to = _choice(raw, "to", OPS[op], default=OPS[op][0])
    return Effect(op=op, to=to, amount=_int(raw, "amount"), attack=_int(raw, "a"),
                  defense=_int(raw, "d"), duration=_choice(raw, "duration", DURATIONS, "turn"))


def parse_ability(raw: Any) -> Ability:
    if not isinstance(raw, Mapping):
        raise AbilityError(f"ability: expected a mapping, got {raw!r}")
    unknown = set(raw) - {"trigger", "cost", "limit", "reactive", "effects", "text"}
    if unknown:
        raise AbilityError(f"ability: unknown field {min(unknown)!r}")
    trigger = _choice(raw, "trigger", TRIGGERS)
    effects = raw.get("effects", [])
    if not isinstance(effects, list) or not effects:
        raise AbilityError("effects: expected a non-empty list")
    cost = parse_cost(raw["cost"]) if "cost" in raw else None
    if trigger == "global" and cost is None:
        raise AbilityError("cost: a global needs an energy cost")
    limit = _choice(raw, "limit", LIMITS) if raw.get("limit") is not None else None
    reactive = _choice(raw, "reactive", REACTIONS) if raw.get("reactive") is not None else None
    parsed = tuple(parse_effect(effect) for effect in effects)
    if trigger == "while_active":
        parsed = tuple(Effect(e.op, e.to, e.amount, e.attack, e.defense, "static") for e in parsed)
    return Ability(trigger=trigger, effects=parsed, cost=cost, limit=limit, reactive=reactive,
                   text=str(raw.get("text", "")))


def parse_abilities(raw: Any) -> tuple[Ability, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise AbilityError(f"abilities: expected a list, got {raw!r}")
    return tuple(parse_ability(item) for item in raw)

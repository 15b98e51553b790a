"""Decisions the engine asks for and the small frozen actions that answer them.

Every action has a stable JSON form (``to_json`` / ``action_from_json``): the action
record of a game is a list of these, and replaying it with the same seed rebuilds the
game exactly. Three decision shapes exist: pick one of ``options``; pick any subset of
``subset`` that includes ``required`` (rerolls, attackers); or give each die in
``assign`` one of its allowed values or none (blockers).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any

from teambuilder.engine.energy import Payment, Spend


@dataclass(frozen=True)
class Pass:
    """Pass priority (or decline an optional reaction)."""


@dataclass(frozen=True)
class Reroll:
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Purchase:
    slot: int
    payment: Payment

    # Written out (see energy.EnergySource): each priority listing makes dozens.
    def __init__(self, slot: int, payment: Payment) -> None:
        object.__setattr__(self, "slot", slot)
        object.__setattr__(self, "payment", payment)


@dataclass(frozen=True)
class Field:
    die: int
    payment: Payment


NO_PAYMENT = Payment()


@dataclass(frozen=True)
class UseAction:
    die: int
    payment: Payment = NO_PAYMENT   # only when a rule makes using action dice cost energy


@dataclass(frozen=True)
class UseGlobal:
    slot: int
    ability: int
    payment: Payment

    def __init__(self, slot: int, ability: int, payment: Payment) -> None:
        object.__setattr__(self, "slot", slot)
        object.__setattr__(self, "ability", ability)
        object.__setattr__(self, "payment", payment)


@dataclass(frozen=True)
class DeclareAttackers:
    dice: tuple[int, ...]


@dataclass(frozen=True)
class DeclareBlockers:
    blocks: tuple[tuple[int, int], ...]   # (blocker, attacker)


@dataclass(frozen=True)
class SplitDamage:
    attacker: int
    split: tuple[tuple[int, int], ...]    # (blocker, damage)


@dataclass(frozen=True)
class ChooseTrigger:
    index: int          # position in the pending batch


@dataclass(frozen=True)
class ChooseTarget:
    target: int         # die id


@dataclass(frozen=True)
class ChoosePlayer:
    player: int         # a player as a target


@dataclass(frozen=True)
class Choose:
    index: int          # yes (1) to a "you may", a mode of "choose one", a number, a name


Action = (Pass | Reroll | Purchase | Field | UseAction | UseGlobal | DeclareAttackers
          | DeclareBlockers | SplitDamage | ChooseTrigger | ChooseTarget | ChoosePlayer | Choose)
ACTION_TYPES: dict[str, type[Any]] = {cls.__name__: cls for cls in (
    Pass, Reroll, Purchase, Field, UseAction, UseGlobal, DeclareAttackers, DeclareBlockers,
    SplitDamage, ChooseTrigger, ChooseTarget, ChoosePlayer, Choose)}


@dataclass(frozen=True)
class Decision:
    player: int
    kind: str
    prompt: str
    options: tuple[Action, ...] = ()
    subset: tuple[int, ...] = ()
    required: tuple[int, ...] = ()
    assign: tuple[tuple[int, tuple[int, ...]], ...] = ()

    # Written out (see energy.EnergySource): one for every decision of a game.
    def __init__(self, player: int, kind: str, prompt: str, options: tuple[Action, ...] = (),
                 subset: tuple[int, ...] = (), required: tuple[int, ...] = (),
                 assign: tuple[tuple[int, tuple[int, ...]], ...] = ()) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "subset", subset)
        object.__setattr__(self, "required", required)
        object.__setattr__(self, "assign", assign)


def _payment_json(payment: Payment) -> dict[str, Any]:
    return {"virtual": payment.virtual,
            "spends": [[s.die_id, list(s.symbols), s.generic] for s in payment.spends]}


def _payment_from(raw: dict[str, Any]) -> Payment:
    return Payment(spends=tuple(Spend(int(d), tuple(sym), int(g)) for d, sym, g in raw["spends"]),
                   virtual=int(raw["virtual"]))


def to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type(action).__name__}
    for item in fields(action):
        value = getattr(action, item.name)
        if isinstance(value, Payment):
            out[item.name] = _payment_json(value)
        elif isinstance(value, tuple):
            out[item.name] = [list(v) if isinstance(v, tuple) else v for v in value]
        else:
            out[item.name] = value
    return out


def action_from_json(raw: dict[str, Any]) -> Action:
    """Rebuild an action; raises ValueError naming the bad field."""
    kind = raw.get("type")
    cls = ACTION_TYPES.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown action type {kind!r}")
    values: dict[str, Any] = {}
    for item in fields(cls):
        if item.name not in raw:
            if item.default is not MISSING:
                continue            # a field added later: older records leave it out
            raise ValueError(f"{kind}: missing {item.name!r}")
        value = raw[item.name]
        if item.name == "payment":
            values[item.name] = _payment_from(value)
        elif isinstance(value, list):
            values[item.name] = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        else:
            values[item.name] = value
    action: Action = cls(**values)
    return action

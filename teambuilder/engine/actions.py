"""Decisions the engine asks for and the small frozen actions that answer them.

Every action has a stable JSON form (``to_json`` / ``action_from_json``): the action
record of a game is a list of these, and replaying it with the same seed rebuilds the
game exactly. Three decision shapes exist: pick one of ``options``; pick any subset of
``subset`` that includes ``required`` (rerolls, attackers); or give each die in
``assign`` one of its allowed values or none (blockers).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from enum import StrEnum
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
    attacker: int                         # the die whose damage is divided
    split: tuple[tuple[int, int], ...]    # (die it damages, damage)
    through: int = 0                      # Overcrush: the leftover that goes to the defending player


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


@dataclass(frozen=True)
class Fabricate:
    """Buy the die on card ``slot`` for free by KOing ``dice``, your character dice (Fabricate X-Y)."""

    slot: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Ritual:
    """Field ``die`` from the reserve without its fielding cost by sending ``sacrifice``, another
    character die of your reserve, out of play (Ritual)."""

    die: int
    sacrifice: int


@dataclass(frozen=True)
class Fuse:
    """Move ``dice`` (the fusion material) from your field to your prep area, and the unbought
    die of card ``slot`` to your prep area (Fusion)."""

    slot: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Unstun:
    """Pay [2] to take a Stun token off card ``slot`` (its owner, whenever a global could be used)."""

    slot: int
    payment: Payment


Action = (Pass | Reroll | Purchase | Field | UseAction | UseGlobal | DeclareAttackers
          | DeclareBlockers | SplitDamage | ChooseTrigger | ChooseTarget | ChoosePlayer | Choose
          | Fabricate | Ritual | Fuse | Unstun)
ACTION_TYPES: dict[str, type[Any]] = {cls.__name__: cls for cls in (
    Pass, Reroll, Purchase, Field, UseAction, UseGlobal, DeclareAttackers, DeclareBlockers,
    SplitDamage, ChooseTrigger, ChooseTarget, ChoosePlayer, Choose, Fabricate, Ritual, Fuse, Unstun)}
# The Main Step's answers paid with dice instead of energy (``keyword_costs``).
DICE_PAID = (Fabricate, Ritual, Fuse)


class DecisionKind(StrEnum):
    """What a decision asks, each answered by its resolver (``Game.RESOLVERS``)."""

    REROLL = "reroll"          # which dice to reroll
    PRIORITY = "priority"      # an action in a priority window, or pass
    ATTACKERS = "attackers"
    BLOCKERS = "blockers"
    SPLIT = "split"            # how an attacker's damage is divided among its blockers
    ORDER = "order"            # which trigger resolves next
    OPTIONAL = "optional"      # an ability's "you may"
    MODE = "mode"              # an ability's "choose one"
    TARGET = "target"
    REACT = "react"            # a reaction to damage being dealt
    REDIRECT = "redirect"      # where redirected damage goes
    AFTER_DAMAGE = "after_damage"   # a global used right after your damage was dealt (``reactive: dealt``)
    SCRIPT = "script"          # a card script's own question
    ENLIST = "enlist"          # Enlistment: KO one of your character dice to stop an effect, or pass
    PAY = "pay"                # whether (and how) to pay an effect's price: "unless X pays", "you may pay"
    CHOICE = "choice"          # a named choice: a number, a card name, an energy type, an affiliation
    RETARGET = "retarget"      # change an action die's target with a global: use one (or pass), which target, where


@dataclass(frozen=True)
class Decision:
    player: int
    kind: DecisionKind
    prompt: str
    options: tuple[Action, ...] = ()
    subset: tuple[int, ...] = ()
    required: tuple[int, ...] = ()
    assign: tuple[tuple[int, tuple[int, ...]], ...] = ()
    # A minimum of the subset: at least ``at_least`` of the dice ``among`` must be chosen
    # ("at least 1 opposing character die must attack", rule ``min_attackers``).
    at_least: int = 0
    among: tuple[int, ...] = ()

    # Written out (see energy.EnergySource): one for every decision of a game.
    def __init__(self, player: int, kind: DecisionKind, prompt: str, options: tuple[Action, ...] = (),
                 subset: tuple[int, ...] = (), required: tuple[int, ...] = (),
                 assign: tuple[tuple[int, tuple[int, ...]], ...] = (), at_least: int = 0,
                 among: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "subset", subset)
        object.__setattr__(self, "required", required)
        object.__setattr__(self, "assign", assign)
        object.__setattr__(self, "at_least", at_least)
        object.__setattr__(self, "among", among)

    def with_minimum(self, dice: tuple[int, ...]) -> tuple[int, ...]:
        """``dice`` and, when fewer than ``at_least`` of ``among`` are in it, the first
        others of ``among`` (in order) until there are enough: an answer that meets the minimum."""
        chosen = list(dice)
        for die in self.among:
            if sum(1 for d in chosen if d in self.among) >= self.at_least:
                break
            if die not in chosen:
                chosen.append(die)
        return tuple(sorted(chosen))


def _payment_json(payment: Payment) -> dict[str, Any]:
    return {"virtual": payment.virtual,
            "spends": [[s.die_id, list(s.symbols), s.generic] for s in payment.spends]}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(value: object, length: int | None = None) -> tuple[int, ...]:
    """A JSON list of whole numbers (of ``length`` items when given) as a tuple."""
    if not isinstance(value, list) or not all(_is_int(v) for v in value) or \
            length is not None and len(value) != length:
        size = f"{length} " if length is not None else ""
        raise ValueError(f"expected a list of {size}whole numbers, got {str(value)[:40]}")
    return tuple(value)


def _payment_from(raw: object) -> Payment:
    if not isinstance(raw, dict) or not _is_int(raw.get("virtual")) or not isinstance(raw.get("spends"), list):
        raise ValueError("payment: expected {virtual: N, spends: [[die, [symbols], generic], ...]}")
    spends = []
    for spend in raw["spends"]:
        if not (isinstance(spend, list) and len(spend) == 3 and _is_int(spend[0]) and _is_int(spend[2])
                and isinstance(spend[1], list) and all(isinstance(s, str) for s in spend[1])):
            raise ValueError(f"payment: a spend must be [die, [symbols], generic], got {str(spend)[:40]}")
        spends.append(Spend(spend[0], tuple(spend[1]), spend[2]))
    return Payment(spends=tuple(spends), virtual=raw["virtual"])


# How each action field is written in a record, by field name (the compiled engine keeps no
# annotation strings to read this from; a test checks every field of every action is here).
INT_FIELDS = frozenset({"slot", "die", "ability", "attacker", "index", "target", "player", "through",
                        "sacrifice"})
LIST_FIELDS = frozenset({"dice"})
PAIR_FIELDS = frozenset({"blocks", "split"})
PAYMENT_FIELDS = frozenset({"payment"})


def _field_value(kind: str, name: str, value: object) -> object:
    """A field of a recorded action, checked for its type (records are untrusted files: a
    wrong type is refused here, never met deep in the engine)."""
    if name in PAYMENT_FIELDS:
        return _payment_from(value)
    if name in INT_FIELDS:
        if not _is_int(value):
            raise ValueError(f"{kind}: {name} must be a whole number, got {str(value)[:40]}")
        return value
    if name in LIST_FIELDS:
        return _ints(value)
    if name in PAIR_FIELDS:
        if not isinstance(value, list):
            raise ValueError(f"{kind}: {name} must be a list of pairs, got {str(value)[:40]}")
        return tuple(_ints(pair, 2) for pair in value)
    raise ValueError(f"{kind}: {name} cannot be read from a record")


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


def action_from_json(raw: object) -> Action:
    """Rebuild an action from its JSON form; raises ValueError (TypeError for what is not
    an action at all) naming the bad field."""
    if not isinstance(raw, dict):
        raise TypeError(f"expected an action such as {{\"type\": \"Pass\"}}, got {str(raw)[:40]}")
    kind = raw.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown action type {str(kind)[:40]!r}")
    values: dict[str, Any] = {}
    for item in fields(cls):
        if item.name not in raw:
            if item.default is not MISSING:
                continue            # a field added later: older records leave it out
            raise ValueError(f"{kind}: missing {item.name!r}")
        values[item.name] = _field_value(str(kind), item.name, raw[item.name])
    action: Action = cls(**values)
    return action

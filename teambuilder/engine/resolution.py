"""A resolving ability's progress: the record ``triggers`` keeps while an ability's "you
may", modes, targets, prices and choices are answered and its effects applied.

It sits below ``triggers`` so that the modules asking an effect's questions part-way
(``costs`` for prices, ``choices`` for named choices) and the agents reading what is being
asked share one definition.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from teambuilder.engine.events import PendingTrigger


class PriceQuestion(StrEnum):
    """The question a price asks its payer: "pay, or not?" (``unless``), "which way?" (after
    a yes, or a "you may" already answered), or "which way, or not at all?" (``pay``)."""

    YES_NO = "yes_no"
    WAYS = "ways"
    WAYS_OR_PASS = "ways_or_pass"


@dataclass
class Resolution:
    """How far a resolving ability has got (the trigger it came from, its answers so far)."""

    trigger: PendingTrigger
    targets: list[list[int]] = field(default_factory=list)   # per effect; players are -1 - index
    picking: list[int] = field(default_factory=list)          # targets of the effect being chosen
    accepted: bool | None = None
    mode: int | None = None
    # Once its effects start, an ability pauses after an effect that deals damage until the
    # damage is dealt (a player it brings to 0 ends the game before the next effect):
    applying: bool = False
    next_effect: int = 0                                       # the next effect to apply
    done: bool = True                                          # the last one did something
    did_any: bool = False                                      # some effect did something
    carried: list[int] = field(default_factory=list)          # earlier effects' dice ("that die")
    carried_it: list[int] = field(default_factory=list)       # the dice "it" refers to (``selectors.Context.it``)
    # Questions an effect asks as it is reached, answered so far by effect index: a price
    # (``unless``/``pay``: paid or not) or a ``choose`` (made). ``pricing`` says which price
    # question about the effect at ``next_effect`` is pending (see ``PriceQuestion``).
    answers: dict[int, bool] = field(default_factory=dict)
    pricing: PriceQuestion | None = None
    enlisted: bool = False                                     # Enlistment: the opponent was asked
    # An action die's targets changed by a ``reactive: targeted`` global (``retargeting``):
    # the players who passed, the (player, slot, ability) globals used, and the target
    # being moved, as (effect index, pick index), once its user has said which.
    retarget_passed: tuple[int, ...] = ()
    retarget_used: tuple[tuple[int, int, int], ...] = ()
    retarget_user: int | None = None
    retarget_from: tuple[int, int] | None = None
    # "Pay to ignore opposing effects targeting her" (``ignoring``): the targeted dice whose
    # owner was asked, and the die being asked about now.
    ignore_asked: tuple[int, ...] = ()
    ignore_die: int | None = None

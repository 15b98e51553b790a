"""What a click on the board means for the decision on screen, worked out without Qt.

The decision panel lists every legal answer; the board lets the player point at what they
mean instead. These functions map a clicked card or die to the answers about it, and a
clicked reserve die to another way of paying: the panel keeps the selection, the board
draws the marks. Only legal answers are ever chosen, because every answer here is one of
the decision's own options (or one of their payment alternatives).
"""

from __future__ import annotations

from collections.abc import Sequence

from teambuilder.engine.actions import Action, Decision, Purchase, UseGlobal

PAYABLE = (Purchase, UseGlobal)


def card_actions(decision: Decision | None, slot: int, global_ability: bool) -> list[Action]:
    """The options about the card in ``slot``: its purchases, or (``global_ability``) its
    Global Abilities, in the order the engine offers them (the least wasteful payment
    first)."""
    if decision is None:
        return []
    kind = UseGlobal if global_ability else Purchase
    return [a for a in decision.options if isinstance(a, kind) and a.slot == slot]


def cards_offering(decision: Decision | None, global_ability: bool) -> set[int]:
    """Slots whose card can be bought (or whose global used) now."""
    if decision is None:
        return set()
    kind = UseGlobal if global_ability else Purchase
    return {a.slot for a in decision.options if isinstance(a, kind)}


def action_card(action: Action | None) -> tuple[int, bool] | None:
    """(slot, is a global) for a purchase or a global; None for anything else."""
    if isinstance(action, Purchase):
        return action.slot, False
    if isinstance(action, UseGlobal):
        return action.slot, True
    return None


def spent_dice(action: Action | None) -> set[int]:
    """The reserve dice an answer spends."""
    payment = getattr(action, "payment", None)
    return {spend.die_id for spend in payment.spends} if payment is not None else set()


def repay(alternatives: Sequence[Action], current: Action, die_id: int) -> Action | None:
    """The payment a click on reserve die ``die_id`` asks for: a die being spent is left
    out, a die not being spent is put in, and otherwise as little changes as possible
    (the engine's order breaks ties, least wasteful first). None when no alternative
    does it."""
    now = spent_dice(current)
    wanted_in = die_id not in now
    best: Action | None = None
    best_change = 0
    for alternative in alternatives:
        dice = spent_dice(alternative)
        if (die_id in dice) != wanted_in:
            continue
        change = len(dice ^ now)              # dice put in or left out
        if best is None or change < best_change:
            best, best_change = alternative, change
    return best


def payment_candidates(alternatives: Sequence[Action]) -> set[int]:
    """Every die some alternative payment spends: clicking one changes the payment."""
    found: set[int] = set()
    for alternative in alternatives:
        found |= spent_dice(alternative)
    return found

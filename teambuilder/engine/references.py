"""What a counted amount came from, in the words of the game log.

An ability's amount may be counted as it resolves (``selectors.amount``): a die's stat,
"those dice" (``of: it``: the dice an earlier effect of the same ability chose or moved),
halved and rounded, kept between a minimum and a maximum. The log then says what it
counted, so a player reading it can check the number ("Bane deals 2 damage (half of
Batman: Natural Leader's A, rounded down)").
"""

from __future__ import annotations

from teambuilder.catalogue.abilities import Amount
from teambuilder.engine.selectors import Context

_STAT_WORDS = {"attack": "A", "defense": "D", "level": "level", "cost": "cost", "fielding": "fielding cost",
               "energy": "energy"}


def counted(ctx: Context, amount: Amount) -> str:
    """``amount`` in words, as it stands now: "half of Krypto: Super Dog's A, rounded down"."""
    if amount.stat is not None:
        stat = _STAT_WORDS[amount.stat]
        if amount.highest is not None:
            base = f"the highest {stat} among the dice counted"
        elif amount.of == "it":
            base = f"the total {stat} of those dice"
        else:
            die = {"this": ctx.source, "event": ctx.event_die,
                   "target": ctx.targets[0] if ctx.targets else None}[amount.of]
            base = f"{die.spec.name if die is not None else 'no die'}'s {stat}"
    elif amount.count is not None:
        base = "the dice counted" if not amount.count.it else "those dice"
    elif amount.event_amount:
        base = "the damage dealt"
    elif amount.life is not None:
        base = "your life" if amount.life == "you" else "your opponent's life"
    else:
        base = "the energy counted"
    if amount.half:
        base = f"half of {base}, rounded {amount.half}"
    if amount.at_most is not None:
        base += f", at most {amount.at_most}"
    if amount.at_least is not None:
        base += f", at least {amount.at_least}"
    if amount.times != 1:
        base = f"{amount.times} times ({base})"
    if amount.plus:
        base += f", {'plus' if amount.plus > 0 else 'minus'} {abs(amount.plus)}"
    return base


def explained(amount: Amount) -> bool:
    """Whether the log explains ``amount``: one counted with halves, limits or "those"."""
    return bool(amount.half or amount.of == "it" or amount.at_most is not None or amount.at_least is not None
                or (amount.count is not None and amount.count.it))

"""Prices on effects: "unless the opponent pays 2 life", "you may pay [1]; if you do ...".

An effect of the ability language may carry a ``Price`` (energy, life, or both) and who
pays it: on ``unless`` paying stops the effect, on ``pay`` paying makes it happen. This
module says which ways a player has to pay a price (``ways``), pays it (``pay_price``), and
spends energy for every payment of the engine (``spend``: purchases, globals and prices
all spend dice the same way). The question itself is asked by ``triggers`` as the effect
is reached, once per resolving instance of the ability.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Cost, Effect, Price
from teambuilder.engine import events, rules, selectors
from teambuilder.engine.abilities import Ability
from teambuilder.engine.energy import Payment, apply_payment, payment_options
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

WAYS_OFFERED = 3          # payment choices offered for a price's energy (least wasteful first)


def spend(game: Game, player: int, payment: Payment, cost: Cost, kind: str = "", bought: Die | None = None) -> str:
    """Spend energy; returns what was spent, for the log. Energy spent on your own turn
    goes out of play, on the opponent's turn to the used pile. ``kind``: what it pays for
    (purchase, fielded, action, global), the ``energy_spent`` event's ``source``; ``bought``:
    the die bought or fielded with it (the events' ``instigator``)."""
    result = apply_payment(payment, game.energy_sources(player), game.players[player].virtual, cost)
    spent_zone = Zone.OUT_OF_PLAY if player == game.active else Zone.USED
    for die_id in result.used_up:
        die = game.dice[die_id]
        die.zone = spent_zone
        die.reset()
        game.this_turn.spent.add(die_id)     # spent as energy: Immortal does not save it
    for die_id, symbol in result.spun_to:
        die = game.dice[die_id]
        face = die.spec.single_energy_face(symbol)
        assert face is not None
        die.face = face
        die.partially_spent = True
    watched = game.tables.watched
    if "energy_spent" in watched or "paid" in watched:
        # Each die spent (its units, and the symbols it gave: kind "<what it paid for>:<symbols>"),
        # then the payment as a whole ("each time you spend [mask] to use a global").
        symbols: list[str] = []
        for part in payment.spends:
            symbols += part.symbols
            events.watch(game, "energy_spent", game.dice[part.die_id], player=player, by=player, instigator=bought,
                         amount=len(part.symbols) + part.generic, kind=f"{kind}:{'+'.join(part.symbols)}")
        if kind:
            events.watch(game, "paid", player=player, by=player, amount=payment.total, instigator=bought,
                         kind=f"{kind}:{'+'.join(symbols)}")
    game.players[player].virtual = result.virtual_left
    parts = [f"{'+'.join(s.symbols) or s.generic}" for s in payment.spends]
    if payment.virtual:
        parts.append(f"{payment.virtual} virtual")
    return ", ".join(parts) or "nothing"


def ways(game: Game, player: int, price: Price) -> list[Payment | None]:
    """The ways ``player`` can pay ``price`` now (``None``: nothing but life to pay); an
    empty list when they cannot. Life that is not there cannot be paid."""
    if price.life > game.players[player].life:
        return []
    if price.energy is None:
        return [None]
    return list(payment_options(game.energy_sources(player), game.players[player].virtual, price.energy,
                                WAYS_OFFERED))


def price_of(game: Game, slot: int | None, effect: Effect) -> Price:
    """The price of ``effect`` now: ``times: chosen`` multiplies its energy by the number
    the card chose ("spend any number of [bolt]": nothing to pay for 0)."""
    price = effect.unless or effect.pay
    assert price is not None
    if price.times != "chosen":
        return price
    choice = selectors.chosen(game, slot)
    return price.times_number(0 if choice is None else choice.number)


def payer_of(price: Price, controller: int) -> int:
    return controller if price.payer == "you" else 1 - controller


def pay_price(game: Game, player: int, price: Price, way: Payment | None) -> str:
    """Pay ``price`` the chosen way; returns what was paid, for the log."""
    paid = []
    if price.energy is not None and way is not None:
        paid.append(spend(game, player, way, price.energy))
    if price.life:
        game.lose_life({player: price.life})
        paid.append(f"{price.life} life")
    return " and ".join(paid)


# -- what a global costs, and whether its limit lets a player use it now -----------------
# (here rather than in ``windows`` so that the answers to an action die below the turn's
# steps, ``retargeting``, can ask too; ``windows`` re-exports them)

@cache
def cost_of(amount: int, types: tuple[str, ...] = ()) -> Cost:
    """One shared Cost per amount and types: costs are asked for many times a listing,
    and a new Cost is checked (and later hashed) every time."""
    return Cost(amount, types)


def global_cost(ability: Ability, game: Game | None = None, player: int = 0, slot: int = 0) -> Cost:
    """A global's cost, plus what rules in force add (Oracle: opponents pay 1 more)."""
    assert ability.cost is not None, "the parser gives every global a cost"
    if game is None or not game.has_rules:
        return ability.cost
    # Synergy (and an owner's own card ability) is not a Global Ability: what globals cost more does not reach it.
    extra = 0 if not ability.is_global_ability else max(0, rules.global_delta(game, player, slot))
    return converted(game, player, cost_of(ability.cost.amount + extra, ability.cost.types))


def converted(game: Game, player: int, cost: Cost) -> Cost:
    """Superwoman: while a player may turn any energy into [bolt], a [bolt] the cost
    requires can be paid by any unit: the requirement drops, the amount stays."""
    kinds = {t for r in rules.in_force(game, "energy_as") if r.controller == player for t in r.effect.types}
    if not kinds or not set(cost.types) & kinds:
        return cost
    return Cost(cost.amount, tuple(t for t in cost.types if t not in kinds))


def limit_allows(game: Game, player: int, slot: int, index: int, ability: Ability) -> bool:
    """Whether a global's limit (once per turn, your turn, opponent's turn) lets ``player``
    use it now; reactive globals obey the same limits."""
    if ability.limit in ("once_per_turn", "once_on_your_turn") and game.players[player].global_uses.get((slot, index)):
        return False
    if ability.limit == "once_on_your_turn" and player != game.active:
        return False
    if ability.limit == "your_turn" and player != game.active:
        return False
    return not (ability.limit == "opponent_turn" and player == game.active)

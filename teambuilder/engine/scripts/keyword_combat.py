"""Scripts of the combat keywords ``keyword_combat`` raises (Range, Breath Weapon with
Anti-Breath Weapon, Frag) and of Retaliation: the choices each asks for and the damage it
deals, registered as ``keyword:<name>``. They are scripts because each asks several
questions of its own (a target per Range die, a payment, the opponent's payment) before
dealing its damage all at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Cost, Effect
from teambuilder.engine import rules
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.costs import spend
from teambuilder.engine.energy import Payment, payment_options
from teambuilder.engine.events import watch
from teambuilder.engine.keyword_abilities import keyword_number
from teambuilder.engine.keyword_combat import range_value
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import DamageEvent, Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


# -- Range ------------------------------------------------------------------------------

@dataclass(frozen=True)
class RangeShots(Frozen):
    """One player's Range dice still to aim (``waiting``) and the (die, target) pairs aimed."""

    player: int
    waiting: tuple[int, ...]
    shots: tuple[tuple[int, int], ...] = ()


@script("keyword:range", harms=True)
def _range(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Every Range die the player had active as the attack was declared (``bound``: even
    one KO'd since by the other player's Range) aims at a target opposing character die;
    then all of them deal their Range damage at once."""
    if not ctx.bound:
        return False
    _aim(ctx.game, RangeShots(ctx.controller, ctx.bound))
    return True


def range_targets(game: Game, player: int) -> list[Die]:
    """The opposing character dice ``player``'s Range may target."""
    return [d for d in game.field_characters(1 - player) if rules.can_target(game, d, player, "ability")]


def _aim(game: Game, shots: RangeShots) -> None:
    """Ask for the next Range die's target (one choice needs no question); when every die
    has one, deal the damage."""
    while shots.waiting:
        aiming, rest = shots.waiting[0], shots.waiting[1:]
        targets = range_targets(game, shots.player)
        if len(targets) > 1:
            ask(game, shots.player, f"Range: choose the target of {game.die_name(game.dice[aiming])} "
                f"({range_value(game, game.dice[aiming])} damage).",
                tuple(ChooseTarget(d.id) for d in targets), then=_range_aimed, data=shots)
            return
        shots = RangeShots(shots.player, rest, shots.shots + tuple((aiming, d.id) for d in targets))
    for shooter_id, target_id in shots.shots:
        shooter, target = game.dice[shooter_id], game.dice[target_id]
        if "targeted" in game.tables.watched:
            watch(game, "targeted", target, player=shots.player, by=shots.player, kind="ability",
                  event_slot=shooter.slot, instigator=shooter)
        amount = range_value(game, shooter)
        game.say(f"{game.die_name(shooter)} fires {amount} at {game.die_name(target)} (Range).", shots.player)
        game.damage_queue.append(DamageEvent(amount, shooter.id, die=target.id, kind="range", by=shots.player))


@continuation("keyword:range", RangeShots)
def _range_aimed(game: Game, player: int, action: Action, data: RangeShots) -> None:
    assert isinstance(action, ChooseTarget)
    _aim(game, RangeShots(player, data.waiting[1:], data.shots + ((data.waiting[0], action.target),)))


# -- Breath Weapon and Anti-Breath Weapon -----------------------------------------------

@dataclass(frozen=True)
class Breath(Frozen):
    """A Breath Weapon being used: whose, from which die, for how much; ``cut``: what the
    defender's Anti-Breath Weapon takes off (0: it cancels the breath)."""

    player: int
    source: int
    amount: int
    cut: int = 0


def _payments(game: Game, player: int, amount: int) -> list[Payment]:
    return payment_options(game.energy_sources(player), game.players[player].virtual, Cost(amount))


def _paying_options(payments: list[Payment]) -> tuple[Action, ...]:
    return (Pass(),) + tuple(Choose(i) for i in range(len(payments)))


@script("keyword:breath_weapon", harms=True)
def _breath_weapon(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Breath Weapon X: the attacking player may pay X (the question lists the ways to pay)."""
    game, source = ctx.game, ctx.source
    card = None if source is None else game.card_of(source)
    amount = None if card is None else keyword_number("breath_weapon", card.card.text)
    if source is None or not amount:
        return False
    payments = _payments(game, ctx.controller, amount)
    if not payments:
        game.say(f"cannot pay {amount} for the Breath Weapon of {game.die_name(source)}.", ctx.controller)
        return False
    ask(game, ctx.controller, f"Breath Weapon: pay {amount} for {game.die_name(source)} to deal {amount} damage "
        "to the opponent and each of their character dice? (choose a payment, or pass)",
        _paying_options(payments), then=_breath_paid, data=Breath(ctx.controller, source.id, amount))
    return True


@continuation("keyword:breath_weapon", Breath)
def _breath_paid(game: Game, player: int, action: Action, data: Breath) -> None:
    if not isinstance(action, Choose):
        game.say(f"does not use the Breath Weapon of {game.die_name(game.dice[data.source])}.", player)
        return
    spent = spend(game, player, _payments(game, player, data.amount)[action.index], Cost(data.amount))
    game.say(f"pays {spent} for the Breath Weapon of {game.die_name(game.dice[data.source])}.", player)
    defender = 1 - player
    anti = anti_breath_weapon(game, defender)
    anti_card = None if anti is None else game.card_of(anti)
    if anti is not None and anti_card is not None:
        # "Anti-Breath Weapon N" takes N off for N; otherwise it cancels for the breath's cost.
        cut = keyword_number("anti_breath_weapon", anti_card.card.text)
        cost = data.amount if cut is None else cut
        payments = _payments(game, defender, cost)
        if payments:
            what = "cancel it" if cut is None else f"take {cut} off its damage"
            ask(game, defender, f"Anti-Breath Weapon ({game.die_name(anti)}): pay {cost} to {what}? "
                "(choose a payment, or pass)", _paying_options(payments), then=_anti_answered,
                data=Breath(player, data.source, data.amount, cut or 0))
            return
    _breathe(game, data, data.amount)


def anti_breath_weapon(game: Game, player: int) -> Die | None:
    """An active character die of ``player`` with Anti-Breath Weapon (the first one)."""
    return next((d for d in game.field_characters(player) if game.has_keyword(d, "anti_breath_weapon")), None)


@continuation("keyword:anti_breath_weapon", Breath)
def _anti_answered(game: Game, player: int, action: Action, data: Breath) -> None:
    if not isinstance(action, Choose):
        game.say("does not use Anti-Breath Weapon.", player)
        _breathe(game, data, data.amount)
        return
    cost = data.cut or data.amount
    spent = spend(game, player, _payments(game, player, cost)[action.index], Cost(cost))
    if not data.cut:
        game.say(f"pays {spent}: Anti-Breath Weapon cancels the Breath Weapon.", player)
        return
    game.say(f"pays {spent}: Anti-Breath Weapon takes {data.cut} off the Breath Weapon.", player)
    _breathe(game, data, data.amount - data.cut)


def _breathe(game: Game, data: Breath, amount: int) -> None:
    """X damage to the opponent and each of their character dice, all at once."""
    if amount <= 0:
        return
    defender = 1 - data.player
    game.say(f"{game.die_name(game.dice[data.source])} breathes: {amount} damage to "
             f"{game.players[defender].name} and each of their character dice.", data.player)
    game.damage_queue.append(DamageEvent(amount, data.source, player=defender, by=data.player))
    game.damage_queue.extend(DamageEvent(amount, data.source, die=d.id, by=data.player)
                             for d in game.field_characters(defender))


# -- Frag and Retaliation ---------------------------------------------------------------

@script("keyword:frag", harms=True)
def _frag(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Frag: 1 damage to each opposing character die that did not block this turn."""
    game, source = ctx.game, ctx.source
    hit = [d for d in game.field_characters(1 - ctx.controller) if d.id not in game.this_turn.blocked]
    if source is None or not hit:
        return False
    game.say(f"{game.die_name(source)} frags {', '.join(game.die_name(d) for d in hit)}.", ctx.controller)
    game.damage_queue.extend(DamageEvent(1, source.id, die=d.id, by=ctx.controller) for d in hit)
    return True


@script("keyword:retaliation")
def _retaliation(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Retaliation: 1 damage to the opponent, if a die of the card is still active (the
    KO'd die cannot retaliate for itself: it is no longer active)."""
    game = ctx.game
    avenger = next((d for d in game.field_characters(ctx.controller) if d.slot == ctx.slot), None)
    if avenger is None:
        game.say("Retaliation: no die of the card is active any more; nothing happens.", ctx.controller)
        return False
    game.say(f"{game.die_name(avenger)} retaliates (Retaliation).", ctx.controller)
    game.damage_queue.append(DamageEvent(1, avenger.id, player=1 - ctx.controller, by=ctx.controller))
    return True


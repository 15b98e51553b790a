"""Fielding and rolling dice from any zone: the ``field`` and ``roll`` effects of the
ability language, and the one way a die enters the field as fielded (``field_die``).

Fielding is not moving: a fielded die counts as fielded this turn and its "when fielded"
abilities (and every "whenever ... is fielded") trigger; ``effects.move`` puts a die in the
field without any of that. A die fielded by an ability is fielded for free, at the level
the ability names (or, from the reserve pool, on the face it shows; from anywhere else, at
level 1), and only if no rule forbids fielding it. Rolling a die outside the field uses the
game's seeded generator (``rolling.roll``) and leaves it where it is unless ``into`` names
a zone: "roll it and put it in your reserve pool".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Cost, Effect
from teambuilder.catalogue.ability_words import ZONE_WORDS
from teambuilder.engine import costs, die_facts, effects, events, keyword_experience, rules, selectors
from teambuilder.engine.actions import Action, Pass, Purchase
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.die_facts import ZONE_OF
from teambuilder.engine.energy import payment_options
from teambuilder.engine.purchase_costs import purchase_cost
from teambuilder.engine.rolling import energized, roll
from teambuilder.engine.scripts import ask, continuation
from teambuilder.engine.scripts.values import BuyOffer, Frame
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Step, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

_ZONE_NAME = {zone: name for name, zone in ZONE_OF.items()}
_BUY_OPTIONS = 4   # payments offered per card a "buy" effect may buy


def _words(zone: Zone) -> str:
    """A zone as the log names it: "the used pile", "the reserve pool"."""
    return ZONE_WORDS[_ZONE_NAME[zone]].lower()


def field_die(game: Game, die: Die, how: str = "") -> None:
    """Field a die: it enters the field and "when fielded" triggers."""
    die.zone = Zone.FIELD
    game.this_turn.fielded.add(die.id)
    game.say(f"fields {game.die_name(die)}{how}.", die.owner)
    events.emit(game, "fielded", die)
    events.watch(game, "any_fielded", die, player=die.owner)   # the event player: who fielded it


def _count(ctx: Context, effect: Effect, dice: list[Die]) -> list[Die]:
    """The first ``amount`` dice when the effect names an amount ("field 1 of them")."""
    if effect.amount.is_fixed and not effect.amount.fixed:
        return dice
    return dice[:selectors.amount(ctx, effect.amount)]


def field(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: field``: field each die for free, from whatever zone it is in."""
    game = ctx.game
    fielded = False
    card = game.slots[ctx.slot].card.card.name if ctx.slot is not None else ""
    for die in _count(ctx, effect, dice):
        if die.zone is Zone.FIELD or not die_facts.is_character_die(die) or die.owner is None:
            continue
        if game.has_rules and rules.forbidden(game, "cant_field", ctx.controller, die):
            continue
        face = die.spec.faces[die.face]
        keeps_face = die.zone is Zone.RESERVE and face.kind == CHARACTER and not effect.level
        if not keeps_face:
            index = die.spec.level_face(effect.level or 1)
            if index is None:
                continue
            die.face = index
        at_level = f" at level {effect.level}" if effect.level else ""
        field_die(game, die, f" for free{at_level}" + (f" ({card})" if card else ""))
        fielded = True
    return fielded


def roll_dice(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: roll``: roll each die where it is; ``into`` then moves it (into the reserve
    pool it is ready to use, as if rolled there)."""
    game = ctx.game
    rolled = _count(ctx, effect, dice)
    for die in rolled:
        was = die.zone
        if was is not Zone.FIELD:
            die.reset()          # a die rolled anew keeps nothing of its last roll
        roll(game, die)
        into = ZONE_OF[effect.into] if effect.into else was
        verb = "rerolls" if was is Zone.RESERVE else "rolls"
        where = "" if was not in _ZONE_NAME else f" in the {_words(was)}" if into is was else \
            f" from the {_words(was)} into the {_words(into)}"
        game.say(f"{verb} {die.spec.name}{where}: {die.spec.faces[die.face].describe()}.", ctx.controller)
        if into is Zone.RESERVE and was is not Zone.FIELD:
            die.zone = Zone.RESERVE
        elif into is not was:
            effects.move(game, die, into)
    return bool(rolled)


def buy(game: Game, player: int, die: Die, into: Zone, message: str) -> None:
    """``player`` has bought ``die`` (paid for already): it goes ``into`` its zone, counts as
    a purchase this turn, ``message`` is logged, and "purchased" abilities trigger. The one
    way a die is bought, from the Main Step or from a card's ability."""
    die.owner = player
    die.zone = into
    game.this_turn.purchases[player] = game.this_turn.purchases.get(player, 0) + 1
    game.bookkeeping.bought[player] = game.bookkeeping.bought.get(player, 0) + 1
    game.say(message, player)
    events.emit(game, "purchased", die)
    events.watch(game, "any_purchased", die)


def first_purchase_to_prep(game: Game, player: int) -> bool:
    """Whether a rule sends ``player``'s first purchase this turn to the prep area, and this is it."""
    return game.this_turn.purchases.get(player, 0) == 0 and any(
        r.controller == player for r in rules.in_force(game, "first_purchase_to_prep"))


def purchase_zone(game: Game, player: int, die: Die) -> Zone:
    """Where ``player``'s die just bought goes: a ``purchase_to`` rule's bag or Prep Area (a
    ``once`` rule is then used up), the Prep Area for a first purchase under
    ``first_purchase_to_prep``, else the Used Pile."""
    if not game.has_rules:
        return Zone.USED
    probe = rules.as_owned_by(game, die, player)
    sending = [r for r in rules.in_force(game, "purchase_to")
               if r.controller == player and rules.applies(game, r, probe)]
    if sending:
        used = [r for r in sending if r.effect.duration == "once"]
        game.turn_rules = [r for r in game.turn_rules if r not in used]
        return Zone.BAG if sending[0].effect.by == "bag" else Zone.PREP
    return Zone.PREP if first_purchase_to_prep(game, player) else Zone.USED


ZONE_NAMES = {Zone.PREP: "prep area", Zone.BAG: "bag", Zone.USED: "used pile"}


def price(game: Game, effect: Effect, slot: int, player: int) -> Cost:
    """What a ``buy`` effect asks for a die of ``slot``: its ``cost``, or the purchase cost
    ``less`` some (at least 1, and at least one energy of each of the card's types)."""
    if effect.cost is not None:
        return effect.cost
    card = game.slots[slot].card.card
    return Cost(max(purchase_cost(game, slot, player) - effect.less, 1, len(card.energy)), card.energy)


def buy_dice(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: buy``: buy a die of one of the cards whose dice ``to`` selects (on their cards),
    paying its price now, at any time; ``optional``: the player may decline. Asks which card
    and which payment when there is a choice (so it is the last effect of its ability)."""
    game, player = ctx.game, ctx.controller
    prices: list[tuple[int, int, tuple[str, ...]]] = []
    options: list[Action] = []
    for slot in dict.fromkeys(d.slot for d in dice if d.zone is Zone.CARD and d.slot is not None):
        die = next(d for d in dice if d.slot == slot)
        if game.has_rules and rules.forbidden(game, "cant_purchase", player, die):
            continue
        cost = price(game, effect, slot, player)
        payments = payment_options(game.energy_sources(player), game.players[player].virtual, cost, _BUY_OPTIONS)
        prices.append((slot, cost.amount, cost.types))
        options += [Purchase(slot, payment) for payment in payments]
    if not options:
        game.say("has no die to buy, or cannot pay for one.", player)
        return False
    offer = BuyOffer(Frame.of(ctx), effect.into, tuple(prices))
    if len(options) == 1 and not effect.optional:
        _bought(game, player, options[0], offer)
        return True
    ask(game, player, "Buy a die? " + ", ".join(f"{game.slots[s].card.card.full_name} for {n}" for s, n, _ in prices),
        ((Pass(),) if effect.optional else ()) + tuple(options), then=_bought, data=offer)
    return True


@continuation("language:buy", BuyOffer)
def _bought(game: Game, player: int, action: Action, data: BuyOffer) -> None:
    if not isinstance(action, Purchase):
        game.say("does not buy a die.", player)
        return
    die = next((d for d in game.slot_dice[action.slot] if d.zone is Zone.CARD), None)
    if die is None:
        return
    _, amount, types = next(p for p in data.prices if p[0] == action.slot)
    cost = Cost(amount, types)
    name = game.slots[action.slot].card.card.full_name
    into = ZONE_OF[data.into] if data.into else purchase_zone(game, player, die)
    where = ZONE_NAMES.get(into, "used pile")
    if not amount:
        buy(game, player, die, into, f"purchases {name}; the die goes to the {where}.")
        return
    spent = costs.spend(game, player, action.payment, cost)
    buy(game, player, die, into, f"buys {name} for {amount} energy (paying {spent}); the die goes to the {where}.")


def card_token(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: card_token``: put ``amount`` +1A/+1D tokens (default 1) on the card of each die
    reached, once per card (a character card: the tokens stay on it whatever its dice do)."""
    tokens = selectors.amount(ctx, effect.amount) or 1
    slots = sorted({d.slot for d in dice
                    if d.slot is not None and ctx.game.slots[d.slot].card.card.kind == "character"})
    for slot in slots:
        keyword_experience.add_tokens(ctx.game, slot, tokens)
    return bool(slots)


def pick(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: pick``: the dice are chosen and nothing happens to them; they become "it" for
    the ability's later effects ("your opponent chooses one die; all other dice ...")."""
    for die in dice:
        ctx.game.say(f"{ctx.game.die_name(die)} is chosen.", ctx.controller)
    return bool(dice)


def hold(ctx: Context, dice: list[Die]) -> bool:
    """``into: held``: each die is kept on this ability's card (a zone of its own), with the
    level it showed, until an effect moves it on (``held: any`` / ``held: earlier`` dice)."""
    game = ctx.game
    if ctx.slot is None:
        return False
    card = game.slots[ctx.slot].card.card.name
    for die in dice:
        face = die.spec.faces[die.face]
        level = face.level if face.kind == CHARACTER and die.zone is Zone.FIELD else 1
        effects.move(game, die, Zone.HELD, quiet=True)
        game.bookkeeping.held[die.id] = (ctx.slot, level, game.turn_number)
        game.say(f"{game.die_name(die)} is put on {card}'s card.", ctx.controller)
    return bool(dice)


def back_to_card(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``back_to_card``: each die reached goes back to its card at the end of the turn, or
    as soon as it leaves the field (``keywords.back_to_card``): The Collector's borrowed die."""
    marked = [d for d in dice if d.slot is not None and d.zone is Zone.FIELD]
    for die in marked:
        ctx.game.bookkeeping.to_card.add(die.id)
        ctx.game.say(f"{die.spec.name} goes back to its card at the end of the turn or when it leaves the field.",
                     ctx.controller)
    return bool(marked)


def energize(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``energize``: each die reached that has Energize uses it, as though rolled on a double
    energy face (its owner's Energize abilities trigger, and "whenever a die uses Energize"
    ones: Adam Warlock: Leader of the Infinity Watch, 137ig)."""
    game = ctx.game
    # A die just rolled onto a double energy face used its Energize as it was rolled (``roll``,
    # outside the Roll and Reroll Step): "roll it; on an energy face it uses Energize" uses it once.
    using = [d for d in dice if game.has_keyword(d, "energize") and not (
        game.step != Step.ROLL_AND_REROLL and d.spec.faces[d.face].energy_amount == 2)]
    for die in using:
        game.say(f"{die.spec.name} uses its Energize.", die.owner)
        energized(game, die)
    return bool(using)

"""Scripts for the WWE Dice Masters basic action cards 55-58: what their abilities need
beyond the data language. Basic actions 49-54 are in ``wwe_49_54``; helpers shared with
the Superstars are in ``wwe_common``, with the techniques they use.

Cards here: Paige, Manager (55); Paul Heyman, Manager (56); The Kevin Owens Show (57);
Walk with Elias (58).
"""


from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.die_facts import die_cost
from teambuilder.engine.rolling import draw
from teambuilder.engine.scripts import NOTHING, Frozen, Nothing, ask, continuation, script
from teambuilder.engine.scripts.wwe_common import (
    ask_die,
    burst,
    follow_up,
    one_per_card,
    queue_damage,
    will_be_kod,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class PaigeOffer(Frozen):
    """Paige: the players still to be asked, who used the card, whether the opponent's die
    goes to the used pile (a double burst), and the cards offered, by option index."""

    order: tuple[int, ...]
    user: int
    used: bool
    choices: tuple[int, ...]


@dataclass(frozen=True)
class HeymanPicks(Frozen):
    """Paul Heyman: who used the card, from which slot and die; the dice chosen so far,
    and the players still to choose."""

    user: int
    slot: int | None
    die: int | None
    chosen: tuple[int, ...]
    order: tuple[int, ...] = ()


@dataclass(frozen=True)
class HeymanDamage(Frozen):
    """Paul Heyman's second pass: the two dice that dealt each other damage this turn."""

    die: int | None
    chosen: tuple[int, ...]
    turn: int


@dataclass(frozen=True)
class KevinOwensGiven(Frozen):
    """The Kevin Owens Show: the die given back, and the cards offered, by option index."""

    given: int
    choices: tuple[int, ...]


@dataclass(frozen=True)
class EliasCount(Frozen):
    """Walk with Elias: how many dice the user secretly chose to draw."""

    count: int


# -- 55wwe Paige, Manager ----------------------------------------------------------------

def _unpurchased_cards(game: Game, player: int, max_cost: int | None = None, but: int | None = None) -> list[int]:
    """The player's own team cards with a die still on the card (``but``: not that card)."""
    return [s.index for s in game.slots if s.owner == player and s.index != but
            and (max_cost is None or s.card.card.cost <= max_cost)
            and any(d.slot == s.index and d.zone is Zone.CARD for d in game.dice)]


@script("55wwe")
def paige_add_to_bag(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Each player, active player first, may add one of their unpurchased dice to their
    bag; on a double burst the opponent's goes to their used pile instead."""
    game = ctx.game
    used_pile = burst(ctx.source) == 2
    if not any(_unpurchased_cards(game, player) for player in (ctx.controller, 1 - ctx.controller)):
        game.say("Paige: no player has an unpurchased die to add to their bag.", ctx.controller)
        return False
    _paige_next(game, [ctx.controller, 1 - ctx.controller], ctx.controller, used_pile)
    return True


def _paige_next(game: Game, order: list[int], user: int, used_pile: bool) -> None:
    while order:
        player = order.pop(0)
        choices = _unpurchased_cards(game, player)
        if not choices:
            continue
        listing = "; ".join(f"{i}: {game.slots[s].card.card.full_name}" for i, s in enumerate(choices))
        ask(game, player, f"Paige: you may add one of your unpurchased dice to your bag ({listing}).",
            (Pass(),) + tuple(Choose(i) for i in range(len(choices))), then=_paige_chosen,
            data=PaigeOffer(tuple(order), user, used_pile, tuple(choices)))
        return


@continuation("55wwe", PaigeOffer)
def _paige_chosen(game: Game, player: int, action: Action, data: PaigeOffer) -> None:
    if isinstance(action, Choose):
        slot = data.choices[action.index]
        die = next(d for d in game.dice if d.slot == slot and d.zone is Zone.CARD)
        die.owner = player
        to_used = data.used and player != data.user
        effects.move(game, die, Zone.USED if to_used else Zone.BAG)
    else:
        game.say("adds no die.", player)
    _paige_next(game, list(data.order), data.user, data.used)


# -- 56wwe Paul Heyman, Manager ----------------------------------------------------------

@script("56wwe")
def heyman(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """First pass: each player (active first) chooses one of their Superstar dice in the
    field; they deal each other damage equal to their own purchase cost. Second pass
    (queued behind that damage): each die it KOs costs its controller 1 life (2 on a
    burst, 3 on a double burst)."""
    game = ctx.game
    state = game.script_state.get("56wwe")
    if isinstance(state, HeymanDamage) and ctx.source is not None and state.die == ctx.source.id \
            and state.turn == game.turn_number:
        del game.script_state["56wwe"]
        loss = 1 + burst(ctx.source)
        losses: dict[int, int] = {}
        for die_id in state.chosen:
            die = game.dice[die_id]
            if die.owner is not None and will_be_kod(game, die):
                losses[die.owner] = losses.get(die.owner, 0) + loss
        game.lose_life(losses)      # one effect: both players at 0 is a tie
        return True
    _heyman_next(game, [ctx.controller, 1 - ctx.controller],
                 HeymanPicks(ctx.controller, ctx.slot, None if ctx.source is None else ctx.source.id, ()))
    return True


def _heyman_next(game: Game, order: list[int], picks: HeymanPicks) -> None:
    chosen_ids = list(picks.chosen)
    while order:
        player = order.pop(0)
        mine = game.field_characters(player)
        if not mine:
            game.say("has no Superstar die in the field: Paul Heyman does nothing.", player)
            return
        if len(mine) == 1:
            chosen_ids.append(mine[0].id)
            continue
        ask_die(game, player, "Paul Heyman: choose one of your dice in the Field Zone", mine, _heyman_chosen,
                HeymanPicks(picks.user, picks.slot, picks.die, tuple(chosen_ids), tuple(order)))
        return
    chosen = [game.dice[i] for i in chosen_ids]
    user = picks.user
    ctx = Context(game, user, picks.slot, None if picks.die is None else game.dice[picks.die], kind="action")
    first, second = chosen
    queue_damage(ctx, die_cost(game, first), first, die=second)
    queue_damage(ctx, die_cost(game, second), second, die=first)
    game.say(f"{game.die_name(first)} and {game.die_name(second)} deal damage to each other.", user)
    game.script_state["56wwe"] = HeymanDamage(picks.die, tuple(chosen_ids), game.turn_number)
    assert picks.slot is not None
    follow_up(game, user, picks.slot, "action", ctx.source, "action")


@continuation("56wwe", HeymanPicks)
def _heyman_chosen(game: Game, player: int, action: Action, data: HeymanPicks) -> None:
    assert isinstance(action, ChooseTarget)
    _heyman_next(game, list(data.order),
                 HeymanPicks(data.user, data.slot, data.die, (*data.chosen, action.target)))


# -- 57wwe The Kevin Owens Show ----------------------------------------------------------

@script("57wwe")
def kevin_owens_exchange(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Exchange a die of the used pile (not a Sidekick: it has no card to go back to) for
    one of the player's unpurchased dice of another card costing at most 2 more."""
    game = ctx.game
    used = [d for d in one_per_card(game.zone(ctx.controller, Zone.USED))
            if d.slot is not None and _unpurchased_cards(game, ctx.controller, die_cost(game, d) + 2, d.slot)]
    if not used:
        game.say("has no die in the used pile to exchange.", ctx.controller)
        return False
    if len(used) == 1:
        _kevin_give(game, ctx.controller, used[0])
        return True
    ask_die(game, ctx.controller, "Kevin Owens Show: choose a die of your used pile to exchange", used,
            _kevin_given, NOTHING)
    return True


@continuation("57wwe", Nothing)
def _kevin_given(game: Game, player: int, action: Action, data: Nothing) -> None:
    assert isinstance(action, ChooseTarget)
    _kevin_give(game, player, game.dice[action.target])


def _kevin_give(game: Game, player: int, given: Die) -> None:
    choices = _unpurchased_cards(game, player, die_cost(game, given) + 2, given.slot)
    if len(choices) == 1:
        _kevin_take(game, player, given.id, choices[0])
        return
    listing = "; ".join(f"{i}: {game.slots[s].card.card.full_name}" for i, s in enumerate(choices))
    ask(game, player, f"Kevin Owens Show: take which unpurchased die ({listing})?",
        tuple(Choose(i) for i in range(len(choices))), then=_kevin_taken,
        data=KevinOwensGiven(given.id, tuple(choices)))


@continuation("57wwe:2", KevinOwensGiven)
def _kevin_taken(game: Game, player: int, action: Action, data: KevinOwensGiven) -> None:
    assert isinstance(action, Choose)
    _kevin_take(game, player, data.given, data.choices[action.index])


def _kevin_take(game: Game, player: int, given_id: int, slot: int) -> None:
    given = game.dice[given_id]
    taken = next(d for d in game.dice if d.slot == slot and d.zone is Zone.CARD)
    given.reset()
    given.zone = Zone.CARD
    given.face = 0
    if given.slot is not None and game.slots[given.slot].owner is None:
        given.owner = None          # a basic action die goes back to the middle
    taken.owner = player
    taken.zone = Zone.USED
    game.say(f"exchanges {given.spec.name} (back to its card) for {taken.spec.name} (to the used pile).", player)


# -- 58wwe Walk with Elias ---------------------------------------------------------------

@script("58wwe")
def elias_secret_draw(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The user secretly picks 1-3; the opponent guesses. The dice drawn go to the used
    pile on a right guess, else to the prep area."""
    ask(ctx.game, ctx.controller, "Walk with Elias: secretly choose how many dice to draw (1, 2 or 3).",
        (Choose(1), Choose(2), Choose(3)), then=_elias_chosen, data=NOTHING)
    return True


@continuation("58wwe", Nothing)
def _elias_chosen(game: Game, player: int, action: Action, data: Nothing) -> None:
    assert isinstance(action, Choose)
    game.say("has chosen how many dice to draw.", player)
    ask(game, 1 - player, "Walk with Elias: guess how many dice your opponent draws (1, 2 or 3).",
        (Choose(1), Choose(2), Choose(3)), then=_elias_guessed, data=EliasCount(action.index))


@continuation("58wwe:2", EliasCount)
def _elias_guessed(game: Game, player: int, action: Action, data: EliasCount) -> None:
    assert isinstance(action, Choose)
    user, count = 1 - player, data.count
    right = action.index == count
    game.say(f"guesses {action.index}: {'right' if right else 'wrong'} ({count} drawn).", player)
    for die in draw(game, user, count):
        effects.move(game, die, Zone.USED if right else Zone.PREP)

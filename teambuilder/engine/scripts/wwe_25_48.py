"""Scripts for the WWE Dice Masters Superstar cards 25-48: what their abilities need
beyond the data language. Superstars 1-24 are in ``wwe_1_24``, the basic actions (49-58)
in ``wwe_49_54`` and ``wwe_55_58``, shared helpers and the techniques they use in
``wwe_common``. In WWE "Superstar" means character.

Cards here: Kurt Angle (25); "Macho Man" Randy Savage (28, 29); Mankind (31); Ronda
Rousey (38); Sasha Banks (41); Triple H (46, 47).

Each script is named after its card (``28wwe``; ``28wwe:2`` for a card's second one) and
works through the engine's own primitives (``effects``, ``rules``, ``windows``), so every
rule still applies. What must be remembered between two moments of a turn is kept as
frozen values in ``Game.script_state`` (keys start with the card code) or ``Game.named``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Amount, Cost, DieFilter, Effect
from teambuilder.engine import effects, primitives, rules
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.energy import Payment, payment_options
from teambuilder.engine.moves import pay
from teambuilder.engine.scripts import Frame, Frozen, ask, continuation, script
from teambuilder.engine.scripts.wwe_common import (
    NameChoice,
    OneDie,
    ability_index,
    ask_die,
    character_names,
    draw_quietly,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class KurtKeeps(Frozen):
    """Kurt Angle: the players still to choose, and each player's kept die so far."""

    order: tuple[int, ...]
    keep: tuple[tuple[int, int], ...]     # (player, die)


@dataclass(frozen=True)
class ClearAndDraw(Frozen):
    """Randy Savage: the dice already in the prep area before this turn's Clear and Draw
    (not drawn this step), and whether the swap was offered yet."""

    turn: int
    player: int
    before: tuple[int, ...]
    done: bool = False


@dataclass(frozen=True)
class SidekickSwap(Frozen):
    """Randy Savage: the Sidekick die drawn, and the card's slot."""

    die: int
    slot: int | None


# -- 25wwe Kurt Angle: Intensity ---------------------------------------------------------

@script("25wwe")
def kurt_keep_one(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Each player (active player first) keeps 1 of their Superstar dice; the others are
    KO'd together once both have chosen."""
    game = ctx.game
    _kurt_next(game, [game.active, game.inactive], {})
    return True


def _kurt_next(game: Game, order: list[int], keep: dict[int, int]) -> None:
    while order:
        player = order.pop(0)
        mine = game.field_characters(player)
        if len(mine) <= 1:
            if mine:
                keep[player] = mine[0].id
            continue
        ask_die(game, player, "Kurt Angle: choose the Superstar die you keep", mine, _kurt_kept,
                KurtKeeps(tuple(order), tuple(keep.items())))
        return
    doomed = [d for p in (game.active, game.inactive) for d in game.field_characters(p)
              if d.id != keep.get(p)]
    for die in doomed:
        effects.ko(game, die)


@continuation("25wwe", KurtKeeps)
def _kurt_kept(game: Game, player: int, action: Action, data: KurtKeeps) -> None:
    assert isinstance(action, ChooseTarget)
    keep = dict(data.keep)
    keep[player] = action.target
    _kurt_next(game, list(data.order), keep)


# -- 28wwe "Macho Man" Randy Savage: The Cream of the Crop -------------------------------

@script("28wwe")
def randy_swap_sidekick(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After the controller's Clear and Draw draw (once a step): they may move a Sidekick
    they drew (not one already in the prep area, see ``28wwe:2``) to the used pile and
    draw 1 die into the prep area instead."""
    game = ctx.game
    if ctx.event_kind != "clear_and_draw" or ctx.event_player != ctx.controller:
        return False
    state = game.script_state.get("28wwe")
    if not isinstance(state, ClearAndDraw) or state.turn != game.turn_number or state.player != ctx.controller:
        state = ClearAndDraw(game.turn_number, ctx.controller, ())
    if state.done:
        return False
    game.script_state["28wwe"] = replace(state, done=True)
    drawn = [d for d in game.zone(ctx.controller, Zone.PREP) if d.is_sidekick and d.id not in state.before]
    if not drawn:
        return False
    ask(game, ctx.controller, "Randy Savage: move a Sidekick die you drew to your used pile and draw 1 die "
        "to replace it?", (Choose(1), Pass()), then=_randy_swapped, data=SidekickSwap(drawn[0].id, ctx.slot))
    return True


@continuation("28wwe", SidekickSwap)
def _randy_swapped(game: Game, player: int, action: Action, data: SidekickSwap) -> None:
    if isinstance(action, Pass):
        game.say("keeps the Sidekick dice drawn.", player)
        return
    effects.move(game, game.dice[data.die], Zone.USED)
    draw_quietly(Context(game, player, data.slot), 1, "prep", "28wwe")


@script("28wwe:2")
def randy_prep_before_draw(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Before the Clear and Draw step: remember the dice already in the prep area (KO'd
    or Prepped earlier): they are not dice drawn this step."""
    game = ctx.game
    game.script_state["28wwe"] = ClearAndDraw(game.turn_number, ctx.controller,
                                              tuple(d.id for d in game.zone(ctx.controller, Zone.PREP)))
    return True


# -- 29wwe "Macho Man" Randy Savage: Macho Madness ---------------------------------------

@script("29wwe")
def randy_extra_draw(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The controller drew and rolled dice outside their Clear and Draw step (the dice
    drawn are rolled into the reserve pool): draw and roll 1 more, which does not trigger
    this card (or a copy of it) again."""
    game = ctx.game
    drawn = ctx.event_die
    if ctx.event_kind == "clear_and_draw" and game.active == ctx.controller:
        return False
    if drawn is None or drawn.zone is not Zone.RESERVE:
        return False     # drawn but not rolled (Prepped, put in the used pile, fielded as drawn)
    game.say("Randy Savage: draws and rolls 1 additional die.", ctx.controller)
    return bool(draw_quietly(ctx, 1, "reserve", "29wwe"))


# -- 31wwe Mankind: The Hardcore Legend --------------------------------------------------

@script("31wwe")
def mankind_prep(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The opponent Prepped 1 or more dice: once for all the dice of that moment (the
    other triggers of the same batch are dropped), the controller may Prep 1 die from
    their bag."""
    game = ctx.game
    if ctx.slot is None:
        return False
    mine = (ctx.controller, ctx.slot, ability_index(game, ctx.slot, "prepped"))
    if game.trigger_batches:
        game.trigger_batches[0] = [t for t in game.trigger_batches[0] if (t.controller, t.slot, t.ability) != mine]
    ask(game, ctx.controller, "Mankind: your opponent Prepped dice. Prep 1 die from your bag?",
        (Choose(1), Pass()), then=_mankind_prepped, data=Frame.of(ctx))
    return True


@continuation("31wwe", Frame)
def _mankind_prepped(game: Game, player: int, action: Action, data: Frame) -> None:
    if isinstance(action, Pass):
        game.say("does not Prep a die.", player)
        return
    primitives.apply(Context(game, player, data.slot), Effect("draw", amount=Amount(fixed=1), into="prep"),
                     [], [player])


# -- 38wwe Ronda Rousey: The Baddest Woman on the Planet ---------------------------------

GENERIC_1 = Cost(1)


def _one_energy(game: Game, player: int) -> list[Payment]:
    return payment_options(game.energy_sources(player), game.players[player].virtual, GENERIC_1, 3)


@script("38wwe")
def ronda_impulse(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Impulse: pay [1] (any energy) and Prep the die just bought."""
    game = ctx.game
    options = _one_energy(game, ctx.controller)
    if ctx.source is None or not options:
        game.say("has no energy left to pay [1]: the die stays where it is.", ctx.controller)
        return False
    if len(options) == 1:
        _ronda_paid(game, ctx.controller, 0, ctx.source.id)
        return True
    listing = "; ".join(f"{i}: {_payment_text(game, p)}" for i, p in enumerate(options))
    ask(game, ctx.controller, f"Ronda Rousey: choose how to pay [1] ({listing}).",
        tuple(Choose(i) for i in range(len(options))), then=_ronda_payment_chosen, data=OneDie(ctx.source.id))
    return True


def _payment_text(game: Game, payment: Payment) -> str:
    parts = [f"{'+'.join(s.symbols) or s.generic} from {game.dice[s.die_id].spec.name}" for s in payment.spends]
    if payment.virtual:
        parts.append(f"{payment.virtual} virtual")
    return ", ".join(parts)


@continuation("38wwe", OneDie)
def _ronda_payment_chosen(game: Game, player: int, action: Action, data: OneDie) -> None:
    assert isinstance(action, Choose)
    _ronda_paid(game, player, action.index, data.die)


def _ronda_paid(game: Game, player: int, index: int, die_id: int) -> None:
    spent = pay(game, player, _one_energy(game, player)[index], GENERIC_1)
    game.say(f"pays {spent} for Ronda Rousey's Impulse.", player)
    effects.move(game, game.dice[die_id], Zone.PREP)


# -- 41wwe Sasha Banks: The Boss ---------------------------------------------------------

def _sasha_rule(ctx: Context) -> rules.ActiveRule:
    return rules.ActiveRule(ctx.controller, ctx.slot, Effect(
        "rule", rule="purchase_cost", amount=Amount(fixed=-2), applies_to=DieFilter(owner="you", zone="card")))


@script("41wwe")
def sasha_discount(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """This turn, the controller's next Superstar purchase costs 2 less (a turn rule that
    the purchase itself removes)."""
    ctx.game.turn_rules.append(_sasha_rule(ctx))
    ctx.game.say("Sasha Banks: the next Superstar die purchase this turn costs 2 less.", ctx.controller)
    return True


@script("41wwe:2")
def sasha_discount_used(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    mine = _sasha_rule(ctx)
    left = [r for r in game.turn_rules if r != mine]
    if len(left) == len(game.turn_rules):
        return False
    game.turn_rules = left
    game.say("Sasha Banks's reduction is used up.", ctx.controller)
    return True


# -- 46wwe Triple H: The Cerebral Assassin ----------------------------------------------

@script("46wwe")
def triple_h_name(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Name a non-Sidekick Superstar (replacing any earlier name): the card's "while
    active" rules stop the opponent buying or fielding dice of that name."""
    game = ctx.game
    names = character_names(game)
    listing = "; ".join(f"{i}: {n}" for i, n in enumerate(names))
    assert ctx.slot is not None
    ask(game, ctx.controller, f"Triple H: name a Superstar die ({listing}).",
        tuple(Choose(i) for i in range(len(names))), then=_triple_h_named, data=NameChoice(ctx.slot, names))
    return True


@continuation("46wwe", NameChoice)
def _triple_h_named(game: Game, player: int, action: Action, data: NameChoice) -> None:
    assert isinstance(action, Choose)
    name = data.names[action.index]
    game.bookkeeping.named[data.slot] = name
    game.say(f"names {name}: the opponent can't purchase or field it while Triple H is active.", player)


# -- 47wwe Triple H: The Game ------------------------------------------------------------

@script("47wwe")
def triple_h_toll(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The player whose turn starts loses 1 life; 2 for the controller's opponent when
    one of this card's active dice shows a burst and that opponent has more life."""
    game = ctx.game
    player = game.active
    loss = 1
    burst = any(d.slot == ctx.slot and d.zone is Zone.FIELD and d.owner == ctx.controller
                and d.spec.faces[d.face].kind == CHARACTER and d.spec.faces[d.face].burst for d in game.dice)
    if player != ctx.controller and burst and game.players[player].life > game.players[ctx.controller].life:
        loss = 2
    game.lose_life({player: loss})
    return True

"""World's Finest scripts, cards 49-76: what the ability language cannot say.

Cards here: General Zod: Despot (49); Harvey Bullock (51); Kryptonite (54); Lex Luthor
(55); Mr. Freeze (57); Scarecrow (64); Steel (65); The Penguin (70); Ultraman (73). Cards
77-96 are in
``wf_77_96``, the helpers both use in ``wf_common``.

Each script is named by its card code (``51wf``; ``51wf:2`` for a card's second one) and
uses the engine's own primitives (``effects``, ``keywords``, ``windows.field_die``), so every
rule a data effect obeys still applies. Choices made part-way use ``ask`` and a
continuation; what a card must remember between steps is kept as numbers in
``Game.script_state`` or as rules in ``Game.turn_rules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Amount, Cost, DieFilter, Effect
from teambuilder.catalogue.model import ENERGY_TYPES
from teambuilder.engine import keywords, moves, primitives, rules, turn
from teambuilder.engine.actions import Action, Choose, ChooseTarget, UseGlobal
from teambuilder.engine.dice import ENERGY
from teambuilder.engine.scripts import Frame, ask, continuation, script
from teambuilder.engine.scripts.wf_common import (
    FOREVER,
    ask_target,
    card_character_dice,
    damage,
    payments,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Mark, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


# -- 49 General Zod: Despot ---------------------------------------------------------------

@script("49wf")
def zod_despot(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Each General Zod die of this card gets +1A and Fast this turn."""
    mine = card_character_dice(ctx)
    primitives.apply(ctx, Effect("modify", attack=1), mine, [])
    primitives.apply(ctx, Effect("gain_keyword", keyword="fast"), mine, [])
    return bool(mine)


# -- 51 Harvey Bullock: Intimidating Investigator -----------------------------------------

def _harvey_key(slot: int | None, player: int) -> str:
    return f"51wf:{slot}:{player}"


@script("51wf")
def harvey_choose(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Before the roll: the controller names a number (0 up to all the energy the dice to
    be rolled could show)."""
    game = ctx.game
    rolled = len(game.zone(ctx.controller, Zone.PREP)) + turn.DRAW_COUNT + (
        rules.extra_draws(game, ctx.controller) if game.has_rules else 0)
    top = 2 * rolled
    ask(game, ctx.controller, f"Harvey Bullock: choose a number of energy (0-{top}) for your first roll.",
        tuple(Choose(n) for n in range(top + 1)), harvey_number, Frame.of(ctx))
    return True


@continuation("51wf:number", Frame)
def harvey_number(game: Game, player: int, action: Action, data: Frame) -> None:
    assert isinstance(action, Choose)
    game.script_state[_harvey_key(data.slot, player)] = action.index
    game.say(f"Harvey Bullock: chooses {action.index}.", player)


@script("51wf:2")
def harvey_check(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After the first roll: if the energy rolled (symbols, a generic 2 counts 2) equals the
    number, deal 2 damage to 1 target character die and gain 2 life."""
    game = ctx.game
    number = game.script_state.pop(_harvey_key(ctx.slot, ctx.controller), None)
    if number is None:
        return False
    total = sum(d.spec.faces[d.face].energy_amount for d in game.zone(ctx.controller, Zone.PREP)
                if d.spec.faces[d.face].kind == ENERGY)
    if total != number:
        game.say(f"Harvey Bullock: rolled {total} energy, not {number}.", ctx.controller)
        return False
    game.say(f"Harvey Bullock: rolled exactly {number} energy.", ctx.controller)
    if not ask_target(ctx, "Harvey Bullock: choose a character die to take 2 damage.", harvey_target):
        game.gain_life(ctx.controller, 2)
    return True


@continuation("51wf:target", Frame)
def harvey_target(game: Game, player: int, action: Action, data: Frame) -> None:
    assert isinstance(action, ChooseTarget)
    damage(data.context(game), 2, [game.dice[action.target]], [])
    game.gain_life(player, 2)


# -- 54 Kryptonite: Green Death -----------------------------------------------------------

@script("54wf")
def green_death(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The target die's card loses its text this turn (all its dice and its globals)."""
    game = ctx.game
    done = False
    for die in dice:
        if die.slot is None:
            game.say("a Sidekick has no card text to lose.", ctx.controller)
            continue
        slot = die.copy_of if die.copy_of is not None else die.slot
        game.turn_rules.append(rules.ActiveRule(ctx.controller, ctx.slot, Effect("rule", rule="no_text"),
                                                slots=(slot,)))
        game.say(f"{game.slots[slot].card.card.full_name} loses its text this turn.", ctx.controller)
        done = True
    return done


# -- 55 Lex Luthor: Citizen of Metropolis -------------------------------------------------

@script("55wf")
def lex_name(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Name an energy type (replacing an earlier choice)."""
    ask(ctx.game, ctx.controller, "Lex Luthor: name an energy type: "
        + ", ".join(f"{i}: {e}" for i, e in enumerate(ENERGY_TYPES)),
        tuple(Choose(i) for i in range(len(ENERGY_TYPES))), lex_named, Frame.of(ctx))
    return True


@continuation("55wf:name", Frame)
def lex_named(game: Game, player: int, action: Action, data: Frame) -> None:
    """While a die of this card is in the field, characters of the named type cost 1 more to
    purchase and to field: the rules last all game, and count 1 only while the card is
    active (the number of its cards in the field, 0 or 1)."""
    assert isinstance(action, Choose)
    energy = ENERGY_TYPES[action.index]
    slot = data.slot
    game.turn_rules = [r for r in game.turn_rules if not (r.slot == slot and r.effect.name == "55wf")]
    active = Amount(count=DieFilter(this=True), distinct="cards")
    for rule in ("purchase_cost", "field_cost"):
        named = Effect("rule", rule=rule, amount=active, applies_to=DieFilter(energy=(energy,), zone="any"),
                       name="55wf")
        game.turn_rules.append(rules.ActiveRule(player, slot, named, until_turn=FOREVER))
    game.say(f"Lex Luthor names {energy}: {energy} characters cost 1 more to purchase and to field.", player)


# -- 57 Mr. Freeze: Deep Freeze -----------------------------------------------------------

@script("57wf")
def deep_freeze(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The character die Mr. Freeze damaged, if the damage does not KO it, goes out of play
    until the end of the opponent's turn (this turn if it is theirs, else their next)."""
    game = ctx.game
    die = ctx.event_die
    if die is None or die.zone is not Zone.FIELD or not game.is_character(die):
        return False
    defense = game.stats(die)[1]
    saved = game.has_keyword(die, "iron_will")
    if die.damage >= defense and not saved:
        return False
    duration = "until_your_next_turn" if game.active == ctx.controller else "turn"
    return keywords.set_aside(game, die, duration)


# -- 64 Scarecrow: Arkham Antagonist ------------------------------------------------------

@script("64wf")
def scarecrow(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The die just taken under control must attack this turn. It comes back to its owner's
    field at the level it had when taken even if it attacked unblocked (which sends a die
    out of play): it waits out of play as set-aside dice do, returning at end of turn."""
    game = ctx.game
    taken = [d for d in ctx.targets if d.zone is Zone.FIELD and d.owner == ctx.controller]
    for die in taken:
        die.flags.add(Mark.SET_ASIDE)
        game.bookkeeping.set_aside.append((die.id, die.spec.faces[die.face].level, game.turn_number))
    return primitives.apply(ctx, Effect("must_attack"), taken, [])


# -- 65 Steel: Super Support --------------------------------------------------------------

@script("65wf")
def steel_tax(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """An opponent who used a global on one of your cards pays [1] or 1 life."""
    game = ctx.game
    user = ctx.event_player
    if user is None or user == ctx.controller:
        return False
    used = next((a for a in reversed(game.record) if isinstance(a, UseGlobal)), None)
    if used is None or game.slots[used.slot].owner != ctx.controller:
        return False
    options = payments(game, user, Cost(1))
    ask(game, user, "Steel: pay 1 life (0) or [1] energy (1...).",
        (Choose(0),) + tuple(Choose(i + 1) for i in range(len(options))), steel_paid, Frame.of(ctx))
    return True


@continuation("65wf:pay", Frame)
def steel_paid(game: Game, player: int, action: Action, data: Frame) -> None:
    assert isinstance(action, Choose)
    if action.index == 0:
        game.say("pays 1 life for Steel.", player)
        game.lose_life({player: 1})
        return
    payment = payments(game, player, Cost(1))[action.index - 1]
    spent = moves.pay(game, player, payment, Cost(1))
    game.say(f"pays [1] for Steel ({spent}).", player)


# -- 70 The Penguin: Oswald Cobblepot -----------------------------------------------------

@script("70wf")
def penguin(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The player who fielded the non-Villain die takes 1 damage from The Penguin."""
    die = ctx.event_die
    if die is None or die.owner is None:
        return False
    return damage(ctx, 1, [], [die.owner])


# -- 73 Ultraman: From the House of Power -------------------------------------------------

@script("73wf")
def ultraman(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Each Ultraman die of this card gets +4A and +4D this turn."""
    mine = card_character_dice(ctx)
    return primitives.apply(ctx, Effect("modify", attack=4, defense=4), mine, [])

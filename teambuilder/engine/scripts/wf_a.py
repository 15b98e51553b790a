"""World's Finest, cards 1 to 48: the parts of their abilities the data cannot say.

Each script is named after its card (``1wf:2`` is card 1's second ability) and works
through the engine's own primitives (``effects``, ``rules``, ``windows``), so every rule a
data effect obeys still applies. Continuations (the answer to a question a script asks)
are named ``wf_a:...``. Values kept between a question and its answer, or between two
abilities of one card, live in ``game.script_state`` as plain numbers and lists.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from teambuilder.catalogue.abilities import Amount, Cost, DieFilter, Effect
from teambuilder.engine import effects, primitives, rules, selectors, triggers
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass, Purchase
from teambuilder.engine.dice import CHARACTER, ENERGY
from teambuilder.engine.scripts import CONTINUATIONS, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

# Dice under Batcave stay out of play with a "set aside" entry that never comes due, so
# the end of the turn neither returns them nor sweeps them to the used pile.
_NEVER = 10 ** 9


def _slot(ctx: Context) -> int:
    return -1 if ctx.slot is None else ctx.slot


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _ints(value: object) -> list[int]:
    assert isinstance(value, list)
    return [_int(v) for v in value]


# -- "an opponent may pay N life": Batman's global (1-3), Catwoman: Acrobat (44),
#    Superman's global (22-24) ---------------------------------------------------------

def _offer_life(ctx: Context, die: Die, life: int, what: str, then: str) -> bool:
    """Ask the opponent of the ability's controller whether they pay ``life`` to stop
    ``what``; the continuation ``then`` does it when they do not."""
    game = ctx.game
    opponent = 1 - ctx.controller
    data = {"die": die.id, "life": life, "controller": ctx.controller, "slot": _slot(ctx)}
    if game.players[opponent].life < life:
        # Life that is not there cannot be paid: the effect simply happens.
        game.say(f"cannot pay {life} life.", opponent)
        CONTINUATIONS[then](game, opponent, Pass(), {**data, "silent": 1})
        return True
    ask(game, opponent, f"Pay {life} life to stop {what} {game.die_name(die)}?", (Pass(), Choose(1)),
        then=then, data=data)
    return True


def _paid(game: Game, player: int, action: Action, data: dict[str, Any]) -> bool:
    if not isinstance(action, Choose):
        if not data.get("silent"):
            game.say("does not pay life.", player)
        return False
    life = _int(data["life"])
    game.say(f"pays {life} life to stop it.", player)
    game.lose_life({player: life})
    return True


@script("1wf:2")
@script("2wf:2")
@script("3wf:2")
@script("44wf")
def ko_unless_two_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """KO the target die unless an opponent pays 2 life (each instance asks again)."""
    if not dice:
        return False
    return _offer_life(ctx, dice[0], 2, "the KO of", "wf_a:ko_unless_life")


@continuation("wf_a:ko_unless_life")
def _ko_unless_life(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    if _paid(game, player, action, data):
        return
    effects.ko(game, game.dice[_int(data["die"])])


@script("22wf:2")
@script("23wf:2")
@script("24wf:2")
def prevent_three_unless_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Prevent 3 damage to the target die this turn unless an opponent pays 1 life."""
    if not dice:
        return False
    return _offer_life(ctx, dice[0], 1, "3 damage being prevented to", "wf_a:prevent_unless_life")


@continuation("wf_a:prevent_unless_life")
def _prevent_unless_life(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    if _paid(game, player, action, data):
        return
    die = game.dice[_int(data["die"])]
    if die.zone is not Zone.FIELD:
        return
    slot = _int(data["slot"])
    ctx = Context(game, _int(data["controller"]), None if slot < 0 else slot)
    primitives.apply(ctx, Effect("prevent", amount=Amount(fixed=3)), [die], [])
    game.say(f"the next 3 damage to {game.die_name(die)} this turn will be prevented.", die.owner)


# -- Harvey Bullock (8, 9): name a number, then compare the first roll ---------------------

def _number_key(ctx: Context) -> str:
    return f"wf_a:number:{_slot(ctx)}"


@script("8wf")
@script("9wf")
def choose_number(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Before the Roll and Reroll Step: the controller names a number of energy."""
    from teambuilder.engine.turn import DRAW_COUNT
    game = ctx.game
    player = ctx.controller
    extra = rules.extra_draws(game, player) if game.has_rules else 0
    dice_to_roll = DRAW_COUNT + extra + len(game.zone(player, Zone.PREP))
    options = tuple(Choose(n) for n in range(2 * dice_to_roll + 1))
    ask(game, player, "Choose a number: the energy your first roll must total.", options,
        then="wf_a:number", data={"key": _number_key(ctx)})
    return True


@continuation("wf_a:number")
def _number_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, Choose)
    game.script_state[str(data["key"])] = [game.turn_number, action.index]
    game.say(f"chooses the number {action.index}.", player)


@script("8wf:2")
@script("9wf:2")
def rolled_the_number(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After the first roll: whether the energy rolled (counting each energy, a double as
    two) totals exactly the chosen number."""
    game = ctx.game
    chosen = game.script_state.get(_number_key(ctx))
    if not isinstance(chosen, list) or chosen[0] != game.turn_number:
        return False
    number = _int(chosen[1])
    faces = [d.spec.faces[d.face] for d in game.zone(ctx.controller, Zone.PREP)]
    total = sum(f.energy_amount for f in faces if f.kind == ENERGY)
    hit = total == number
    game.say(f"rolled {total} energy; the number was {number}: {'a match' if hit else 'no match'}.",
             ctx.controller)
    return hit


# -- Dark Avenger (27): 1 damage, or 2 with an active Batman Family character --------------

@script("27wf", harms=True)
def dark_avenger(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    batman_family = selectors.select(ctx, DieFilter(owner="you", affiliations=("batman_family",)))
    amount = 2 if batman_family else 1
    return primitives.apply(ctx, replace(effect, op="damage", amount=Amount(fixed=amount)), dice, players)


# -- End of Days (28): each player keeps one character die --------------------------------

@script("28wf")
def end_of_days(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    _keep_next(game, [game.active, game.inactive], [])
    return True


def _keep_next(game: Game, waiting: list[int], keep: list[int]) -> None:
    """Ask the next player with a choice which die they keep; then KO all the others."""
    while waiting:
        player = waiting.pop(0)
        mine = game.field_characters(player)
        if len(mine) > 1:
            ask(game, player, "End of Days: choose the one character die you keep.",
                tuple(ChooseTarget(d.id) for d in mine), then="wf_a:end_of_days",
                data={"waiting": waiting, "keep": keep})
            return
        keep.extend(d.id for d in mine)
    for die in game.field_characters():
        if die.id not in keep:
            effects.ko(game, die)


@continuation("wf_a:end_of_days")
def _end_of_days(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    game.say(f"keeps {game.die_name(game.dice[action.target])}.", player)
    _keep_next(game, _ints(data["waiting"]), _ints(data["keep"]) + [action.target])


# -- Man of Steel (30): the life it gains with an active Superman Family character ---------

@script("30wf")
def man_of_steel_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    if not selectors.select(ctx, DieFilter(owner="you", affiliations=("superman_family",))):
        return False
    ctx.game.gain_life(ctx.controller, 1)
    return True


# -- To the Rescue! (31): field one die from the reserve for free --------------------------

@script("31wf")
def field_for_free(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    from teambuilder.engine.windows import field_die
    game = ctx.game
    done = False
    for die in dice:
        if die.zone is not Zone.RESERVE or die.spec.faces[die.face].kind != CHARACTER:
            continue
        if game.has_rules and rules.forbidden(game, "cant_field", ctx.controller, die):
            continue
        field_die(game, die, " for free")
        done = True
    return done


# -- Batcave (37): dice go under it instead of the prep area, and come back ----------------

@script("37wf")
def under_batcave(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    die, cave = ctx.event_die, ctx.source
    if die is None or cave is None or cave.zone is not Zone.FIELD or die.zone not in (Zone.PREP, Zone.USED):
        return False
    die.reset()
    die.zone = Zone.OUT_OF_PLAY
    die.under = cave.id
    game.bookkeeping.set_aside.append((die.id, 1, _NEVER))
    game.say(f"puts {die.spec.name} under Batcave instead.", die.owner)
    return True


@script("37wf:2")
def leave_batcave(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Move one of your Batcave dice to the used pile; the dice under it return to the
    field at level 1 (moved there, not fielded)."""
    game = ctx.game
    caves = selectors.select(ctx, DieFilter(owner="you", kind="action", this=True))
    if not caves:
        return False
    cave = max(caves, key=lambda c: sum(1 for d in game.dice if d.under == c.id))
    under = [d for d in game.dice if d.under == cave.id and d.zone is Zone.OUT_OF_PLAY]
    effects.move(game, cave, Zone.USED)
    ids = {d.id for d in under}
    game.bookkeeping.set_aside = [entry for entry in game.bookkeeping.set_aside if entry[0] not in ids]
    for die in under:
        die.under = None
        effects.move(game, die, Zone.FIELD, 1)
    return True


# -- Batman: Speedy Recovery (39): KO a Batman die and bring it back at level 2 -----------

@script("39wf")
def speedy_recovery(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    batmen = selectors.select(ctx, DieFilter(owner="you", names=("Batman",)))
    if len(batmen) == 1:
        return _recover(game, batmen[0])
    if batmen:
        ask(game, ctx.controller, "Choose the Batman die to KO and bring back at level 2.",
            tuple(ChooseTarget(d.id) for d in batmen), then="wf_a:speedy_recovery")
    return bool(batmen)


def _recover(game: Game, die: Die) -> bool:
    if not effects.ko(game, die):
        return False
    effects.move(game, die, Zone.FIELD, 2)
    return True


@continuation("wf_a:speedy_recovery")
def _speedy_recovery(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _recover(game, game.dice[action.target])


# -- Brainiac (41): the target must block the attacker of your choice ----------------------

@script("41wf")
def must_block_attacker(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    attacking = [d for d in game.field_characters(ctx.controller) if d.attacking]
    if not dice or not attacking:
        return False
    data = {"blocker": dice[0].id, "controller": ctx.controller, "slot": _slot(ctx)}
    if len(attacking) == 1:
        _force_block(game, data, attacking[0].id)
    else:
        ask(game, ctx.controller, f"Choose the attacker {game.die_name(dice[0])} must block.",
            tuple(ChooseTarget(d.id) for d in attacking), then="wf_a:brainiac", data=data)
    return True


def _force_block(game: Game, data: dict[str, Any], attacker: int) -> None:
    """The blocker must block (if able) and may block only ``attacker``: a rule for this
    turn makes the other attackers unblockable by it."""
    blocker = game.dice[_int(data["blocker"])]
    controller, slot = _int(data["controller"]), _int(data["slot"])
    if blocker.zone is not Zone.FIELD:
        return
    primitives.apply(Context(game, controller, None if slot < 0 else slot), Effect("must_block"), [blocker], [])
    others = tuple(d.id for d in game.field_characters(controller) if d.attacking and d.id != attacker)
    if others:
        only = Effect("rule", rule="unblockable", match=DieFilter(this=True))
        game.turn_rules.append(rules.ActiveRule(controller, None if slot < 0 else slot, only,
                                                source=blocker.id, dice=others))
    game.say(f"{game.die_name(blocker)} must block {game.die_name(game.dice[attacker])} if able.", controller)


@continuation("wf_a:brainiac")
def _brainiac(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _force_block(game, data, action.target)


# -- Carmine Falcone (43): fewer Sidekicks in the field than the target opponent ---------

@script("43wf")
def fewer_sidekicks(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    from teambuilder.engine.keywords import is_sidekick_now
    game = ctx.game

    def sidekicks(player: int) -> int:
        return sum(1 for d in game.field_characters(player) if is_sidekick_now(game, d))

    hit = [p for p in players if sidekicks(ctx.controller) < sidekicks(p)]
    counts = ", ".join(f"{game.players[p].name} {sidekicks(p)}" for p in [ctx.controller, *players])
    game.say(f"Sidekick dice in the field: {counts}.", ctx.controller)
    if not hit:
        return False
    return primitives.apply(ctx, replace(effect, op="damage", amount=Amount(fixed=2)), [], hit)


# -- Clark Kent (45): KO'd by combat damage (the ability's ``if: combat``), field a
#    Superman die at level 2 ----------------------------------------------------------------

@script("45wf")
def glasses_come_off(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    supermen = [d for zone in ("used", "prep") for d in selectors.select(
        ctx, DieFilter(owner="you", names=("Superman",), zone=zone))[:1] if d.spec.level_face(2) is not None]
    supermen = [d for d in supermen if not (game.has_rules and rules.forbidden(game, "cant_field", ctx.controller, d))]
    if not supermen:
        return False
    ask(game, ctx.controller, "Field a Superman die at level 2 for free?",
        (Pass(),) + tuple(ChooseTarget(d.id) for d in supermen), then="wf_a:clark_kent")
    return True


@continuation("wf_a:clark_kent")
def _clark_kent(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    from teambuilder.engine.windows import field_die
    if not isinstance(action, ChooseTarget):
        game.say("does not field a Superman die.", player)
        return
    die = game.dice[action.target]
    if die.zone not in (Zone.USED, Zone.PREP):
        return
    face = die.spec.level_face(2)
    assert face is not None
    die.face = face
    field_die(game, die, " for free")


# -- Dick Grayson (47): buy a Dick Grayson die for 3 energy whenever a Batman Family die is KO'd

_DICK_COST = Cost(3, ("mask",))


@script("47wf")
def rising_to_the_occasion(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    from teambuilder.engine.energy import payment_options
    game, player, slot = ctx.game, ctx.controller, ctx.slot
    on_card = next((d for d in game.dice if d.slot == slot and d.zone is Zone.CARD), None)
    if slot is None or on_card is None:
        return False
    if game.has_rules and rules.forbidden(game, "cant_purchase", player, on_card):
        return False
    payments = payment_options(game.energy_sources(player), game.players[player].virtual, _DICK_COST, 3)
    if not payments:
        return False
    ask(game, player, "Buy a Dick Grayson die for 3 energy, into your Prep Area?",
        (Pass(),) + tuple(Purchase(slot, p) for p in payments), then="wf_a:dick_grayson")
    return True


@continuation("wf_a:dick_grayson")
def _dick_grayson(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    from teambuilder.engine.windows import pay
    if not isinstance(action, Purchase):
        game.say("does not buy a Dick Grayson die.", player)
        return
    die = next((d for d in game.dice if d.slot == action.slot and d.zone is Zone.CARD), None)
    if die is None:
        return
    spent = pay(game, player, action.payment, _DICK_COST)
    die.owner = player
    die.zone = Zone.PREP
    game.this_turn.purchases[player] = game.this_turn.purchases.get(player, 0) + 1
    game.say(f"buys {game.slots[action.slot].card.card.full_name} for 3 energy (paying {spent}); "
             "the die goes to the prep area.", player)
    triggers.emit(game, "purchased", die)
    triggers.watch(game, "any_purchased", die)

"""Scripts for the WWE Dice Masters basic action cards (49-58): what their abilities need
beyond the data language. Helpers shared with the Superstars are in ``wwe_common``; the
techniques are described in ``wwe``.
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects, keywords, primitives
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.scripts import ask, continuation, script
from teambuilder.engine.scripts.wwe_common import (
    ask_die,
    burst,
    follow_up,
    one_per_card,
    queue_damage,
    will_be_kod,
)
from teambuilder.engine.selectors import Context, die_cost
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


# -- 49wwe A Moment of Bliss -------------------------------------------------------------

@script("49wwe")
def bliss_leave_combat(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The global the action switched on: one of the controller's blocked attackers
    (chosen, not targeted) leaves combat before damage."""
    game = ctx.game
    blocked = [d for d in game.field_characters(ctx.controller) if d.attacking and d.blocked]
    if not blocked:
        return False
    if len(blocked) == 1:
        _bliss_take_out(game, blocked[0])
        return True
    ask_die(game, ctx.controller, "A Moment of Bliss: choose a blocked attacker to take out of combat", blocked,
             "49wwe", {})
    return True


@continuation("49wwe")
def _bliss_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _bliss_take_out(game, game.dice[action.target])


def _bliss_take_out(game: Game, attacker: Die) -> None:
    """The attacker stays in the field; its blockers no longer block it, so no combat
    damage passes between them."""
    for blocker in game.field_characters():
        if blocker.blocking == attacker.id:
            blocker.blocking = blocker.also_blocking.pop(0) if blocker.also_blocking else None
        elif attacker.id in blocker.also_blocking:
            blocker.also_blocking.remove(attacker.id)
    attacker.leave_combat()
    game.say(f"{game.die_name(attacker)} is taken out of combat.", attacker.owner)


# -- 51wwe Booker T, Ringside Announcer --------------------------------------------------

@script("51wwe")
def booker_choose_blocks(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """You may assign your opponent's blocks this turn (the rule ``choose_blocks``)."""
    ask(ctx.game, ctx.controller, "Booker T: choose your opponent's blocks this turn?", (Choose(1), Pass()),
        then="51wwe", data={"slot": ctx.slot, "source": None if ctx.source is None else ctx.source.id})
    return True


@continuation("51wwe")
def _booker_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    if isinstance(action, Pass):
        game.say("lets the opponent choose their blocks.", player)
        return
    source = None if data["source"] is None else game.dice[int(data["source"])]
    primitives.apply(Context(game, player, data["slot"], source, kind="action"), Effect("rule", rule="choose_blocks"),
                  [], [])
    game.say("will choose the opponent's blocks this turn.", player)


# -- 52wwe Chair Smash -------------------------------------------------------------------

def _chairs(game: Game, slot: int | None, owner: int | None = None) -> list[Die]:
    return [d for d in game.dice if d.slot == slot and d.zone is Zone.FIELD
            and (owner is None or d.owner == owner)]


@script("52wwe")
def chair_replaces_chair(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Using a Chair Smash sends every other Chair Smash die in the field to its owner's
    used pile."""
    others = [d for d in _chairs(ctx.game, ctx.slot) if d is not ctx.source]
    for die in others:
        effects.move(ctx.game, die, Zone.USED)
    return bool(others)


@script("52wwe:2")
def chair_smash(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Move the controller's Chair Smash die from the field to the used pile: it deals 3
    damage to the target. A burst die then checks whether the target survived."""
    game = ctx.game
    chairs = _chairs(game, ctx.slot, ctx.controller)
    if not chairs or ctx.slot is None:
        return False
    chair = chairs[0]
    bursts = burst(chair)
    effects.move(game, chair, Zone.USED)
    for target in dice:
        queue_damage(ctx, 3, chair, die=target)
    if bursts and dice:
        smashed = game.script_state.setdefault("52wwe", {})
        assert isinstance(smashed, dict)
        smashed[str(chair.id)] = dice[0].id
        follow_up(game, ctx.controller, ctx.slot, "burst" if bursts == 1 else "double_burst", chair, "action")
    return True


@script("52wwe:3")
def chair_survivor(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Burst: the target survived the smash: Prep the Chair Smash die."""
    game = ctx.game
    smashed = game.script_state.get("52wwe", {})
    assert isinstance(smashed, dict)
    chair = ctx.source
    if chair is None or str(chair.id) not in smashed:
        return False   # the die was just used: the burst only matters after a smash
    target = game.dice[int(smashed.pop(str(chair.id)))]
    if target.zone is not Zone.FIELD or will_be_kod(game, target) or chair.zone is not Zone.USED:
        return False
    effects.move(game, chair, Zone.PREP)
    return True


# -- 54wwe Money in the Bank -------------------------------------------------------------

@script("54wwe:2")
def bank_damaged_opponent(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The opponent was dealt damage: did the chosen die deal some (``Game.player_hits``
    records every die that damaged a player this turn)? "If it deals damage" happens once
    per use of the card."""
    game = ctx.game
    if ctx.event_player != 1 - ctx.controller or not ctx.bound:
        return False
    die = game.dice[ctx.bound[0]]
    dealt = die.id in game.this_turn.player_hits.get(1 - ctx.controller, set())
    done = game.script_state.setdefault("54wwe", [])
    assert isinstance(done, list)
    key = [game.turn_number, die.id, -1 if ctx.source is None else ctx.source.id]   # per use of the card
    if not dealt or key in done:
        return False
    done[:] = [k for k in done if k[0] == game.turn_number] + [key]
    game.say(f"{game.die_name(die)} damaged the opponent: Money in the Bank draws and rolls 3 dice.", ctx.controller)
    return True


@script("54wwe:3")
def bank_prep_instead(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """At end of turn: the chosen die, unblocked (it went out of play after damage),
    would go to the used pile at the end of the turn: Prep it instead."""
    game = ctx.game
    if not ctx.bound:
        return False
    die = game.dice[ctx.bound[0]]
    aside = {die_id for die_id, _, _ in game.bookkeeping.set_aside}
    if die.zone is not Zone.OUT_OF_PLAY or die.id not in game.this_turn.attacked or die.id in aside \
            or die.id in game.this_turn.spent or keywords.immortal_to_bag(game, die):
        return False
    game.say(f"Money in the Bank: {die.spec.name} is Prepped instead of going to the used pile.", ctx.controller)
    effects.move(game, die, Zone.PREP)
    return True


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
            (Pass(),) + tuple(Choose(i) for i in range(len(choices))), then="55wwe",
            data={"order": order, "user": user, "used": used_pile, "choices": choices})
        return


@continuation("55wwe")
def _paige_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    if isinstance(action, Choose):
        slot = int(data["choices"][action.index])
        die = next(d for d in game.dice if d.slot == slot and d.zone is Zone.CARD)
        die.owner = player
        to_used = bool(data["used"]) and player != int(data["user"])
        effects.move(game, die, Zone.USED if to_used else Zone.BAG)
    else:
        game.say("adds no die.", player)
    _paige_next(game, list(data["order"]), int(data["user"]), bool(data["used"]))


# -- 56wwe Paul Heyman, Manager ----------------------------------------------------------

@script("56wwe")
def heyman(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """First pass: each player (active first) chooses one of their Superstar dice in the
    field; they deal each other damage equal to their own purchase cost. Second pass
    (queued behind that damage): each die it KOs costs its controller 1 life (2 on a
    burst, 3 on a double burst)."""
    game = ctx.game
    state = game.script_state.get("56wwe")
    if isinstance(state, dict) and ctx.source is not None and state.get("die") == ctx.source.id \
            and state.get("turn") == game.turn_number:
        del game.script_state["56wwe"]
        loss = 1 + burst(ctx.source)
        losses: dict[int, int] = {}
        for die_id in state["chosen"]:
            die = game.dice[die_id]
            if die.owner is not None and will_be_kod(game, die):
                losses[die.owner] = losses.get(die.owner, 0) + loss
        game.lose_life(losses)      # one effect: both players at 0 is a tie
        return True
    _heyman_next(game, [ctx.controller, 1 - ctx.controller],
                 {"user": ctx.controller, "slot": ctx.slot, "die": None if ctx.source is None else ctx.source.id,
                  "chosen": []})
    return True


def _heyman_next(game: Game, order: list[int], data: dict[str, Any]) -> None:
    while order:
        player = order.pop(0)
        mine = game.field_characters(player)
        if not mine:
            game.say("has no Superstar die in the field: Paul Heyman does nothing.", player)
            return
        if len(mine) == 1:
            data["chosen"].append(mine[0].id)
            continue
        ask_die(game, player, "Paul Heyman: choose one of your dice in the Field Zone", mine, "56wwe",
                 {**data, "order": order})
        return
    chosen = [game.dice[i] for i in data["chosen"]]
    user = int(data["user"])
    ctx = Context(game, user, data["slot"], None if data["die"] is None else game.dice[int(data["die"])],
                  kind="action")
    first, second = chosen
    queue_damage(ctx, die_cost(game, first), first, die=second)
    queue_damage(ctx, die_cost(game, second), second, die=first)
    game.say(f"{game.die_name(first)} and {game.die_name(second)} deal damage to each other.", user)
    game.script_state["56wwe"] = {"die": data["die"], "chosen": data["chosen"], "turn": game.turn_number}
    follow_up(game, user, int(data["slot"]), "action", ctx.source, "action")


@continuation("56wwe")
def _heyman_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    data = dict(data)
    data["chosen"] = list(data["chosen"]) + [action.target]
    order = list(data.pop("order"))
    _heyman_next(game, order, data)


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
             "57wwe", {})
    return True


@continuation("57wwe")
def _kevin_given(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _kevin_give(game, player, game.dice[action.target])


def _kevin_give(game: Game, player: int, given: Die) -> None:
    choices = _unpurchased_cards(game, player, die_cost(game, given) + 2, given.slot)
    if len(choices) == 1:
        _kevin_take(game, player, given.id, choices[0])
        return
    listing = "; ".join(f"{i}: {game.slots[s].card.card.full_name}" for i, s in enumerate(choices))
    ask(game, player, f"Kevin Owens Show: take which unpurchased die ({listing})?",
        tuple(Choose(i) for i in range(len(choices))), then="57wwe:2", data={"given": given.id, "choices": choices})


@continuation("57wwe:2")
def _kevin_taken(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, Choose)
    _kevin_take(game, player, int(data["given"]), int(data["choices"][action.index]))


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
        (Choose(1), Choose(2), Choose(3)), then="58wwe", data={})
    return True


@continuation("58wwe")
def _elias_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, Choose)
    game.say("has chosen how many dice to draw.", player)
    ask(game, 1 - player, "Walk with Elias: guess how many dice your opponent draws (1, 2 or 3).",
        (Choose(1), Choose(2), Choose(3)), then="58wwe:2", data={"count": action.index})


@continuation("58wwe:2")
def _elias_guessed(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    from teambuilder.engine.turn import draw
    assert isinstance(action, Choose)
    user, count = 1 - player, int(data["count"])
    right = action.index == count
    game.say(f"guesses {action.index}: {'right' if right else 'wrong'} ({count} drawn).", player)
    for die in draw(game, user, count):
        effects.move(game, die, Zone.USED if right else Zone.PREP)

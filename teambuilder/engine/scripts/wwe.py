"""Scripts for the WWE Dice Masters Superstar cards (1-48): what their abilities need beyond
the data language; the basic actions (49-58) are in ``wwe_actions``, shared helpers in
``wwe_common``. In WWE "Superstar" means character.

Each script is named after its card (``5wwe``; ``19wwe:2`` for a card's second one) and
works through the engine's own primitives (``effects``, ``rules``, ``keywords``,
``windows``), so every rule still applies. What must be remembered between two moments
of a turn is kept as plain values in ``Game.script_state`` (keys start with the card
code) or ``Game.named``.

Two techniques recur:

- "If that KOs it" / "if it survives": damage is queued (prevention and reactions come
  first) and KOs happen after triggers resolve, so an ability that must know the outcome
  runs a follow-up once the damage has landed (its own ``deals_damage`` trigger, or a
  follow-up ability queued right behind the damage) and asks ``will_be_kod``.
- Choices part-way use ``ask`` with a continuation; a chain of choices (each player in
  turn) passes plain data from one continuation to the next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from teambuilder.catalogue.abilities import Amount, Cost, DieFilter, Effect
from teambuilder.engine import effects, primitives, rules, triggers
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.dice import ACTION, CHARACTER
from teambuilder.engine.energy import Payment, payment_options
from teambuilder.engine.scripts import ask, continuation, script
from teambuilder.engine.scripts.wwe_common import (
    ability_index,
    ask_die,
    burst,
    character_names,
    draw_quietly,
    in_combat_with,
    one_per_card,
    opponent_damaged,
    queue_damage,
    will_be_kod,
)
from teambuilder.engine.selectors import Context, card_name
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


# -- 2wwe AJ Styles: The Champ That Runs the Camp ----------------------------------------

@script("2wwe")
def aj_prep_from_used(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """When this die damages the opponent: Prep a die of the player's choice from the
    used pile."""
    game = ctx.game
    if not opponent_damaged(ctx):
        return False
    used = one_per_card(game.zone(ctx.controller, Zone.USED))
    if not used:
        game.say("has no die in the used pile to Prep.", ctx.controller)
        return False
    if len(used) == 1:
        effects.move(game, used[0], Zone.PREP)
        return True
    ask_die(game, ctx.controller, "AJ Styles: choose a die to Prep from your used pile", used, "2wwe", {})
    return True


@continuation("2wwe")
def _aj_prepped(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    effects.move(game, game.dice[action.target], Zone.PREP)


# -- 5wwe Asuka: The Future --------------------------------------------------------------

@script("5wwe")
def asuka_name_and_draw(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Name a non-Sidekick Superstar, then draw 1 die: the named one is fielded at level 3,
    anything else goes to the used pile."""
    game = ctx.game
    names = character_names(game)
    listing = "; ".join(f"{i}: {n}" for i, n in enumerate(names))
    ask(game, ctx.controller, f"Asuka: name a Superstar die ({listing}).",
        tuple(Choose(i) for i in range(len(names))), then="5wwe", data={"slot": ctx.slot, "names": names})
    return True


@continuation("5wwe")
def _asuka_named(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    from teambuilder.engine.turn import draw
    from teambuilder.engine.windows import field_die
    assert isinstance(action, Choose)
    name = str(data["names"][action.index])
    game.bookkeeping.named[int(data["slot"])] = name
    game.say(f"names {name}.", player)
    for die in draw(game, player, 1):
        level_3 = die.spec.level_face(3)
        if card_name(game, die) == name and die.slot is not None and level_3 is not None \
                and not rules.forbidden(game, "cant_field", player, die):
            game.say(f"draws {die.spec.name}: the named die.", player)
            die.face = level_3
            field_die(game, die, " at level 3")
        else:
            game.say(f"draws {die.spec.name}: not the named die.", player)
            effects.move(game, die, Zone.USED)


# -- 7wwe Becky Lynch: Maiden Ireland ----------------------------------------------------

@script("7wwe")
def becky_reroll(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Reroll the targets; those not showing a Superstar face go to their owner's used
    pile, and Becky deals the opponent 1 damage for each."""
    moved = 0
    for die in dice:
        effects.reroll_fielded(ctx.game, die, Zone.USED)
        if die.zone is not Zone.FIELD:
            moved += 1
    if moved:
        queue_damage(ctx, moved, ctx.source, player=1 - ctx.controller)
    return bool(dice)


# -- 9wwe Becky Lynch: The Man! ----------------------------------------------------------

def _rollable_basic_actions(game: Game) -> list[int]:
    """Basic action cards, not Continuous, with a die still on the card."""
    return [s.index for s in game.slots if s.card.card.kind == "basic_action" and not s.card.continuous
            and any(d.slot == s.index and d.zone is Zone.CARD for d in game.dice)]


@script("9wwe")
def becky_roll_basic_action(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Roll an unpurchased, non-Continuous basic action die; on an action face its
    effect may be resolved at once. The die stays on (returns to) its card."""
    game = ctx.game
    choices = _rollable_basic_actions(game)
    if not choices:
        game.say("has no unpurchased basic action die to roll.", ctx.controller)
        return False
    if len(choices) == 1:
        _becky_roll(game, ctx.controller, choices[0])
        return True
    listing = "; ".join(f"{i}: {game.slots[s].card.card.name}" for i, s in enumerate(choices))
    ask(game, ctx.controller, f"Becky Lynch: choose a basic action die to roll ({listing}).",
        tuple(Choose(i) for i in range(len(choices))), then="9wwe", data={"choices": choices})
    return True


@continuation("9wwe")
def _becky_card_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, Choose)
    _becky_roll(game, player, int(data["choices"][action.index]))


def _becky_roll(game: Game, player: int, slot: int) -> None:
    from teambuilder.engine.turn import roll
    die = next(d for d in game.dice if d.slot == slot and d.zone is Zone.CARD)
    roll(game, die)
    face = die.spec.faces[die.face]
    game.say(f"rolls {die.spec.name}: {face.describe()}.", player)
    if face.kind != ACTION:
        game.say(f"{die.spec.name} goes back to its card.", player)
        return
    ask(game, player, f"Resolve the effect of {die.spec.name} now?", (Choose(1), Pass()), then="9wwe:2",
        data={"die": die.id})


@continuation("9wwe:2")
def _becky_resolve(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    die = game.dice[int(data["die"])]
    if isinstance(action, Pass) or die.slot is None:
        game.say(f"does not resolve {die.spec.name}; it goes back to its card.", player)
        return
    bursts = burst(die)
    wanted = {"action"} | ({"burst"} if bursts == 1 else {"double_burst"} if bursts == 2 else set())
    card = game.slots[die.slot].card
    found = False
    for index, ability in enumerate(card.abilities):
        if ability.trigger in wanted:
            found = True
            triggers.queue_now(game, triggers.PendingTrigger(player, die.slot, index, die.id, bursts=bursts,
                                                             kind="action"))
    if not found:
        game.say(f"{die.spec.name} has no executable effect in this engine yet.", player)
    game.say(f"resolves the effect of {die.spec.name} at once; the die goes back to its card.", player)


# -- 11wwe Bobby Heenan: The Weasel ------------------------------------------------------

@script("11wwe")
def bobby_block_tax(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After blockers are declared in a turn when this card's dice were fielded: for each
    such fielding (each is its own "until end of turn" effect), the opponent loses 1 life
    per blocker per Bobby Heenan die the controller fielded this turn."""
    game = ctx.game
    if game.active != ctx.controller:
        return False
    fielded = [game.dice[i] for i in sorted(game.this_turn.fielded)]
    weasels = sum(1 for d in fielded if d.slot == ctx.slot)
    bobbies = sum(1 for d in fielded if d.slot is not None and card_name(game, d) == "Bobby Heenan"
                  and (d.owner == ctx.controller or d.home == ctx.controller))
    blockers = [d for d in game.field_characters(1 - ctx.controller) if d.blocking is not None or d.also_blocking]
    loss = weasels * bobbies * len(blockers)
    if not loss:
        return False
    game.say(f"Bobby Heenan: {len(blockers)} blocker(s), {bobbies} Bobby Heenan dice fielded this turn.",
             ctx.controller)
    game.lose_life({1 - ctx.controller: loss})
    return True


# -- 16wwe Charlotte Flair: The Nature Girl ----------------------------------------------

@script("16wwe")
def charlotte_gain_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    if not opponent_damaged(ctx):
        return False
    ctx.game.gain_life(ctx.controller, 1)
    return True


# -- 19wwe Eddie Guerrero: I Lie ---------------------------------------------------------

@script("19wwe")
def eddie_comes_back(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """KO'd after a Sidekick die damaged it in combat this turn: it comes back to the
    field at level 3 at the end of the turn (it waits out of play, as set-aside dice do)."""
    game = ctx.game
    die = ctx.source
    hits = game.script_state.get("19wwe", {})
    assert isinstance(hits, dict)
    if die is None or hits.get(str(die.id)) != game.turn_number:
        return False
    del hits[str(die.id)]
    if die.zone is not Zone.PREP:
        return False
    die.zone = Zone.OUT_OF_PLAY
    die.flags.add("set_aside")
    game.bookkeeping.set_aside.append((die.id, 3, game.turn_number))
    game.say(f"{die.spec.name} was KO'd by a Sidekick: it returns to the field at level 3 at end of turn.",
             die.owner)
    return True


@script("19wwe:2")
def eddie_remember_sidekick(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Remember that a Sidekick die engaged with this die damaged it this turn."""
    die = ctx.source
    if die is None:
        return False
    hitters = [d for d in ctx.game.field_characters() if d.is_sidekick and d.owner != die.owner
               and in_combat_with(d, die) and ctx.game.stats(d)[0] > 0]
    if not hitters:
        return False
    hits = ctx.game.script_state.setdefault("19wwe", {})
    assert isinstance(hits, dict)
    hits[str(die.id)] = ctx.game.turn_number
    return True


# -- 22wwe John Cena: You Can't See Me ---------------------------------------------------

@script("22wwe")
def cena_unblockable(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After his On attack damage lands: if it KOs the die, this die can't be blocked."""
    game = ctx.game
    target, cena = ctx.event_die, ctx.source
    if target is None or cena is None or not will_be_kod(game, target) or cena.zone is not Zone.FIELD:
        return False
    primitives.apply(ctx, Effect("unblockable"), [cena], [])
    return True


# -- 25wwe Kurt Angle: Intensity ---------------------------------------------------------

@script("25wwe")
def kurt_keep_one(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Each player (active player first) keeps 1 of their Superstar dice; the others are
    KO'd together once both have chosen."""
    game = ctx.game
    _kurt_next(game, [game.active, game.inactive], {})
    return True


def _kurt_next(game: Game, order: list[int], keep: dict[str, int]) -> None:
    while order:
        player = order.pop(0)
        mine = game.field_characters(player)
        if len(mine) <= 1:
            keep.update({str(player): d.id for d in mine})
            continue
        ask_die(game, player, "Kurt Angle: choose the Superstar die you keep", mine, "25wwe",
                 {"order": order, "keep": keep, "player": player})
        return
    doomed = [d for p in (game.active, game.inactive) for d in game.field_characters(p)
              if d.id != keep.get(str(p))]
    for die in doomed:
        effects.ko(game, die)


@continuation("25wwe")
def _kurt_kept(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    keep = dict(data["keep"])
    keep[str(player)] = action.target
    _kurt_next(game, list(data["order"]), keep)


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
    if not isinstance(state, dict) or state.get("turn") != game.turn_number or state.get("player") != ctx.controller:
        state = {"turn": game.turn_number, "player": ctx.controller, "before": []}
        game.script_state["28wwe"] = state
    if state.get("done"):
        return False
    state["done"] = True
    before = state["before"]
    assert isinstance(before, list)
    drawn = [d for d in game.zone(ctx.controller, Zone.PREP) if d.is_sidekick and d.id not in before]
    if not drawn:
        return False
    ask(game, ctx.controller, "Randy Savage: move a Sidekick die you drew to your used pile and draw 1 die "
        "to replace it?", (Choose(1), Pass()), then="28wwe", data={"die": drawn[0].id, "slot": ctx.slot})
    return True


@continuation("28wwe")
def _randy_swapped(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    if isinstance(action, Pass):
        game.say("keeps the Sidekick dice drawn.", player)
        return
    effects.move(game, game.dice[int(data["die"])], Zone.USED)
    draw_quietly(Context(game, player, data["slot"]), 1, "prep", "28wwe")


@script("28wwe:2")
def randy_prep_before_draw(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Before the Clear and Draw step: remember the dice already in the prep area (KO'd
    or Prepped earlier): they are not dice drawn this step."""
    game = ctx.game
    game.script_state["28wwe"] = {"turn": game.turn_number, "player": ctx.controller,
                                  "before": [d.id for d in game.zone(ctx.controller, Zone.PREP)]}
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
        (Choose(1), Pass()), then="31wwe", data={"slot": ctx.slot})
    return True


@continuation("31wwe")
def _mankind_prepped(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    if isinstance(action, Pass):
        game.say("does not Prep a die.", player)
        return
    primitives.apply(Context(game, player, data["slot"]), Effect("draw", amount=Amount(fixed=1), into="prep"),
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
        tuple(Choose(i) for i in range(len(options))), then="38wwe", data={"die": ctx.source.id})
    return True


def _payment_text(game: Game, payment: Payment) -> str:
    parts = [f"{'+'.join(s.symbols) or s.generic} from {game.dice[s.die_id].spec.name}" for s in payment.spends]
    if payment.virtual:
        parts.append(f"{payment.virtual} virtual")
    return ", ".join(parts)


@continuation("38wwe")
def _ronda_payment_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, Choose)
    _ronda_paid(game, player, action.index, int(data["die"]))


def _ronda_paid(game: Game, player: int, index: int, die_id: int) -> None:
    from teambuilder.engine.windows import pay
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
    ask(game, ctx.controller, f"Triple H: name a Superstar die ({listing}).",
        tuple(Choose(i) for i in range(len(names))), then="46wwe", data={"slot": ctx.slot, "names": names})
    return True


@continuation("46wwe")
def _triple_h_named(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, Choose)
    name = str(data["names"][action.index])
    game.bookkeeping.named[int(data["slot"])] = name
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

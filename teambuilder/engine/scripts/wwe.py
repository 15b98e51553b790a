"""Scripts for the WWE Dice Masters cards (1-58): what their abilities need beyond the data
language. In WWE "Superstar" means character.

Each script is named after its card (``5wwe``; ``19wwe:2`` for a card's second one) and
works through the engine's own primitives (``effects``, ``rules``, ``keywords``,
``windows``), so every rule still applies. What must be remembered between two moments
of a turn is kept as plain values in ``Game.script_state`` (keys start with the card
code) or ``Game.named``.

Two techniques recur:

- "If that KOs it" / "if it survives": damage is queued (prevention and reactions come
  first) and KOs happen after triggers resolve, so an ability that must know the outcome
  runs a follow-up once the damage has landed (its own ``deals_damage`` trigger, or a
  follow-up ability queued right behind the damage) and asks ``_will_be_kod``.
- Choices part-way use ``ask`` with a continuation; a chain of choices (each player in
  turn) passes plain data from one continuation to the next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from teambuilder.catalogue.abilities import Amount, Cost, DieFilter, Effect
from teambuilder.engine import effects, keywords, primitives, rules, triggers
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.dice import ACTION, CHARACTER
from teambuilder.engine.energy import Payment, payment_options
from teambuilder.engine.scripts import ask, continuation, script
from teambuilder.engine.selectors import Context, card_name, die_cost
from teambuilder.engine.state import DamageEvent, Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

# -- shared helpers ----------------------------------------------------------------------

def _opponent_damaged(ctx: Context) -> bool:
    """For a ``deals_damage`` trigger: the damage went to the controller's opponent."""
    return ctx.event_die is None and ctx.event_player == 1 - ctx.controller


def _will_be_kod(game: Game, die: Die) -> bool:
    """Whether the damage on a field Superstar die KOs it when the engine next checks:
    damage at least its defense, and neither Regenerate nor Iron Will stops the KO (Iron
    Will is asked without leaving a trace: its memory and log line are put back)."""
    if die.zone is not Zone.FIELD or not game.is_character(die):
        return False
    if die.damage < game.stats(die)[1] or game.has_keyword(die, "regenerate"):
        return False
    if game.has_keyword(die, "iron_will"):
        log_length, remembered = len(game.log), dict(game.iron_will)
        holds = keywords.iron_will_holds(game, die)
        del game.log[log_length:]
        game.iron_will.clear()
        game.iron_will.update(remembered)
        return not holds
    return True


def _in_combat_with(one: Die, other: Die) -> bool:
    return one.blocks(other.id) or other.blocks(one.id)


def _ability_index(game: Game, slot: int, trigger: str) -> int:
    return next(i for i, a in enumerate(game.slots[slot].card.abilities) if a.trigger == trigger)


def _follow_up(game: Game, controller: int, slot: int, trigger: str, source: Die | None,
               kind: str = "ability") -> None:
    """Queue the card's ``trigger`` ability to resolve after the damage queued so far has
    been dealt (the game deals pending damage before it starts new triggers)."""
    face = source.spec.faces[source.face] if source is not None else None
    triggers.queue_now(game, triggers.PendingTrigger(
        controller, slot, _ability_index(game, slot, trigger), None if source is None else source.id,
        bursts=face.burst if face is not None and face.kind == ACTION else 0, kind=kind))


def _queue_damage(ctx: Context, amount: int, source: Die | None, *, die: Die | None = None,
                  player: int | None = None) -> None:
    ctx.game.damage_queue.append(DamageEvent(amount, None if source is None else source.id,
                                             die=None if die is None else die.id, player=player, kind=ctx.kind))


def _character_names(game: Game) -> list[str]:
    """Names a player may name: every non-Sidekick Superstar card in the game."""
    return sorted({s.card.card.name for s in game.slots if s.card.card.kind == "character"})


def _ask_die(game: Game, player: int, prompt: str, dice: list[Die], then: str, data: dict[str, Any],
             optional: bool = False) -> None:
    """Ask ``player`` to pick one of ``dice`` (answered with ``{target: label}``)."""
    listing = "; ".join(game.die_name(d) for d in dice)
    options: tuple[Action, ...] = ((Pass(),) if optional else ()) + tuple(ChooseTarget(d.id) for d in dice)
    ask(game, player, f"{prompt} ({listing})", options, then=then, data=data)


def _one_per_card(dice: list[Die]) -> list[Die]:
    """Dice of the same card off the field are interchangeable: offer one of each."""
    seen: set[str] = set()
    found = []
    for die in dice:
        if die.spec.key not in seen:
            seen.add(die.spec.key)
            found.append(die)
    return found


def _burst(die: Die | None) -> int:
    if die is None:
        return 0
    face = die.spec.faces[die.face]
    return face.burst if face.kind == ACTION else 0


def _draw_quietly(ctx: Context, count: int, into: str, code: str) -> list[Die]:
    """Draw ``count`` dice for the controller into ``into`` (``reserve`` rolls them), so
    that the ``drawn`` abilities of cards ``code`` do not trigger on these dice ("dice
    drawn by this ability don't trigger it")."""
    game = ctx.game
    before, start = len(game.new_triggers), len(ctx.targets)
    primitives.apply(ctx, Effect("draw", amount=Amount(fixed=count), into=into), [], [ctx.controller])
    drawn = {d.id for d in ctx.targets[start:]}
    game.new_triggers[before:] = [
        t for t in game.new_triggers[before:]
        if not (t.event_die in drawn and game.slots[t.slot].card.code == code
                and triggers.ability_of(game, t).trigger == "drawn")]
    return [game.dice[i] for i in sorted(drawn)]


# -- 2wwe AJ Styles: The Champ That Runs the Camp ----------------------------------------

@script("2wwe")
def aj_prep_from_used(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """When this die damages the opponent: Prep a die of the player's choice from the
    used pile."""
    game = ctx.game
    if not _opponent_damaged(ctx):
        return False
    used = _one_per_card(game.zone(ctx.controller, Zone.USED))
    if not used:
        game.say("has no die in the used pile to Prep.", ctx.controller)
        return False
    if len(used) == 1:
        effects.move(game, used[0], Zone.PREP)
        return True
    _ask_die(game, ctx.controller, "AJ Styles: choose a die to Prep from your used pile", used, "2wwe", {})
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
    names = _character_names(game)
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
    game.named[int(data["slot"])] = name
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
        _queue_damage(ctx, moved, ctx.source, player=1 - ctx.controller)
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
    bursts = _burst(die)
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
    fielded = [game.dice[i] for i in sorted(game.fielded_this_turn)]
    weasels = sum(1 for d in fielded if d.slot == ctx.slot)
    bobbies = sum(1 for d in fielded if d.slot is not None and card_name(game, d) == "Bobby Heenan"
                  and (d.owner == ctx.controller or d.home == ctx.controller))
    blockers = [d for d in game.field_characters(1 - ctx.controller) if d.blocking is not None or d.also_blocking]
    loss = weasels * bobbies * len(blockers)
    if not loss:
        return False
    game.say(f"Bobby Heenan: {len(blockers)} blocker(s), {bobbies} Bobby Heenan dice fielded this turn.",
             ctx.controller)
    game.lose_life(1 - ctx.controller, loss)
    return True


# -- 16wwe Charlotte Flair: The Nature Girl ----------------------------------------------

@script("16wwe")
def charlotte_gain_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    if not _opponent_damaged(ctx):
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
    game.set_aside.append((die.id, 3, game.turn_number))
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
               and _in_combat_with(d, die) and ctx.game.stats(d)[0] > 0]
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
    if target is None or cena is None or not _will_be_kod(game, target) or cena.zone is not Zone.FIELD:
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
        _ask_die(game, player, "Kurt Angle: choose the Superstar die you keep", mine, "25wwe",
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
    _draw_quietly(Context(game, player, data["slot"]), 1, "prep", "28wwe")


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
    return bool(_draw_quietly(ctx, 1, "reserve", "29wwe"))


# -- 31wwe Mankind: The Hardcore Legend --------------------------------------------------

@script("31wwe")
def mankind_prep(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The opponent Prepped 1 or more dice: once for all the dice of that moment (the
    other triggers of the same batch are dropped), the controller may Prep 1 die from
    their bag."""
    game = ctx.game
    if ctx.slot is None:
        return False
    mine = (ctx.controller, ctx.slot, _ability_index(game, ctx.slot, "prepped"))
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
    names = _character_names(game)
    listing = "; ".join(f"{i}: {n}" for i, n in enumerate(names))
    ask(game, ctx.controller, f"Triple H: name a Superstar die ({listing}).",
        tuple(Choose(i) for i in range(len(names))), then="46wwe", data={"slot": ctx.slot, "names": names})
    return True


@continuation("46wwe")
def _triple_h_named(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, Choose)
    name = str(data["names"][action.index])
    game.named[int(data["slot"])] = name
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
    game.lose_life(player, loss)
    return True


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
    _ask_die(game, ctx.controller, "A Moment of Bliss: choose a blocked attacker to take out of combat", blocked,
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
    bursts = _burst(chair)
    effects.move(game, chair, Zone.USED)
    for target in dice:
        _queue_damage(ctx, 3, chair, die=target)
    if bursts and dice:
        smashed = game.script_state.setdefault("52wwe", {})
        assert isinstance(smashed, dict)
        smashed[str(chair.id)] = dice[0].id
        _follow_up(game, ctx.controller, ctx.slot, "burst" if bursts == 1 else "double_burst", chair, "action")
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
    if target.zone is not Zone.FIELD or _will_be_kod(game, target) or chair.zone is not Zone.USED:
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
    dealt = die.id in game.player_hits.get(1 - ctx.controller, set())
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
    aside = {die_id for die_id, _, _ in game.set_aside}
    if die.zone is not Zone.OUT_OF_PLAY or die.id not in game.attacked_this_turn or die.id in aside \
            or die.id in game.spent or keywords.immortal_to_bag(game, die):
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
    used_pile = _burst(ctx.source) == 2
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
        loss = 1 + _burst(ctx.source)
        for die_id in state["chosen"]:
            die = game.dice[die_id]
            if die.owner is not None and _will_be_kod(game, die):
                game.lose_life(die.owner, loss)
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
        _ask_die(game, player, "Paul Heyman: choose one of your dice in the Field Zone", mine, "56wwe",
                 {**data, "order": order})
        return
    chosen = [game.dice[i] for i in data["chosen"]]
    user = int(data["user"])
    ctx = Context(game, user, data["slot"], None if data["die"] is None else game.dice[int(data["die"])],
                  kind="action")
    first, second = chosen
    _queue_damage(ctx, die_cost(game, first), first, die=second)
    _queue_damage(ctx, die_cost(game, second), second, die=first)
    game.say(f"{game.die_name(first)} and {game.die_name(second)} deal damage to each other.", user)
    game.script_state["56wwe"] = {"die": data["die"], "chosen": data["chosen"], "turn": game.turn_number}
    _follow_up(game, user, int(data["slot"]), "action", ctx.source, "action")


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
    used = [d for d in _one_per_card(game.zone(ctx.controller, Zone.USED))
            if d.slot is not None and _unpurchased_cards(game, ctx.controller, die_cost(game, d) + 2, d.slot)]
    if not used:
        game.say("has no die in the used pile to exchange.", ctx.controller)
        return False
    if len(used) == 1:
        _kevin_give(game, ctx.controller, used[0])
        return True
    _ask_die(game, ctx.controller, "Kevin Owens Show: choose a die of your used pile to exchange", used,
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


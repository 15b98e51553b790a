"""X-Men Forever scripts, cards 37-72: what the ability language cannot say.

Each script is named by its card code (``40xmf``; ``45xmf:2`` for a card's second one)
and uses the engine's own primitives, so every rule a data effect obeys still applies.
Choices made part-way use ``ask`` and a continuation; what a card must remember between
turns is kept as plain values (``Game.named`` or ``Game.script_state``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from teambuilder.catalogue.abilities import Amount, DieFilter, Effect
from teambuilder.engine import effects, primitives, rules, triggers
from teambuilder.engine.actions import Action, Choose, ChooseTarget
from teambuilder.engine.dice import CHARACTER, Face
from teambuilder.engine.scripts import ask, context, continuation, frame, script
from teambuilder.engine.selectors import (
    Context,
    affiliations,
    card_name,
    is_action_die,
    is_character_die,
    select,
)
from teambuilder.engine.state import Die, Zone
from teambuilder.engine.turn import draw, roll

if TYPE_CHECKING:
    from teambuilder.engine.game import Game



def _face(die: Die) -> Face:
    return die.spec.faces[die.face]


def _modify(ctx: Context, dice: list[Die], attack: int, defense: int) -> bool:
    return primitives.apply(ctx, Effect("modify", attack=attack, defense=defense), dice, [])


def _affiliation_options(game: Game, dice: list[Die] | None = None) -> list[str]:
    """Affiliations to name: those of ``dice``, or of every character card in the game."""
    found: set[str] = set()
    if dice is None:
        for slot in game.slots:
            if slot.card.card.kind == "character":
                found.update(slot.card.card.affiliations)
    else:
        for die in dice:
            found.update(affiliations(game, die))
    return sorted(found)


def _ask_affiliation(ctx: Context, names: list[str], then: str, prompt: str, **extra: Any) -> bool:
    if not names:
        ctx.game.say("there is no affiliation to choose.", ctx.controller)
        return False
    ask(ctx.game, ctx.controller,
        prompt + " " + ", ".join(f"{i}: {_affiliation_name(n)}" for i, n in enumerate(names)),
        tuple(Choose(i) for i in range(len(names))), then, frame(ctx, names=names, **extra))
    return True


def _affiliation_name(name: str) -> str:
    return name.replace("_", " ").title().replace("X Men", "X-Men").replace(" Of ", " of ")


def _chosen(action: Action, data: dict[str, Any]) -> str:
    assert isinstance(action, Choose)
    names: list[str] = data["names"]
    return names[action.index]


# -- 40 Mastermind: Jason Wyngarde --------------------------------------------------------

@script("40xmf")
def mastermind_illusion(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Roll one of your active Mastermind dice: energy, it is KO'd; a level, that many
    attackers leave the Attack Zone."""
    game = ctx.game
    masterminds = [d for d in game.field_characters(ctx.controller) if card_name(game, d) == "Mastermind"]
    if not masterminds:
        return False
    if len(masterminds) == 1:
        _roll_mastermind(game, ctx, masterminds[0])
        return True
    ask(game, ctx.controller, "Choose the Mastermind die to roll.",
        tuple(ChooseTarget(d.id) for d in masterminds), "40xmf:roll", frame(ctx))
    return True


@continuation("40xmf:roll")
def _mastermind_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _roll_mastermind(game, context(game, data), game.dice[action.target])


def _roll_mastermind(game: Game, ctx: Context, die: Die) -> None:
    roll(game, die)
    face = _face(die)
    if face.kind != CHARACTER:
        # An energy face: the die is KO'd from the field (it is no longer a character).
        game.say(f"rolls {die.spec.name}: {face.describe()}; it is KO'd.", die.owner)
        triggers.emit(game, "ko", die)
        triggers.watch(game, "any_ko", die)
        effects.move(game, die, Zone.PREP)
        return
    game.say(f"rolls {die.spec.name}: level {face.level}; it stays in the field at that level.", die.owner)
    _remove_attackers(game, ctx, face.level)


def _remove_attackers(game: Game, ctx: Context, count: int) -> None:
    attackers = [d for d in game.field_characters() if d.attacking]
    if count <= 0 or not attackers:
        return
    if len(attackers) <= count:
        for die in attackers:
            _out_of_attack(game, die)
        return
    ask(game, ctx.controller, f"Choose an attacking die to remove from the Attack Zone ({count} left).",
        tuple(ChooseTarget(d.id) for d in attackers), "40xmf:remove", frame(ctx, left=count))


@continuation("40xmf:remove")
def _attacker_removed(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _out_of_attack(game, game.dice[action.target])
    _remove_attackers(game, context(game, data), int(data["left"]) - 1)


def _out_of_attack(game: Game, die: Die) -> None:
    die.leave_combat()
    for other in game.dice:
        if other.blocking == die.id:
            other.blocking = None
    game.say(f"{game.die_name(die)} is removed from the Attack Zone and stays in the field.", die.owner)


# -- 45 Mystique: Hellfire Headmistress ---------------------------------------------------

def _mystique_key(die: Die) -> str:
    return f"xmf45:{die.id}"


@script("45xmf")
def mystique_choose_card(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Choose an opposing non-Villain character card; this die uses its printed A and D."""
    game, die = ctx.game, ctx.source
    if die is None:
        return False
    cards = [s.index for s in game.slots if s.owner == 1 - ctx.controller and s.card.card.kind == "character"
             and "villain" not in s.card.card.affiliations]
    if not cards:
        game.say("there is no opposing non-Villain card to choose.", ctx.controller)
        return False
    names = ", ".join(f"{i}: {game.slots[s].card.card.full_name}" for i, s in enumerate(cards))
    ask(game, ctx.controller, f"Choose the card whose A and D this die uses. {names}",
        tuple(Choose(i) for i in range(len(cards))), "45xmf:card", frame(ctx, cards=cards))
    return True


@continuation("45xmf:card")
def _mystique_card_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    """This die now uses the chosen card's printed A and D for whatever level it shows,
    for as long as it stays in the field; fielded on a burst face, it also has that card's
    text while it is active."""
    assert isinstance(action, Choose)
    ctx = context(game, data)
    die = ctx.source
    assert die is not None and die.slot is not None
    slot = int(data["cards"][action.index])
    die.stats_of = slot
    game.say(f"{die.spec.name} uses the A and D of {game.slots[slot].card.card.full_name}.", player)
    if _face(die).burst:
        game.bookkeeping.borrowed.setdefault(die.slot, []).append((slot, False, -1, die.id))
        game.say(f"{die.spec.name} also has the text of {game.slots[slot].card.card.full_name} while active.",
                 player)


# -- 47 Professor X: To the Astral Plane ----------------------------------------------------

@script("47xmf")
def astral_plane(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Move each of your active Sidekick character dice to your Prep Area, then gain 1
    life per die moved."""
    game = ctx.game
    moving = select(ctx, DieFilter(owner="you", sidekick=True))   # Ally dice count as Sidekicks here
    for die in moving:
        effects.move(game, die, Zone.PREP)
    if moving:
        game.gain_life(ctx.controller, len(moving))
    return bool(moving)


# -- 48 Professor X: Too Good For This World ------------------------------------------------

@script("48xmf")
def too_good(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Draw 2: both Sidekicks, roll them into the reserve pool; otherwise both go back."""
    game = ctx.game
    drawn = draw(game, ctx.controller, 2)
    game.say(f"draws {', '.join(d.spec.name for d in drawn) or 'nothing'}.", ctx.controller)
    if len(drawn) == 2 and all(d.is_sidekick for d in drawn):
        for die in drawn:
            roll(game, die)
            die.zone = Zone.RESERVE
            game.say(f"rolls {die.spec.name} into the reserve pool: {_face(die).describe()}.", ctx.controller)
        return True
    for die in drawn:
        effects.move(game, die, Zone.BAG)
    return False


# -- 50 Rachel Summers: Phoenix ---------------------------------------------------------------

def _phoenix_key(player: int) -> str:
    return f"xmf50:{player}"


@script("50xmf")
def phoenix_arms(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Once per attack: until end of turn, each KO of your X-Men dice hurts the defender."""
    game = ctx.game
    if game.script_state.get(_phoenix_key(ctx.controller)) == game.turn_number:
        return False
    game.script_state[_phoenix_key(ctx.controller)] = game.turn_number
    game.say("Phoenix: until end of turn, each of your X-Men character dice KO'd deals 2 damage "
             "to the defending player.", ctx.controller)
    return True


@script("50xmf:2")
def phoenix_burns(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    if game.script_state.get(_phoenix_key(ctx.controller)) != game.turn_number:
        return False
    return primitives.apply(ctx, Effect("damage", amount=Amount(fixed=2)), [], [1 - ctx.controller])


# -- 51 Rachel Summers: Prestige ------------------------------------------------------------

@script("51xmf")
def prestige(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """KO every other character die, except the Rachel Summers die using this effect."""
    game = ctx.game
    doomed = [d for d in game.field_characters() if d is not ctx.source]
    results = [effects.ko(game, d) for d in doomed]   # every die, not just up to the first KO
    return any(results)


# -- 54 Sebastian Shaw: The Harder You Hit Me -----------------------------------------------

def shaw_pays(game: Game, die: Die) -> bool:
    """Sebastian Shaw regenerates only if his controller pays 1 life; the engine pays it
    whenever that does not lose the game."""
    if die.owner is None or game.players[die.owner].life <= 1:
        game.say(f"{game.die_name(die)} cannot pay 1 life to Regenerate.", die.owner)
        return False
    game.say(f"pays 1 life so {game.die_name(die)} can Regenerate.", die.owner)
    game.lose_life({die.owner: 1})
    return True


effects.REGENERATE_GUARDS["54xmf"] = shaw_pays


@script("54xmf")
def shaw_regenerate_cost(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The card's ability names this script so its text counts as handled; the rule itself
    is the Regenerate guard above, which the engine asks when Shaw would be KO'd."""
    return False


# -- 58 Storm: The Storm Goddess Comes ----------------------------------------------------

@script("58xmf")
def storm_goddess(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Reroll one of your action dice in the reserve pool (not a partly spent one)."""
    game = ctx.game
    able = [d for d in game.zone(ctx.controller, Zone.RESERVE) if is_action_die(d) and not d.partially_spent]
    if not able:
        game.say("has no action die in the reserve pool that can be rerolled.", ctx.controller)
        return False
    if len(able) == 1:
        _reroll_in_reserve(game, able[0])
        return True
    ask(game, ctx.controller, "Choose the action die to reroll.", tuple(ChooseTarget(d.id) for d in able),
        "58xmf:die", frame(ctx))
    return True


@continuation("58xmf:die")
def _storm_die_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _reroll_in_reserve(game, game.dice[action.target])


def _reroll_in_reserve(game: Game, die: Die) -> None:
    roll(game, die)
    die.reset()
    game.say(f"rerolls {die.spec.name} in the reserve pool: {_face(die).describe()}.", die.owner)


# -- 60 Toad: Strange Augmentation -----------------------------------------------------------

@script("60xmf")
def toad_names(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Name an affiliation (replacing an earlier choice)."""
    return _ask_affiliation(ctx, _affiliation_options(ctx.game), "60xmf:name",
                            "Name an affiliation: its character dice must attack.")


@continuation("60xmf:name")
def _toad_named(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    ctx = context(game, data)
    assert ctx.slot is not None
    game.bookkeeping.named[ctx.slot] = _chosen(action, data)
    game.say(f"names {_affiliation_name(game.bookkeeping.named[ctx.slot])}.", player)
    _toad_rule(ctx)


@script("60xmf:2")
def toad_keeps_rule(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The named affiliation's dice must attack this turn too (while Toad is active)."""
    return _toad_rule(ctx)


def _toad_rule(ctx: Context) -> bool:
    game = ctx.game
    if ctx.slot is None or ctx.slot not in game.bookkeeping.named:
        return False
    game.turn_rules = [r for r in game.turn_rules if not (r.slot == ctx.slot and r.effect.name == "60xmf")]
    rule = Effect("rule", rule="must_attack", applies_to=DieFilter(affiliations=(game.bookkeeping.named[ctx.slot],)),
                  name="60xmf")
    game.turn_rules.append(rules.ActiveRule(ctx.controller, ctx.slot, rule, until_turn=0))
    return True


# -- 61 Wolverine: Good Doesn't Always Mean Nice ---------------------------------------------

@script("61xmf")
def wolverine_burst(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Burst: also 1 damage to each opposing [mask] character die."""
    if ctx.source is None or not _face(ctx.source).burst:
        return False
    targets = select(ctx, DieFilter(owner="opponent", energy=("mask",)))
    return primitives.apply(ctx, Effect("damage", amount=Amount(fixed=1)), targets, [])


# -- 64 Counterstrike -----------------------------------------------------------------------------

@script("64xmf")
def counterstrike(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Choose an affiliation: Prep 1 die of it from your used pile, the rest go to the bag."""
    used = [d for d in ctx.game.zone(ctx.controller, Zone.USED) if is_character_die(d)]
    return _ask_affiliation(ctx, _affiliation_options(ctx.game, used), "64xmf:affiliation",
                            "Choose an affiliation among the dice in your used pile.")


@continuation("64xmf:affiliation")
def _counterstrike_affiliation(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    chosen = _chosen(action, data)
    dice = [d for d in game.zone(player, Zone.USED) if is_character_die(d) and chosen in affiliations(game, d)]
    game.say(f"chooses {_affiliation_name(chosen)}.", player)
    kinds: dict[int | None, Die] = {}
    for die in dice:
        kinds.setdefault(die.slot, die)
    if len(kinds) > 1:
        ask(game, player, "Choose the die to Prep.", tuple(ChooseTarget(d.id) for d in kinds.values()),
            "64xmf:die", {**data, "affiliation": chosen})
        return
    _counterstrike_move(game, player, dice[0] if dice else None, chosen)


@continuation("64xmf:die")
def _counterstrike_die(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _counterstrike_move(game, player, game.dice[action.target], str(data["affiliation"]))


def _counterstrike_move(game: Game, player: int, prepped: Die | None, chosen: str) -> None:
    if prepped is None:
        return
    rest = [d for d in game.zone(player, Zone.USED)
            if d is not prepped and is_character_die(d) and chosen in affiliations(game, d)]
    effects.move(game, prepped, Zone.PREP)
    for die in rest:
        effects.move(game, die, Zone.BAG)


# -- 65 Dual Defense --------------------------------------------------------------------------------

def _pair_key(ctx: Context) -> str:
    return f"xmf65:{None if ctx.source is None else ctx.source.id}"


@script("65xmf")
def dual_defense(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The pair the ability chose (``block_together``, its first effect) also cannot be
    KO'd while blocking, for as long; the pair is remembered for this use's double burst."""
    game = ctx.game
    pair = [d for d in ctx.targets if d.zone is Zone.FIELD]
    if not pair:
        return False
    primitives.apply(ctx, Effect("rule", rule="no_ko_while_blocking", duration="until_your_next_turn"), pair, [])
    game.script_state[_pair_key(ctx)] = {"turn": game.turn_number, "dice": [d.id for d in pair]}
    game.say(f"pairs {' and '.join(game.die_name(d) for d in pair)} until the start of their next turn.",
             ctx.controller)
    return True


@script("65xmf:2")
def dual_defense_untargetable(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Double burst: the pair cannot be targeted until the start of your next turn. If the
    action has not resolved yet (the player put this first), wait for it once."""
    game = ctx.game
    pair = game.script_state.get(_pair_key(ctx))
    if not isinstance(pair, dict) or pair.get("turn") != game.turn_number:
        waited = f"{_pair_key(ctx)}:waited"
        if game.script_state.get(waited) == game.turn_number or ctx.slot is None:
            return False
        game.script_state[waited] = game.turn_number
        index = next(i for i, a in enumerate(game.slots[ctx.slot].card.abilities) if a.trigger == "double_burst")
        game.new_triggers.append(triggers.PendingTrigger(
            ctx.controller, ctx.slot, index, None if ctx.source is None else ctx.source.id, bursts=2,
            kind="action"))
        return False
    chosen = [game.dice[i] for i in pair["dice"] if game.dice[i].zone is Zone.FIELD]
    return primitives.apply(ctx, Effect("rule", rule="cant_be_targeted", duration="until_your_next_turn"), chosen, [])


# -- 67 Reinforcements -----------------------------------------------------------------------------

@script("67xmf")
def reinforcements(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    ask(ctx.game, ctx.controller, "Choose how many dice to draw: 1, 2 or 3.", (Choose(1), Choose(2), Choose(3)),
        "67xmf:count", frame(ctx))
    return True


@continuation("67xmf:count")
def _reinforcements_draw(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    from teambuilder.engine.windows import field_die
    assert isinstance(action, Choose) and 1 <= action.index <= 3
    drawn = draw(game, player, action.index)
    game.say(f"draws {action.index}: {', '.join(d.spec.name for d in drawn) or 'nothing'}.", player)
    if drawn and all(d.is_sidekick for d in drawn):
        for die in drawn:
            index = die.spec.level_face(1)
            assert index is not None
            die.face = index
            field_die(game, die)
        return
    for die in drawn:
        effects.move(game, die, Zone.USED)


# -- 68 Replenish -------------------------------------------------------------------------------------

@script("68xmf")
def replenish(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The next damage this turn to a character die you control: 2 of it is prevented, and
    you gain 1 life if that die is not KO'd by it (``damage.deal`` uses the shield up)."""
    key = ("next_die", ctx.controller)
    ctx.game.this_turn.shields[key] = ctx.game.this_turn.shields.get(key, 0) + 2
    ctx.game.say("will prevent 2 of the next damage to one of their character dice this turn.", ctx.controller)
    return True


# -- 69 Teamwork --------------------------------------------------------------------------------------

@script("69xmf")
def teamwork(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Each of your active character dice: +1A +1D per other different active character of
    yours sharing an affiliation with it (counted before any bonus is given)."""
    game = ctx.game
    mine = game.field_characters(ctx.controller)
    bonus: list[tuple[Die, int]] = []
    for die in mine:
        own = affiliations(game, die)
        partners = {d.slot for d in mine if d.slot != die.slot and d.slot is not None and own & affiliations(game, d)}
        bonus.append((die, len(partners)))
    done = False
    for die, count in bonus:
        if count:
            done = _modify(ctx, [die], count, count) or done
    return done


# -- 72 Whoever Assemble! -------------------------------------------------------------------------

@script("72xmf")
def whoever_assemble(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    return _ask_affiliation(ctx, _affiliation_options(ctx.game), "72xmf:name",
                            "Choose an affiliation: its character dice cost 0 to field this turn.")


@continuation("72xmf:name")
def _assemble_named(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    ctx = context(game, data)
    chosen = _chosen(action, data)
    game.say(f"chooses {_affiliation_name(chosen)}: those character dice cost 0 to field this turn.",
             player)
    free = Effect("rule", rule="field_free", applies_to=DieFilter(affiliations=(chosen,), zone="any"))
    primitives.apply(ctx, free, [], [])


@script("72xmf:end")
def assemble_fielded_none(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """True when the controller fielded no character die this turn (the Prep follows)."""
    game = ctx.game
    fielded = [d for d in game.this_turn.fielded if game.dice[d].owner == ctx.controller]
    if fielded:
        game.say("fielded a character this turn: Whoever Assemble! preps nothing.", ctx.controller)
    return not fielded


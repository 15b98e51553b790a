"""World's Finest scripts, cards 49-96: what the ability language cannot say.

Each script is named by its card code (``51wf``; ``51wf:2`` for a card's second one) and
uses the engine's own primitives (``effects``, ``keywords``, ``windows.field_die``), so every
rule a data effect obeys still applies. Choices made part-way use ``ask`` and a
continuation; what a card must remember between steps is kept as plain values in
``Game.script_state`` or as rules in ``Game.turn_rules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from teambuilder.catalogue.abilities import Amount, Cost, DieFilter, Effect
from teambuilder.catalogue.model import ENERGY_TYPES
from teambuilder.engine import effects, keywords, primitives, rules, turn, windows
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass, UseGlobal
from teambuilder.engine.dice import CHARACTER, ENERGY
from teambuilder.engine.energy import payment_options
from teambuilder.engine.scripts import ask, context, continuation, frame, script
from teambuilder.engine.selectors import Context, affiliations, card_name
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

FOREVER = 10 ** 9   # a rule's until_turn that no game reaches
PAY_OPTIONS = 3     # payment choices offered for a script's energy cost


# -- shared helpers -----------------------------------------------------------------------



def _card_dice(ctx: Context) -> list[Die]:
    """Every die of the ability's own card in the field showing a character face ("General
    Zod gets ...": each of its dice, not only the one the trigger names)."""
    return [d for d in ctx.game.dice if d.slot is not None and d.slot == ctx.slot
            and d.zone is Zone.FIELD and ctx.game.is_character(d)]


def _yes(action: Action) -> bool:
    return isinstance(action, Choose) and action.index == 1


def _targets(game: Game, controller: int, kind: str = "ability") -> list[Die]:
    """Character dice in the field that an ability of ``controller`` may target."""
    return [d for d in game.field_characters() if rules.can_target(game, d, controller, kind)]


def _ask_target(ctx: Context, prompt: str, then: str, **extra: Any) -> bool:
    """Ask the controller for 1 target character die; False when there is none."""
    candidates = _targets(ctx.game, ctx.controller)
    if not candidates:
        ctx.game.say("there is no character die to target.", ctx.controller)
        return False
    ask(ctx.game, ctx.controller, prompt, tuple(ChooseTarget(d.id) for d in candidates), then,
        frame(ctx, **extra))
    return True


def _damage(ctx: Context, amount: int, dice: list[Die], players: list[int]) -> bool:
    return primitives.apply(ctx, Effect("damage", amount=Amount(fixed=amount)), dice, players)


def _purchase(game: Game, player: int, slot: int, into: Zone | None = None) -> bool:
    """Buy a die of ``slot`` outside the usual purchase action (energy or life already paid):
    it goes to the used pile (or ``into``), counts as a purchase and triggers "purchased"."""
    from teambuilder.engine import triggers
    die = next((d for d in game.dice if d.slot == slot and d.zone is Zone.CARD), None)
    if die is None:
        game.say(f"has no {game.slots[slot].card.card.full_name} die left to purchase.", player)
        return False
    if game.has_rules and rules.forbidden(game, "cant_purchase", player, die):
        game.say(f"may not purchase {game.slots[slot].card.card.full_name} now.", player)
        return False
    die.owner = player
    if into is None:
        first = game.has_rules and game.this_turn.purchases.get(player, 0) == 0 and any(
            r.controller == player for r in rules.in_force(game, "first_purchase_to_prep"))
        into = Zone.PREP if first else Zone.USED
    die.zone = into
    game.this_turn.purchases[player] = game.this_turn.purchases.get(player, 0) + 1
    game.say(f"purchases {game.slots[slot].card.card.full_name}; the die goes to the "
             f"{'prep area' if into is Zone.PREP else 'used pile'}.", player)
    triggers.emit(game, "purchased", die)
    triggers.watch(game, "any_purchased", die)
    return True


def _buyable(game: Game, player: int, names: tuple[str, ...]) -> list[int]:
    """Slots of ``player``'s cards named one of ``names`` with a die left on the card."""
    return [s.index for s in game.slots if s.owner == player and s.card.card.name in names
            and any(d.slot == s.index and d.zone is Zone.CARD for d in game.dice)]


def _payments(game: Game, player: int, amount: int) -> list[Any]:
    return payment_options(game.energy_sources(player), game.players[player].virtual, Cost(amount), PAY_OPTIONS)


# -- 49 General Zod: Despot ---------------------------------------------------------------

@script("49wf")
def zod_despot(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Each General Zod die of this card gets +1A and Fast this turn."""
    mine = _card_dice(ctx)
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
        tuple(Choose(n) for n in range(top + 1)), "51wf:number", frame(ctx))
    return True


@continuation("51wf:number")
def harvey_number(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, Choose)
    game.script_state[_harvey_key(data["slot"], player)] = action.index
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
    if not _ask_target(ctx, "Harvey Bullock: choose a character die to take 2 damage.", "51wf:target"):
        game.gain_life(ctx.controller, 2)
    return True


@continuation("51wf:target")
def harvey_target(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    ctx = context(game, data)
    _damage(ctx, 2, [game.dice[action.target]], [])
    game.gain_life(player, 2)


# -- 53 Krypto: Here Boy! -----------------------------------------------------------------

def _krypto_dice(ctx: Context) -> list[Die]:
    return [d for d in ctx.game.dice if d.slot == ctx.slot and d.owner == ctx.controller
            and d.zone in (Zone.USED, Zone.PREP) and d.spec.level_face(1) is not None]


@script("53wf")
def krypto(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """A Superman die was fielded: you may field a Krypto die from your used pile or prep
    area for free at level 1 (it is fielded: its own "when fielded" happens)."""
    if not _krypto_dice(ctx):
        return False
    ask(ctx.game, ctx.controller, "Krypto: field a Krypto die from your Used Pile or Prep Area for free?",
        (Choose(1), Pass()), "53wf:field", frame(ctx))
    return True


@continuation("53wf:field")
def krypto_field(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    ctx = context(game, data)
    found = _krypto_dice(ctx)
    if not _yes(action) or not found:
        game.say("does not field Krypto.", player)
        return
    die = found[0]
    index = die.spec.level_face(1)
    assert index is not None
    die.face = index
    windows.field_die(game, die, " for free at level 1 (Krypto)")


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
        tuple(Choose(i) for i in range(len(ENERGY_TYPES))), "55wf:name", frame(ctx))
    return True


@continuation("55wf:name")
def lex_named(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    """While a die of this card is in the field, characters of the named type cost 1 more to
    purchase and to field: the rules last all game, and count 1 only while the card is
    active (the number of its cards in the field, 0 or 1)."""
    assert isinstance(action, Choose)
    energy = ENERGY_TYPES[action.index]
    slot = data["slot"]
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
    saved = game.has_keyword(die, "iron_will") and "hurt_settled" not in die.flags
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
        die.flags.add("set_aside")
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
    payments = _payments(game, user, 1)
    ask(game, user, "Steel: pay 1 life (0) or [1] energy (1...).",
        (Choose(0),) + tuple(Choose(i + 1) for i in range(len(payments))), "65wf:pay", frame(ctx))
    return True


@continuation("65wf:pay")
def steel_paid(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, Choose)
    if action.index == 0:
        game.say("pays 1 life for Steel.", player)
        game.lose_life({player: 1})
        return
    payment = _payments(game, player, 1)[action.index - 1]
    spent = windows.pay(game, player, payment, Cost(1))
    game.say(f"pays [1] for Steel ({spent}).", player)


# -- 68 Superwoman: Lois Lane -------------------------------------------------------------

@script("68wf")
def superwoman_buy(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Purchase a Superwoman die for the [bolt][bolt][bolt] just paid."""
    if ctx.slot is None:
        return False
    return _purchase(ctx.game, ctx.controller, ctx.slot)


# -- 69 The Joker: Arkham Asylum ----------------------------------------------------------

@script("69wf")
def joker_villain(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """If the die just drawn is a Villain die, 2 damage to the opponent."""
    game = ctx.game
    drawn = [d for d in ctx.targets if d.zone is Zone.PREP and "villain" in affiliations(game, d)]
    if not drawn:
        return False
    return _damage(ctx, 2, [], [1 - ctx.controller])


# -- 70 The Penguin: Oswald Cobblepot -----------------------------------------------------

@script("70wf")
def penguin(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The player who fielded the non-Villain die takes 1 damage from The Penguin."""
    die = ctx.event_die
    if die is None or die.owner is None:
        return False
    return _damage(ctx, 1, [], [die.owner])


# -- 73 Ultraman: From the House of Power -------------------------------------------------

@script("73wf")
def ultraman(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Each Ultraman die of this card gets +4A and +4D this turn."""
    mine = _card_dice(ctx)
    return primitives.apply(ctx, Effect("modify", attack=4, defense=4), mine, [])


# -- 75 Alfred Pennyworth: MI-5 -----------------------------------------------------------

def _alfred_dice(ctx: Context) -> list[Die]:
    return [d for d in ctx.game.zone(ctx.controller, Zone.USED)
            if d.is_sidekick or card_name(ctx.game, d) == "Batman"]


@script("75wf")
def alfred(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Roll a Sidekick or Batman die from your used pile; on energy, Alfred comes back."""
    found = _alfred_dice(ctx)
    if not found:
        ctx.game.say("has no Sidekick or Batman die in the Used Pile to roll.", ctx.controller)
        return False
    kinds: list[int] = []
    for die in found:
        if all(ctx.game.dice[k].spec.key != die.spec.key for k in kinds):
            kinds.append(die.id)
    if len(kinds) == 1:
        return _alfred_roll(ctx, ctx.game.dice[kinds[0]])
    ask(ctx.game, ctx.controller, "Alfred Pennyworth: choose the die to roll from your Used Pile.",
        tuple(ChooseTarget(k) for k in kinds), "75wf:roll", frame(ctx))
    return True


@continuation("75wf:roll")
def alfred_chosen(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _alfred_roll(context(game, data), game.dice[action.target])


def _alfred_roll(ctx: Context, die: Die) -> bool:
    game = ctx.game
    turn.roll(game, die)
    face = die.spec.faces[die.face]
    game.say(f"Alfred Pennyworth: rolls {die.spec.name} from the Used Pile: {face.describe()}; "
             "it stays in the Used Pile.", ctx.controller)
    alfred_die = ctx.source
    if face.kind != ENERGY or alfred_die is None or alfred_die.zone not in (Zone.PREP, Zone.USED):
        return False
    effects.move(game, alfred_die, Zone.FIELD, 1)
    return True


# -- 77 Batcave: Batman's Lair ------------------------------------------------------------

@script("77wf")
def batcave(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Roll the used pile; the opponent sets one rolled die aside (back to the used pile);
    field one of the remaining character dice for free; the rest stay in the used pile."""
    game = ctx.game
    rolled = game.zone(ctx.controller, Zone.USED)
    if not rolled:
        game.say("Batcave: the Used Pile is empty.", ctx.controller)
        return False
    for die in rolled:
        turn.roll(game, die)
    game.say("Batcave: rolls " + ", ".join(f"{d.spec.name} [{d.spec.faces[d.face].describe()}]" for d in rolled)
             + ".", ctx.controller)
    ids = [d.id for d in rolled]
    data = frame(ctx, rolled=ids)
    if len(ids) == 1:
        batcave_removed(game, 1 - ctx.controller, ChooseTarget(ids[0]), data)
    else:
        ask(game, 1 - ctx.controller, "Batcave: choose 1 rolled die to go back to the Used Pile.",
            tuple(ChooseTarget(i) for i in ids), "77wf:removed", data)
    return True


@continuation("77wf:removed")
def batcave_removed(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    game.say(f"Batcave: {game.dice[action.target].spec.name} goes back to the Used Pile.", player)
    rest = [game.dice[i] for i in data["rolled"] if i != action.target]
    characters = [d for d in rest if d.zone is Zone.USED and d.spec.faces[d.face].kind == CHARACTER]
    if not characters:
        game.say("Batcave: no character die to field; the rolled dice stay in the Used Pile.", data["controller"])
        return
    if len(characters) == 1:
        batcave_field(game, data["controller"], ChooseTarget(characters[0].id), data)
        return
    ask(game, data["controller"], "Batcave: choose 1 character die to field for free.",
        tuple(ChooseTarget(d.id) for d in characters), "77wf:field", data)


@continuation("77wf:field")
def batcave_field(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    windows.field_die(game, game.dice[action.target], " for free (Batcave)")


# -- 78 Batgirl, 89 Kal-L: who may block whom --------------------------------------------
# These rules name the blockers they are about (``match``), which a card file cannot write
# on a rule yet; the scripts add them for this turn, to this card's dice.

def _block_rule(ctx: Context, rule: str, match: DieFilter, amount: int = 0) -> None:
    effect = Effect("rule", rule=rule, amount=Amount(fixed=amount), applies_to=DieFilter(this=True, zone="any"),
                    match=match)
    ctx.game.turn_rules.append(rules.ActiveRule(ctx.controller, ctx.slot, effect))


@script("78wf")
def batgirl(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Batgirl dice cannot be blocked by Sidekicks nor by Villain character dice."""
    _block_rule(ctx, "unblockable", DieFilter(sidekick=True))
    _block_rule(ctx, "unblockable", DieFilter(affiliations=("villain",)))
    return True


@script("89wf")
def kal_l_trained(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """This turn, Kal-L dice can be blocked only by Superman Family characters."""
    _block_rule(ctx, "blockable_only_by", DieFilter(affiliations=("superman_family",)))
    ctx.game.say("Kal-L dice can be blocked only by Superman Family characters this turn.", ctx.controller)
    return True


# -- 80 Brainiac: Manipulative Schemer ----------------------------------------------------

def _blockers(game: Game) -> list[Die]:
    return [d for d in game.field_characters() if d.blocking is not None]


def _can_swap(game: Game, one: Die, other: Die) -> bool:
    from teambuilder.engine.blocking import may_block_rules
    if one.blocking is None or other.blocking is None or one.blocking == other.blocking:
        return False
    return (may_block_rules(game, one, game.dice[other.blocking])
            and may_block_rules(game, other, game.dice[one.blocking]))


def _brainiac_ask(game: Game, data: dict[str, Any]) -> None:
    first = data.get("first")
    blockers = _blockers(game)
    if first is None:
        able = [b for b in blockers if any(_can_swap(game, b, o) for o in blockers)]
        prompt = "Brainiac: choose a blocker whose assignment to swap (pass: done)."
    else:
        able = [b for b in blockers if _can_swap(game, game.dice[first], b)]
        prompt = f"Brainiac: choose the blocker to swap with {game.die_name(game.dice[first])} (pass: done)."
    if not able:
        return
    ask(game, int(data["controller"]), prompt, (Pass(),) + tuple(ChooseTarget(b.id) for b in able),
        "80wf:swap", data)


@script("80wf")
def brainiac(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Swap the assignments of pairs of blockers, as many times as the controller likes."""
    _brainiac_ask(ctx.game, frame(ctx, first=None))
    return True


@continuation("80wf:swap")
def brainiac_swap(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    if isinstance(action, Pass):
        return
    assert isinstance(action, ChooseTarget)
    first = data.get("first")
    if first is None:
        _brainiac_ask(game, {**data, "first": action.target})
        return
    one, other = game.dice[int(first)], game.dice[action.target]
    one.blocking, other.blocking = other.blocking, one.blocking
    assert one.blocking is not None and other.blocking is not None
    game.say(f"Brainiac swaps blockers: {game.die_name(one)} now blocks {game.die_name(game.dice[one.blocking])}, "
             f"{game.die_name(other)} now blocks {game.die_name(game.dice[other.blocking])}.", player)
    _brainiac_ask(game, {**data, "first": None})


# -- 81 Bruce Wayne: Matches Malone -------------------------------------------------------

def _batman_dice(ctx: Context) -> list[Die]:
    """One Batman die per card and zone (bag or used pile) that can show level 2."""
    found: dict[tuple[int | None, Zone], Die] = {}
    for die in ctx.game.dice:
        if die.owner == ctx.controller and die.zone in (Zone.BAG, Zone.USED) \
                and card_name(ctx.game, die) == "Batman" and die.spec.level_face(2) is not None:
            found.setdefault((die.slot, die.zone), die)
    return list(found.values())


@script("81wf")
def bruce_wayne(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Pull a Batman die from the bag or used pile into the field at level 2; if you do,
    2 damage to 1 target character die."""
    found = _batman_dice(ctx)
    if not found:
        ctx.game.say("has no Batman die in the bag or Used Pile.", ctx.controller)
        return False
    if len(found) == 1:
        _bruce_pull(ctx, found[0])
        return True
    ask(ctx.game, ctx.controller, "Bruce Wayne: choose the Batman die to pull into the field.",
        tuple(ChooseTarget(d.id) for d in found), "81wf:pull", frame(ctx))
    return True


@continuation("81wf:pull")
def bruce_pulled(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _bruce_pull(context(game, data), game.dice[action.target])


def _bruce_pull(ctx: Context, die: Die) -> None:
    effects.move(ctx.game, die, Zone.FIELD, 2)
    _ask_target(ctx, "Bruce Wayne: choose a character die to take 2 damage.", "81wf:damage")


@continuation("81wf:damage")
def bruce_damage(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    assert isinstance(action, ChooseTarget)
    _damage(context(game, data), 2, [game.dice[action.target]], [])


# -- 83 Clark Kent: Farm Boy / 88 Harley Quinn: Revving Up --------------------------------

@script("83wf")
def clark_kent(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """KO'd by combat damage (the ability's ``if: combat``): you may pay 4 life to purchase
    a Superman die into your prep area."""
    game = ctx.game
    slots = _buyable(game, ctx.controller, ("Superman",))
    if not slots:
        game.say("Clark Kent: no Superman die left to purchase.", ctx.controller)
        return False
    ask(game, ctx.controller, "Clark Kent: pay 4 life to purchase a Superman die? "
        + ", ".join(f"{i}: {game.slots[s].card.card.full_name}" for i, s in enumerate(slots)),
        (Pass(),) + tuple(Choose(i) for i in range(len(slots))), "83wf:buy", frame(ctx, slots=slots))
    return True


@continuation("83wf:buy")
def clark_buy(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    if not isinstance(action, Choose):
        game.say("does not pay for Clark Kent.", player)
        return
    game.say("pays 4 life for Clark Kent.", player)
    game.lose_life({player: 4})
    if not game.over:
        _purchase(game, player, int(data["slots"][action.index]), Zone.PREP)


@script("88wf")
def harley_revving(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """KO'd by combat damage (the ability's ``if: combat``): you may pay [1] to purchase a
    Harley Quinn die (or, if the KO'd die showed a burst, a The Joker die)."""
    game = ctx.game
    names: tuple[str, ...] = ("Harley Quinn",)
    if ctx.source is not None and ctx.source.spec.faces[ctx.source.face].burst:
        names += ("The Joker",)
    slots = _buyable(game, ctx.controller, names)
    payments = _payments(game, ctx.controller, 1)
    if not slots or not payments:
        game.say("Harley Quinn: nothing to purchase, or no energy to pay [1].", ctx.controller)
        return False
    choices = [[s, p] for s in slots for p in range(len(payments))]
    ask(game, ctx.controller, "Harley Quinn: pay [1] to purchase a die? "
        + ", ".join(f"{i}: {game.slots[s].card.card.full_name} (payment {p + 1})" for i, (s, p) in enumerate(choices)),
        (Pass(),) + tuple(Choose(i) for i in range(len(choices))), "88wf:buy", frame(ctx, choices=choices))
    return True


@continuation("88wf:buy")
def harley_buy(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    if not isinstance(action, Choose):
        game.say("does not pay for Harley Quinn.", player)
        return
    slot, which = data["choices"][action.index]
    spent = windows.pay(game, player, _payments(game, player, 1)[which], Cost(1))
    game.say(f"pays [1] ({spent}).", player)
    _purchase(game, player, int(slot))


# -- 85 Dick Grayson: The Hero We Need ----------------------------------------------------

def _dick_dice(ctx: Context) -> list[Die]:
    return [d for d in ctx.game.dice if d.slot == ctx.slot and d.owner == ctx.controller
            and d.zone in (Zone.USED, Zone.PREP) and d.spec.level_face(1) is not None]


@script("85wf")
def dick_grayson(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """A Batman Family die was KO'd while Dick Grayson waits in your used pile or prep
    area: you may send the KO'd die to the bag; then Dick Grayson goes to the field."""
    game = ctx.game
    ko_d = ctx.event_die
    if ko_d is None or ko_d.zone not in (Zone.PREP, Zone.USED) or not _dick_dice(ctx):
        return False
    ask(game, ctx.controller, f"Dick Grayson: send {ko_d.spec.name} to the bag and put Dick Grayson "
        "in the field at level 1?", (Choose(1), Pass()), "85wf:swap", frame(ctx, ko=ko_d.id))
    return True


@continuation("85wf:swap")
def dick_grayson_swap(game: Game, player: int, action: Action, data: dict[str, Any]) -> None:
    ctx = context(game, data)
    ko_d = game.dice[int(data["ko"])]
    found = _dick_dice(ctx)
    if not _yes(action) or not found or ko_d.zone not in (Zone.PREP, Zone.USED):
        game.say("does not use Dick Grayson.", player)
        return
    effects.move(game, ko_d, Zone.BAG)
    effects.move(game, found[0], Zone.FIELD, 1)


# -- 87 General Zod: Madman ----------------------------------------------------------------

@script("87wf")
def zod_madman(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Until end of turn Zod's text is the target die's card text instead of his own (his
    name, affiliation and stats stay his)."""
    target = next((d for d in dice if d.slot is not None), None)
    if target is None or ctx.slot is None:
        ctx.game.say("General Zod finds no card text to take (a Sidekick has none).", ctx.controller)
        return False
    lender = target.copy_of if target.copy_of is not None else target.slot
    assert lender is not None
    ctx.game.bookkeeping.borrowed[ctx.slot] = [(lender, True, 0, None)]
    ctx.game.say(f"General Zod's text becomes that of {ctx.game.slots[lender].card.card.full_name} "
                 "until end of turn.", ctx.controller)
    return True


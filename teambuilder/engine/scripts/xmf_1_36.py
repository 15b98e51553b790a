"""Scripts for X-Men Forever cards 1-36: what their abilities need beyond the data language
(cards 37-72 are in ``xmf_37_58`` and ``xmf_59_72``).

Cards here: Beast (3); Blob (6); Emma Frost (18); Hope Summers (20).

Each script is named after its card (``3xmf``; ``18xmf:2`` for a card's second one) and
works through the engine's own primitives (``effects``, ``rules``, ``keywords``,
``costs.spend``), so every rule still applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Cost, DieFilter, Effect
from teambuilder.engine import costs, effects, keywords, primitives, rules
from teambuilder.engine.actions import Action, Choose
from teambuilder.engine.energy import Payment, payment_options
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

MASK = Cost(1, ("mask",))


@dataclass(frozen=True)
class BeastBlock(Frozen):
    """Beast: the attacking Beast die, the dice that must block it, and the card's slot."""

    beast: int
    targets: tuple[int, ...]
    slot: int | None


@dataclass(frozen=True)
class HopeChoice(Frozen):
    """Hope Summers: her slot, and the X-Men cards offered, by option index."""

    slot: int
    choices: tuple[int, ...]


def _describe_payment(game: Game, payment: Payment) -> str:
    parts = []
    for spend in payment.spends:
        die = game.dice[spend.die_id]
        spent = "+".join(spend.symbols) or f"{spend.generic} generic"
        parts.append(f"{spent} from {die.spec.name}")
    if payment.virtual:
        parts.append(f"{payment.virtual} virtual")
    return ", ".join(parts) or "nothing"


# -- 3xmf Beast: Atavistic Tendencies ----------------------------------------------------

def _mask_payments(game: Game, player: int) -> list[Payment]:
    return payment_options(game.energy_sources(player), game.players[player].virtual, MASK, 3)


@script("3xmf")
def beast_must_block(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Pay [mask]; if paid, the targets must block this Beast die (and only it)."""
    game = ctx.game
    if ctx.source is None or not dice:
        return False
    options = _mask_payments(game, ctx.controller)
    data = BeastBlock(ctx.source.id, tuple(d.id for d in dice), ctx.slot)
    if not options:
        game.say("has no [mask] energy to pay for Beast: nothing happens.", ctx.controller)
        return False
    if len(options) == 1:
        return _beast_paid(game, ctx.controller, options[0], data)
    ways = "; ".join(f"{i}: {_describe_payment(game, p)}" for i, p in enumerate(options))
    ask(game, ctx.controller, f"Beast: choose how to pay [mask] ({ways}).",
        tuple(Choose(i) for i in range(len(options))), then=_beast_payment_chosen, data=data)
    return True


@continuation("3xmf", BeastBlock)
def _beast_payment_chosen(game: Game, player: int, action: Action, data: BeastBlock) -> None:
    assert isinstance(action, Choose)
    options = _mask_payments(game, player)
    _beast_paid(game, player, options[action.index], data)


def _beast_paid(game: Game, player: int, payment: Payment, data: BeastBlock) -> bool:
    spent = costs.spend(game, player, payment, MASK)
    beast = game.dice[data.beast]
    game.say(f"pays {spent} for {beast.spec.name}.", player)
    targets = [game.dice[i] for i in data.targets if game.dice[i].zone is Zone.FIELD]
    if not targets or beast.zone is not Zone.FIELD or not beast.attacking:
        return False
    ctx = Context(game, player, data.slot, beast)
    primitives.apply(ctx, Effect("must_block"), targets, [])
    # "Must block this Beast die": the targets may not block any other attacker.
    others = tuple(d.id for d in game.dice if d.attacking and d.zone is Zone.FIELD and d is not beast)
    if others:
        for target in targets:
            game.turn_rules.append(rules.ActiveRule(
                player, data.slot, Effect("rule", rule="unblockable", match=DieFilter(this=True)),
                source=target.id, dice=others))
    game.say(f"{', '.join(game.die_name(t) for t in targets)} must block {game.die_name(beast)}.", player)
    return True


# -- 6xmf Blob: Frederick Dukes ------------------------------------------------------------

@script("6xmf")
def blob_intimidate(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Blob's Intimidate: every opposing Sidekick character die leaves the field until end
    of turn (no target, so all of them); Blob gets +1A this turn for each one."""
    game = ctx.game
    affected = 0
    for die in dice:
        if rules.can_target(game, die, ctx.controller, "intimidate") and keywords.set_aside(game, die, "turn"):
            affected += 1
    if affected and ctx.source is not None and ctx.source.zone is Zone.FIELD:
        primitives.apply(ctx, Effect("modify", attack=affected), [ctx.source], [])
    return affected > 0


# -- 18xmf Emma Frost: As You Say, Shaw ----------------------------------------------------

@script("18xmf")
def emma_remember_sidekick(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Remember the Sidekick die just taken, so it goes back at the end of the turn."""
    taken = [d.id for d in ctx.targets if d.owner == ctx.controller and d.home is not None]
    if not taken:
        return False
    remembered = ctx.game.script_state.get("18xmf", ())
    assert isinstance(remembered, tuple)
    ctx.game.script_state["18xmf"] = remembered + tuple(taken)
    return True


@script("18xmf:2")
def emma_return_sidekick(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """At the end of the turn the Sidekick goes back to its owner's field at level 1,
    wherever it is then (control itself already ended with the turn)."""
    game = ctx.game
    remembered = game.script_state.pop("18xmf", ())
    assert isinstance(remembered, tuple)
    done = False
    for die_id in remembered:
        die = game.dice[die_id]
        if die.home is not None:
            keywords.release(game, die)
        if die.zone is Zone.FIELD and die.spec.faces[die.face].level == 1:
            continue
        effects.move(game, die, Zone.FIELD, 1)
        done = True
    return done


# -- 20xmf Hope Summers: Pluripotent Echopraxia --------------------------------------------

def _xmen_cards(game: Game, player: int, own_slot: int | None) -> list[int]:
    return [s.index for s in game.slots if s.owner == player and s.index != own_slot
            and s.card.card.kind == "character" and "x_men" in s.card.card.affiliations]


@script("20xmf")
def hope_choose_card(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Choose an X-Men character card on your team; the choice replaces any earlier one."""
    game = ctx.game
    choices = _xmen_cards(game, ctx.controller, ctx.slot)
    if not choices or ctx.slot is None:
        return False
    if len(choices) == 1:
        _hope_chose(game, ctx.controller, ctx.slot, choices[0])
        return True
    names = "; ".join(f"{i}: {game.slots[s].card.card.full_name}" for i, s in enumerate(choices))
    ask(game, ctx.controller, f"Hope Summers: choose an X-Men card whose text she gains ({names}).",
        tuple(Choose(i) for i in range(len(choices))), then=_hope_card_chosen,
        data=HopeChoice(ctx.slot, tuple(choices)))
    return True


@continuation("20xmf", HopeChoice)
def _hope_card_chosen(game: Game, player: int, action: Action, data: HopeChoice) -> None:
    assert isinstance(action, Choose)
    _hope_chose(game, player, data.slot, data.choices[action.index])


def _hope_chose(game: Game, player: int, slot: int, chosen: int) -> None:
    """Hope has the chosen card's text as well as her own, from now until she is fielded
    again (a new choice replaces it), whether or not she is active."""
    game.bookkeeping.borrowed[slot] = [(chosen, False, -1, None)]
    game.say(f"Hope Summers takes the text box of {game.slots[chosen].card.card.full_name}.", player)


"""Named choices: "choose a number", "name a Superstar die", "name an energy type", "name
an affiliation", remembered on the card.

``do: choose`` (with ``choice: number|name|energy|affiliation``) asks its chooser (the
controller, or with ``to: {player: opponent}`` the opponent) one question; the answer
replaces any earlier choice of the card and lasts until the card chooses again, or to the
end of the turn with ``duration: turn``. ``named: true`` in a die filter then matches the
dice with the chosen name, energy type or affiliation, ``{chosen: true}`` as an amount is
the chosen number, and the condition ``{named: true}`` says a choice is remembered.
``triggers`` asks the question as the effect is reached (``question``), and records the
answer with ``remember``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.catalogue.model import ENERGY_TYPES
from teambuilder.engine import die_facts, selectors
from teambuilder.engine.actions import Choose, Decision, DecisionKind
from teambuilder.engine.game_state import GLOBALS_PER_CARD, Choice, ChoiceKind
from teambuilder.engine.selectors import Context

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def options(ctx: Context, effect: Effect) -> list[Choice]:
    """What may be chosen, in a stable order (numbers up; names, types, affiliations
    alphabetically)."""
    game = ctx.game
    kind = ChoiceKind(effect.choice)
    if kind is ChoiceKind.NUMBER:
        return [Choice(kind, number=n) for n in range(effect.lowest, selectors.amount(ctx, effect.amount) + 1)]
    if kind is ChoiceKind.ENERGY:
        return [Choice(kind, text=energy) for energy in ENERGY_TYPES]
    if kind is ChoiceKind.GLOBAL:         # "target Global Ability": each global of a card in the game
        return [Choice(kind, text=f"global of {game.slots[slot].card.card.full_name}",
                       number=slot * GLOBALS_PER_CARD + index) for slot, index, _ in game.tables.global_abilities]
    if effect.match is not None:
        # From the dice ``match`` finds ("an affiliation among the dice in your used pile").
        dice = selectors.select(ctx, effect.match)
        found = {die_facts.card_name(game, d) for d in dice if d.slot is not None} if kind is ChoiceKind.NAME \
            else {a for d in dice for a in die_facts.affiliations(game, d)}
        return [Choice(kind, text=text) for text in sorted(found)]
    cards = [slot.card.card for slot in game.slots if slot.card.card.kind == "character"]
    if kind is ChoiceKind.NAME:
        return [Choice(kind, text=name) for name in sorted({card.name for card in cards})]
    return [Choice(kind, text=a) for a in sorted({a for card in cards for a in card.affiliations})]


def chooser(ctx: Context, effect: Effect) -> int:
    return 1 - ctx.controller if effect.to.player == "opponent" else ctx.controller


def shown(choice: Choice) -> str:
    """A choice as players read it: ``4``, ``bolt``, ``Shinsuke Nakamura``, ``X-Men``."""
    if choice.kind is ChoiceKind.NUMBER:
        return str(choice.number)
    if choice.kind is ChoiceKind.AFFILIATION:
        return choice.text.replace("_", " ").title().replace("X Men", "X-Men").replace(" Of ", " of ")
    return choice.text


def question(ctx: Context, effect: Effect, offered: list[Choice]) -> Decision:
    what = {"number": "choose a number", "name": "name a die", "energy": "name an energy type",
            "affiliation": "name an affiliation", "global": "choose a Global Ability"}[effect.choice]
    card = ctx.game.slots[ctx.slot].card.card.name if ctx.slot is not None else "This card"
    if offered[0].kind is ChoiceKind.NUMBER:      # a number is answered with itself
        return Decision(chooser(ctx, effect), DecisionKind.CHOICE,
                        f"{card}: {what} ({', '.join(shown(c) for c in offered)}).",
                        options=tuple(Choose(c.number) for c in offered))
    listing = ", ".join(f"{i}: {shown(c)}" for i, c in enumerate(offered))
    return Decision(chooser(ctx, effect), DecisionKind.CHOICE, f"{card}: {what} ({listing}).",
                    options=tuple(Choose(i) for i in range(len(offered))))


def picked(ctx: Context, effect: Effect, answer: int) -> Choice:
    """The choice an answer names: a number itself, otherwise its place among the options."""
    offered = options(ctx, effect)
    if offered and offered[0].kind is ChoiceKind.NUMBER:
        return next(c for c in offered if c.number == answer)
    return offered[answer]


def remember(ctx: Context, effect: Effect, choice: Choice) -> None:
    """The card remembers ``choice`` (replacing any earlier one), and the log says it."""
    game = ctx.game
    if ctx.slot is None:
        return
    until = game.turn_number if effect.duration == "turn" else 0
    game.bookkeeping.choices[ctx.slot] = Choice(choice.kind, choice.text, choice.number, until)
    card = game.slots[ctx.slot].card.card.name
    said = f"{card}: chooses the number {choice.number}." if choice.kind is ChoiceKind.NUMBER else \
        f"{card} targets the {shown(choice)}." if choice.kind is ChoiceKind.GLOBAL else f"{card} names {shown(choice)}."
    game.say(said, chooser(ctx, effect))


def choose_only(ctx: Context, effect: Effect) -> bool:
    """The ``choose`` primitive when nothing is asked: a single option is taken; none means
    nothing is chosen."""
    offered = options(ctx, effect)
    if len(offered) != 1:
        return False
    remember(ctx, effect, offered[0])
    return True


def next_keeper(ctx: Context, effect: Effect, kept: list[int]) -> tuple[int, list[int]] | None:
    """``to: {keep: N}`` ("each player KOs all their dice but 1 of their choice"): the next
    player (active player first) still to choose a die to keep, and the dice they may
    choose; None once everyone has. A player with N dice or fewer keeps them all unasked
    (they join ``kept``)."""
    matching = selectors.select(ctx, effect.to.die)
    for player in (ctx.game.active, ctx.game.inactive):
        mine = [d.id for d in matching if d.owner == player]
        if len(mine) <= effect.to.keep:
            kept.extend(i for i in mine if i not in kept)
            continue
        left = [i for i in mine if i not in kept]
        if len(mine) - len(left) < effect.to.keep:
            return player, left
    return None


def chosen_text(game: Game, slot: int | None) -> str | None:
    """The name, type or affiliation the card remembers (for scripts that read it)."""
    choice = selectors.chosen(game, slot)
    return None if choice is None or choice.kind is ChoiceKind.NUMBER else choice.text

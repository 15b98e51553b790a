"""Keywords that change the flow of a turn: Swarm and Rush (extra dice in Clear and Draw),
Back for More (a die rolled from the Prep Area it began the turn in), Spark (bursts rolled
in a step), and the action-die keywords Amplify, Obscure and Boomerang.

- Swarm: while its character is active, each die of it you draw
  in your Clear and Draw Step draws 1 extra die; extra dice that are Swarm dice again do
  it again (official definition, DDDM1).
- Rush X: each Rush die you draw in that step draws 1 extra die per die of the kind X
  names drawn in the step (MDM13); X comes from the card text (``keyword_params``).
- Back for More: a die that was in your Prep Area as the turn began and is rolled in your
  Roll and Reroll Step uses its Back for More ability (not optional, MDM6).
- Spark: rolling a burst face sets off the Spark abilities of your active cards once at
  the end of the step; in the Roll and Reroll Step only the faces showing as it ends count
  (DDDM4). ``rolling.roll`` notes who rolled a burst; the step ends call ``sparks``.
- Amplify and Obscure: using an action die spins each of your Amplify dice up 1 level and
  makes each Obscure die unblockable this turn (raised per die, printed or given).
- Boomerang: once the used action die's effect has resolved, it is rolled; an action face
  puts it in your Prep Area (``scripts.keyword_flow_effects``).

Every check first asks whether any card in the game lists the keyword, so games without
them pay nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Ability, DieFilter, parse_filter
from teambuilder.engine import events, selectors
from teambuilder.engine.dice import ENERGY
from teambuilder.engine.keyword_params import rush_kind
from teambuilder.engine.rolling import draw, energized
from teambuilder.engine.state import Die, Zone, keyword_mark

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def _listed(game: Game, keyword: str) -> bool:
    """Whether any card of this game lists ``keyword`` (or rules may give keywords)."""
    return game.has_rules or keyword in game.tables.printed_keywords


def _rush_filter(game: Game, die: Die) -> DieFilter | None:
    """The kind of dice a Rush die counts, read from its card's text once per text (the
    same filter every time: a filter is a frozen value, and ``selectors`` reads a filter
    it has met before at no cost)."""
    card = game.card_of(die)
    if card is None:
        return None
    text = card.card.text
    if text not in _RUSH_FILTERS:
        kind = rush_kind(text)
        _RUSH_FILTERS[text] = parse_filter(kind) if kind is not None else None
    return _RUSH_FILTERS[text]


_RUSH_FILTERS: dict[str, DieFilter | None] = {}    # card text -> what its Rush counts


def clear_and_draw_extras(game: Game, player: int, drawn: list[Die]) -> list[Die]:
    """Swarm and Rush for the dice ``player`` drew in their Clear and Draw Step: the extra
    dice drawn (each goes to the Prep Area, to be rolled with the others)."""
    swarm, rush = _listed(game, "swarm"), _listed(game, "rush")
    if not swarm and not rush:
        return []
    ctx = selectors.Context(game, player)
    every = list(drawn)
    waiting = list(drawn)
    extras: list[Die] = []
    while waiting:
        die = waiting.pop(0)
        card = game.card_of(die)
        if card is None or die.slot is None:
            continue
        wanted = 0
        if swarm and game.has_keyword(die, "swarm") and game.is_active_card(die.slot):
            wanted += 1
            what = "Swarm"
        kind = _rush_filter(game, die) if rush and game.has_keyword(die, "rush") else None
        if kind is not None:
            counted = sum(1 for d in every if selectors.matches(ctx, d, kind))
            wanted += counted
            what = "Rush" if wanted == counted else "Swarm and Rush"
        if not wanted:
            continue
        more = draw(game, player, wanted, watched=False)     # (the step's one ``drawn`` event counts them)
        game.say(f"{what} ({game.die_name(die)}): draws {len(more)} extra "
                 f"{'die' if len(more) == 1 else 'dice'}: {', '.join(d.spec.name for d in more) or 'nothing'}.",
                 player)
        every += more
        waiting += more
        extras += more
    return extras


def turn_begins(game: Game, player: int) -> None:
    """Back for More: remember the dice in the Prep Area as the turn begins."""
    if _listed(game, "back_for_more") or "rolled_from_prep" in game.tables.watched:
        game.this_turn.began_in_prep = {d.id for d in game.zone(player, Zone.PREP)}


def rolled_in_roll_step(game: Game, rolled: list[Die]) -> None:
    """Back for More: the dice rolled now that began the turn in the Prep Area."""
    if "rolled_from_prep" not in game.tables.watched:
        return
    for die in rolled:
        if die.id in game.this_turn.began_in_prep:
            events.emit(game, "rolled_from_prep", die)


def roll_step_ends(game: Game, player: int) -> None:
    """Spark and Energize in the Roll and Reroll Step: only the faces showing as it ends
    count, so a double energy or a burst rerolled away sets off nothing (glossary
    "Energize", "Spark")."""
    if "energized" in game.tables.watched or "any_energized" in game.tables.watched:
        for die in game.zone(player, Zone.PREP):
            face = die.spec.faces[die.face]
            if face.kind == ENERGY and face.energy_amount == 2:
                energized(game, die)
    if "burst_rolled" not in game.tables.watched:
        return
    game.this_turn.bursts_rolled.discard(player)
    if any(d.spec.faces[d.face].burst for d in game.zone(player, Zone.PREP)):
        events.watch(game, "burst_rolled", player=player)


def sparks(game: Game) -> None:
    """A step ends: Spark for each player who rolled a burst face during it."""
    if not game.this_turn.bursts_rolled:
        return
    for player in sorted(game.this_turn.bursts_rolled):
        events.watch(game, "burst_rolled", player=player)
    game.this_turn.bursts_rolled.clear()


def action_used(game: Game, player: int) -> None:
    """Amplify and Obscure: each of ``player``'s dice with them reacts to an action used."""
    amplify, obscure = _listed(game, "amplify"), _listed(game, "obscure")
    if not amplify and not obscure:
        return
    for die in game.zone(player, Zone.FIELD):
        if amplify and game.has_keyword(die, "amplify"):
            events.raise_keyword(game, "amplify", die)
        if obscure and game.has_keyword(die, "obscure"):
            events.raise_keyword(game, "obscure", die)


def boomerangs(game: Game, die: Die, abilities: list[Ability]) -> bool:
    """Whether the action die just used comes back with Boomerang: it has the keyword, or
    the effect it set off gives it (Ping: its burst gives this die Boomerang)."""
    if not _listed(game, "boomerang"):
        return False
    if any(e.op == "gain_keyword" and e.keyword == "boomerang" for a in abilities for e in a.effects):
        return True
    card = game.card_of(die)
    if card is not None and "gains Boomerang" in card.card.text:
        return keyword_mark("boomerang") in die.flags     # its Boomerang is only ever given
    return game.has_keyword(die, "boomerang")

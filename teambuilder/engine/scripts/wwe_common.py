"""Helpers the WWE card scripts share (``wwe_1_24`` and ``wwe_25_48`` for the Superstars,
``wwe_49_54`` and ``wwe_55_58`` for the basic actions): predicting a KO, following up once
damage has landed, asking for a die or a name, drawing without setting off "when you
draw" abilities, reading a burst. In WWE "Superstar" means character.

Two techniques recur in the WWE scripts:

- "If that KOs it" / "if it survives": damage is queued (prevention and reactions come
  first) and KOs happen after triggers resolve, so an ability that must know the outcome
  runs a follow-up once the damage has landed (its own ``deals_damage`` trigger, or a
  follow-up ability queued right behind the damage) and asks ``will_be_kod``.
- Choices part-way use ``ask`` with a continuation; a chain of choices (each player in
  turn) passes a frozen value from one continuation to the next.
"""


from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from teambuilder.catalogue.abilities import Amount, Effect
from teambuilder.engine import events, keyword_survival, primitives
from teambuilder.engine.actions import Action, ChooseTarget, Pass
from teambuilder.engine.dice import ACTION
from teambuilder.engine.scripts import Continuation, Frozen, ask
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import DamageEvent, Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

D = TypeVar("D", bound=Frozen)


@dataclass(frozen=True)
class OneDie(Frozen):
    """The die a continuation is about."""

    die: int


def opponent_damaged(ctx: Context) -> bool:
    """For a ``deals_damage`` trigger: the damage went to the controller's opponent."""
    return ctx.event_die is None and ctx.event_player == 1 - ctx.controller


def will_be_kod(game: Game, die: Die) -> bool:
    """Whether the damage on a field Superstar die KOs it when the engine next checks:
    damage at least its defense, and neither Regenerate nor Iron Will stops the KO (Iron
    Will is asked without leaving a trace: its memory and log line are put back)."""
    if die.zone is not Zone.FIELD or not game.is_character(die):
        return die.zone is not Zone.FIELD and die.id in game.this_turn.kod_by_damage   # (KO'd already)
    if die.damage < game.stats(die)[1] or game.has_keyword(die, "regenerate"):
        return False
    if game.has_keyword(die, "iron_will"):
        log_length, remembered = len(game.log), dict(game.this_turn.iron_will)
        holds = keyword_survival.iron_will_holds(game, die)
        del game.log[log_length:]
        game.this_turn.iron_will.clear()
        game.this_turn.iron_will.update(remembered)
        return not holds
    return True


def in_combat_with(one: Die, other: Die) -> bool:
    return one.blocks(other.id) or other.blocks(one.id)


def ability_index(game: Game, slot: int, trigger: str) -> int:
    return next(i for i, a in enumerate(game.slots[slot].card.abilities) if a.trigger == trigger)


def follow_up(game: Game, controller: int, slot: int, trigger: str, source: Die | None,
               kind: str = "ability") -> None:
    """Queue the card's ``trigger`` ability to resolve after the damage queued so far has
    been dealt (the game deals pending damage before it starts new triggers)."""
    face = source.spec.faces[source.face] if source is not None else None
    events.queue_now(game, events.PendingTrigger(
        controller, slot, ability_index(game, slot, trigger), None if source is None else source.id,
        bursts=face.burst if face is not None and face.kind == ACTION else 0, kind=kind))


def queue_damage(ctx: Context, amount: int, source: Die | None, *, die: Die | None = None,
                  player: int | None = None) -> None:
    ctx.game.damage_queue.append(DamageEvent(amount, None if source is None else source.id,
                                             die=None if die is None else die.id, player=player, kind=ctx.kind))


def ask_die(game: Game, player: int, prompt: str, dice: list[Die], then: Continuation[D], data: D,
            optional: bool = False) -> None:
    """Ask ``player`` to pick one of ``dice`` (answered with ``{target: label}``)."""
    listing = "; ".join(game.die_name(d) for d in dice)
    options: tuple[Action, ...] = ((Pass(),) if optional else ()) + tuple(ChooseTarget(d.id) for d in dice)
    ask(game, player, f"{prompt} ({listing})", options, then=then, data=data)


def one_per_card(dice: list[Die]) -> list[Die]:
    """Dice of the same card off the field are interchangeable: offer one of each."""
    seen: set[str] = set()
    found = []
    for die in dice:
        if die.spec.key not in seen:
            seen.add(die.spec.key)
            found.append(die)
    return found


def burst(die: Die | None) -> int:
    if die is None:
        return 0
    face = die.spec.faces[die.face]
    return face.burst if face.kind == ACTION else 0


def draw_quietly(ctx: Context, count: int, into: str, code: str) -> list[Die]:
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
                and events.ability_of(game, t).trigger == "drawn")]
    return [game.dice[i] for i in sorted(drawn)]

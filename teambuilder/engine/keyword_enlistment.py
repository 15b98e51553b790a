"""Enlistment: an ability's effect happens unless the opponent KOs one of their own
character dice to stop it (MDM5 glossary "Enlistment"; scans cw10, cw31).

An ability labelled ``keyword: enlistment`` asks, once its "you may", mode and targets are
settled and before any of its effects happen, the opponent of its controller: KO one of
your character dice in the field (not one the ability targets: the cards say "a different"
or "another" die) to stop the ability, or pass to let it happen. A die the KO does not
remove (Iron Will, undamaged this turn) cannot be offered; when the opponent has no die to
KO the effect simply happens. ``triggers`` asks (``offer``); ``resolve`` takes the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import effects, keyword_survival
from teambuilder.engine.actions import Action, ChooseTarget, Decision, DecisionKind, Pass
from teambuilder.engine.state import Die, Resolver

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def can_be_kod_to_pay(game: Game, die: Die) -> bool:
    """Whether ``die`` may be picked to pay a cost that KOs it: not an Iron Will die that
    the KO cannot touch now (DCDM3 glossary "Iron Will")."""
    return not (game.has_keyword(die, "iron_will") and keyword_survival.iron_will_holds(game, die))


def offer(game: Game, controller: int, label: str, targets: list[list[int]]) -> bool:
    """Ask the opponent of ``controller`` whether to stop ability ``label``; True when the
    question is now pending, False when they have no die to KO (the effect happens)."""
    opponent = 1 - controller
    chosen = {d for picks in targets for d in picks if d >= 0}
    dice = sorted((d for d in game.field_characters(opponent)
                   if d.owner == opponent and d.id not in chosen and can_be_kod_to_pay(game, d)), key=lambda d: d.id)
    if not dice:
        game.say(f"has no character die to KO against {label}: its Enlistment effect happens.", opponent)
        return False
    game.decision = Decision(opponent, DecisionKind.ENLIST,
                             f"Enlistment: KO one of your character dice to stop {label}, or pass to let it happen.",
                             options=(Pass(), *(ChooseTarget(d.id) for d in dice)))
    return True


def resolve(game: Game, decision: Decision, action: Action) -> None:
    resolution = game.resolving
    assert resolution is not None, "an Enlistment question is asked while its ability resolves"
    label = resolution.trigger.label(game)
    if isinstance(action, Pass):
        game.say(f"lets {label} happen.", decision.player)
        return                       # the ability goes on (``triggers`` asked only once)
    assert isinstance(action, ChooseTarget)
    die = game.dice[action.target]
    game.say(f"KOs {game.die_name(die)} to stop {label}.", decision.player)
    if effects.ko_all(game, [die]):
        game.resolving = None        # stopped: none of its effects happen
        game.say(f"{label} is stopped.", decision.player)
    else:
        game.say(f"{game.die_name(die)} is not KO'd: {label} happens.", decision.player)


RESOLVERS: dict[DecisionKind, Resolver] = {DecisionKind.ENLIST: resolve}

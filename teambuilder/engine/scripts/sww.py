"""Scripts of the Superman / Wonder Woman starter (set ``sww``): the parts of its cards
that the ability language cannot say. Each uses the engine's own primitives (spin, move,
KO, draw, fielding, paying), so every rule those primitives obey still applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Amount, DieFilter, Effect, Selector
from teambuilder.engine import die_facts, effects, keywords, primitives, rules, selectors
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.moves import field_die
from teambuilder.engine.rolling import roll
from teambuilder.engine.scripts import NOTHING, Frame, Frozen, Nothing, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class Exchanged(Frozen):
    """Misdirection: the field die a used-pile die is to replace."""

    first: int


@dataclass(frozen=True)
class PlotTwistDice(Frozen):
    """Plot Twist: the drawn dice still waiting for a "field it?" answer, in order."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class TruceLeft(Frozen):
    """Truce: how many dice the opponent still has to KO."""

    left: int


def _draw_to_prep(game: Game, player: int, slot: int | None, count: int) -> bool:
    """Draw ``count`` dice from ``player``'s bag into their prep area (the draw primitive)."""
    drawing = Effect("draw", to=Selector(player="you"), amount=Amount(count), into="prep")
    return primitives.apply(Context(game, player, slot), drawing, [], [player])


def _has_character_face(die: Die) -> bool:
    return die.spec.faces[die.face].kind == CHARACTER




# -- 26: Misdirection --------------------------------------------------------------------

@script("26sww")
def misdirection(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Exchange the target field die for a character die of the used pile (player's
    choice), which takes its place on the same level."""
    if not dice:
        return False
    used = [d for d in ctx.game.zone(ctx.controller, Zone.USED) if die_facts.is_character_die(d)]
    if not used:
        ctx.game.say("has no character die in the used pile to exchange.", ctx.controller)
        return False
    if len(used) == 1:
        _exchange(ctx.game, dice[0], used[0])
        return True
    ask(ctx.game, ctx.controller, f"Misdirection: which die of your used pile replaces "
        f"{ctx.game.die_name(dice[0])}?", tuple(ChooseTarget(d.id) for d in used), then=_misdirection_chosen,
        data=Exchanged(dice[0].id))
    return True


@continuation("26sww", Exchanged)
def _misdirection_chosen(game: Game, player: int, action: Action, data: Exchanged) -> None:
    assert isinstance(action, ChooseTarget)
    first = game.dice[data.first]
    if first.zone is Zone.FIELD:
        _exchange(game, first, game.dice[action.target])


def _exchange(game: Game, first: Die, second: Die) -> None:
    """The second die takes the first one's place: its level, and its place in combat."""
    level = first.spec.faces[first.face].level
    attacking, blocked, blocking = first.attacking, first.blocked, first.blocking
    blockers = [d for d in game.dice if d.blocking == first.id]
    effects.move(game, first, Zone.USED)
    effects.move(game, second, Zone.FIELD, max(1, min(level, second.spec.max_level)))
    second.attacking, second.blocked, second.blocking = attacking, blocked, blocking
    for blocker in blockers:
        blocker.blocking = second.id
    game.say(f"{game.die_name(second)} takes the place of {first.spec.name}.", second.owner)


# -- 27: Plot Twist ----------------------------------------------------------------------

PLOT_TWIST_DICE = "27sww:fielded"   # script_state key: the dice fielded with Plot Twist this turn


@script("27sww")
def plot_twist(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Draw up to 2 dice from the opponent's bag (the player says how many)."""
    most = min(2, len(ctx.game.zone(1 - ctx.controller, Zone.BAG)))
    if not most:
        ctx.game.say("finds the opponent's bag empty.", ctx.controller)
        return False
    ask(ctx.game, ctx.controller, "Plot Twist: how many dice do you draw from your opponent's bag?",
        tuple(Choose(n) for n in range(most, -1, -1)), then=_plot_twist_draw, data=NOTHING)
    return True


@continuation("27sww", Nothing)
def _plot_twist_draw(game: Game, player: int, action: Action, data: Nothing) -> None:
    assert isinstance(action, Choose)
    opponent = 1 - player
    fieldable: list[int] = []
    drawn: set[int] = set()
    for _ in range(action.index):
        bag = [d for d in game.zone(opponent, Zone.BAG) if d.id not in drawn]
        if not bag:
            break
        die = game.rng.choice(bag)
        drawn.add(die.id)
        if not die_facts.is_character_die(die):
            game.say(f"draws {die.spec.name} from the opponent's bag and returns it.", player)
            continue
        roll(game, die)
        game.say(f"draws and rolls {die.spec.name} from the opponent's bag: "
                 f"{die.spec.faces[die.face].describe()}.", player)
        if _has_character_face(die):
            die.zone = Zone.OUT_OF_PLAY     # held aside while the player decides
            fieldable.append(die.id)
        else:
            effects.move(game, die, Zone.USED)
    _plot_twist_next(game, player, tuple(fieldable))


def _plot_twist_next(game: Game, player: int, fieldable: tuple[int, ...]) -> None:
    if not fieldable:
        return
    die = game.dice[fieldable[0]]
    ask(game, player, f"Plot Twist: field {game.die_name(die)} under your control for free?",
        (Choose(1), Pass()), then=_plot_twist_field, data=PlotTwistDice(fieldable))


@continuation("27sww:field", PlotTwistDice)
def _plot_twist_field(game: Game, player: int, action: Action, data: PlotTwistDice) -> None:
    die = game.dice[data.dice[0]]
    if isinstance(action, Choose):
        die.zone = Zone.FIELD
        keywords.take_control(game, player, None, die)
        field_die(game, die, " for free")
        fielded = game.script_state.get(PLOT_TWIST_DICE, ())
        assert isinstance(fielded, tuple)
        game.script_state[PLOT_TWIST_DICE] = (*fielded, die.id)
    else:
        effects.move(game, die, Zone.USED)
    _plot_twist_next(game, player, data.dice[1:])


@script("27sww:end")
def plot_twist_ends(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """At end of turn the dice fielded with Plot Twist go to their owner's used pile,
    wherever they are (their control has already ended in Cleanup)."""
    fielded = ctx.game.script_state.pop(PLOT_TWIST_DICE, ())
    assert isinstance(fielded, tuple)
    moved = [ctx.game.dice[i] for i in fielded if ctx.game.dice[i].zone is not Zone.USED]
    for die in moved:
        effects.move(ctx.game, die, Zone.USED)
    return bool(moved)




# -- 33: The Outsider --------------------------------------------------------------------

OUTSIDER_MARK = "33sww:targeted"   # a die this turn's Outsider global has already targeted


@script("33sww:2")
def outsider_global(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Target a Villain character die not yet targeted by this global this turn: +2A."""
    candidates = [d for d in selectors.select(ctx, DieFilter(affiliations=("villain",)))
                  if OUTSIDER_MARK not in d.flags and rules.can_target(ctx.game, d, ctx.controller, ctx.kind)]
    if not candidates:
        ctx.game.say("The Outsider's global has no legal target.", ctx.controller)
        return False
    if len(candidates) == 1:
        _outsider_boost(ctx.game, ctx.controller, ChooseTarget(candidates[0].id), Frame.of(ctx))
        return True
    ask(ctx.game, ctx.controller, "The Outsider: choose a Villain character die to get +2A.",
        tuple(ChooseTarget(d.id) for d in candidates), then=_outsider_boost, data=Frame.of(ctx))
    return True


@continuation("33sww:2", Frame)
def _outsider_boost(game: Game, player: int, action: Action, data: Frame) -> None:
    assert isinstance(action, ChooseTarget)
    die = game.dice[action.target]
    die.flags.add(OUTSIDER_MARK)
    primitives.apply(Context(game, player, data.slot, kind="global"), Effect("modify", attack=2), [die], [])


# -- 34: Truce ---------------------------------------------------------------------------

@script("34sww")
def truce(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """KO the chosen dice; the opponent then KOs as many of theirs, one by one."""
    count = sum([effects.ko(ctx.game, die) for die in dice])
    if count:
        _truce_next(ctx.game, 1 - ctx.controller, count)
    return bool(count)


def _truce_next(game: Game, player: int, left: int) -> None:
    theirs = game.field_characters(player)
    if not theirs:
        return
    if left >= len(theirs):
        for die in theirs:
            effects.ko(game, die)
        return
    ask(game, player, f"Truce: choose a character die of yours to KO ({left} to go).",
        tuple(ChooseTarget(d.id) for d in theirs), then=_truce_chosen, data=TruceLeft(left))


@continuation("34sww", TruceLeft)
def _truce_chosen(game: Game, player: int, action: Action, data: TruceLeft) -> None:
    assert isinstance(action, ChooseTarget)
    effects.ko(game, game.dice[action.target])
    if data.left > 1:
        _truce_next(game, player, data.left - 1)

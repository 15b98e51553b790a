"""The steps of a turn outside combat: start, Clear and Draw, Roll and Reroll, the end of
the Main Step, and Cleanup.

Drawing (``rolling.draw``) follows the rulebook: an empty bag is refilled from the used
pile (never from out of play) and drawing goes on, all of it one draw; each die that cannot be drawn costs 1
life and gives 1 generic virtual energy. On the very first turn the first player draws 3
and puts the 4th die out of play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import events, keyword_combat, keyword_experience, keyword_flow, keywords, replacement, rules
from teambuilder.engine.actions import Action, Decision, DecisionKind, Reroll
from teambuilder.engine.dice import CHARACTER, ENERGY
from teambuilder.engine.effects import ko, state_based_kos
from teambuilder.engine.rolling import draw, drawn_in_step, roll
from teambuilder.engine.state import Die, Resolver, Runner, Step, Task, TaskKind, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


DRAW_COUNT = 4
# A turn's tasks, in order (combat adds its own once attackers are declared).
TURN_STEPS = (TaskKind.START_OF_TURN, TaskKind.CLEAR_DRAW, TaskKind.ROLL, TaskKind.REROLL, TaskKind.MAIN_WINDOW,
              TaskKind.END_MAIN, TaskKind.DECLARE_ATTACKERS, TaskKind.END_OF_TURN, TaskKind.CLEANUP, TaskKind.END_TURN)


def start_next_turn(game: Game) -> None:
    if game.turn_number:
        game.active = game.inactive
    game.turn_number += 1
    if game.turn_number > game.max_turns:
        game.over, game.winner = True, None
        game.result = f"tie (turn limit of {game.max_turns} reached)"
        game.log.append(f"The game stops at the turn limit ({game.max_turns}): a tie.")
        return
    for player in game.players:
        player.global_uses.clear()
    game.log.append(f"-- Turn {game.turn_number}: {game.players[game.active].name} "
                    f"(life {game.players[0].life}-{game.players[1].life}) --")
    game.tasks.extend(Task(kind, game.active) for kind in reversed(TURN_STEPS))


def _names(game: Game, dice: list[Die]) -> str:
    return ", ".join(f"{d.spec.name} [{d.spec.faces[d.face].describe()}]" for d in dice) or "nothing"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _pop(game: Game) -> Task:
    return game.tasks.pop()


def _deadly(game: Game) -> None:
    """Deadly: every die engaged with a Deadly die this turn is KO'd at the end of the
    turn, even if the Deadly die has left the field."""
    for die_id in sorted(game.this_turn.deadly_marks):
        die = game.dice[die_id]
        if die.zone is Zone.FIELD:
            game.say(f"{game.die_name(die)} was engaged with a Deadly die.", die.owner)
            # The opposing Deadly die KOs it: the opponent made it leave the field (Aftershock).
            game.this_turn.acting.append(1 - (die.owner or 0))
            ko(game, die)
            game.this_turn.acting.pop()


def run_start_of_turn(game: Game, task: Task) -> None:
    if events.enter_step(game, Step.START):
        return                           # "at the start of ... step" first; then the task again
    _pop(game)
    keyword_flow.turn_begins(game, task.player)
    if game.bookkeeping.partners or game.bookkeeping.equipped:
        keywords.start_of_turn_links(game, task.player)
    events.emit_for_players(game, "start_of_turn")
    events.watch(game, "clear_and_draw", player=task.player)


def run_clear_draw(game: Game, task: Task) -> None:
    if events.enter_step(game, Step.CLEAR_AND_DRAW):
        return
    _pop(game)
    keyword_flow.sparks(game)            # the Start Step ends
    player = task.player
    cleared = game.zone(player, Zone.RESERVE)
    for die in cleared:
        die.zone = replacement.destination(game, die, Zone.USED)
        die.reset()
    if cleared:
        game.say(f"clears {len(cleared)} dice from the reserve pool to the used pile.")
    first_turn = game.turn_number == 1
    wanted = (DRAW_COUNT - 1 if first_turn else DRAW_COUNT) + (rules.extra_draws(game, player) if game.has_rules else 0)
    drawn = draw(game, player, wanted, watched=False)
    missing = wanted - len(drawn)
    game.say(f"draws {len(drawn)}: {', '.join(d.spec.name for d in drawn) or 'nothing'}.")
    drawn_in_step(game, player, drawn + keyword_flow.clear_and_draw_extras(game, player, drawn))
    if first_turn:
        extra = draw(game, player, 1)
        for die in extra:
            die.zone = Zone.OUT_OF_PLAY
            game.say(f"puts a 4th die out of play for the first turn ({die.spec.name}).")
        missing += 1 - len(extra)
    if missing:
        game.players[player].virtual += missing
        game.say(f"could not draw {missing} dice: loses {missing} life and gains "
                 f"{missing} generic virtual energy.")
        game.lose_life({player: missing})


def _to_roll(game: Game, player: int) -> list[Die]:
    """The prep area's dice the Roll step rolls: a die a ``not_rolled`` rule holds there
    stays in the prep area unrolled this turn."""
    dice = game.zone(player, Zone.PREP)
    held = rules.in_force(game, "not_rolled") if game.turn_rules else []
    return [d for d in dice if not any(rules.applies(game, r, d) for r in held)] if held else dice


def run_roll(game: Game, task: Task) -> None:
    if events.enter_step(game, Step.ROLL_AND_REROLL):
        return
    _pop(game)
    dice = _to_roll(game, task.player)
    for die in dice:
        roll(game, die)
    game.say(f"rolls {_names(game, dice)}.")
    keyword_flow.rolled_in_roll_step(game, dice)
    events.watch(game, "rolled", player=task.player)


def run_reroll(game: Game, task: Task) -> None:
    dice = _to_roll(game, task.player)
    if not dice:
        _pop(game)
        keyword_flow.roll_step_ends(game, task.player)
        return
    game.decision = Decision(task.player, DecisionKind.REROLL, "Choose any dice to reroll (once).",
                             subset=tuple(d.id for d in dice))


def resolve_reroll(game: Game, decision: Decision, action: Action) -> None:
    task = _pop(game)
    assert isinstance(action, Reroll)
    chosen = [game.dice[i] for i in action.dice]
    for die in chosen:
        roll(game, die)
    if chosen:
        game.say(f"rerolls {len(chosen)}: now {_names(game, chosen)}.")
    keyword_flow.roll_step_ends(game, task.player)
    for die in _to_roll(game, task.player):
        die.zone = Zone.RESERVE


def run_end_main(game: Game, task: Task) -> None:
    _pop(game)
    keyword_flow.sparks(game)            # the Main Step ends
    keyword_combat.strike(game, task.player)
    unfielded = [d for d in game.zone(task.player, Zone.RESERVE)
                 if d.spec.faces[d.face].kind == CHARACTER]
    for die in unfielded:
        die.zone = replacement.destination(game, die, Zone.USED)
        die.reset()
    if unfielded:
        game.say(f"{len(unfielded)} unfielded character dice go to the used pile.")


def run_end_of_turn(game: Game, task: Task) -> None:
    """The start of Cleanup: "at end of turn" abilities (and Deadly) happen and resolve
    while this turn's effects, control and schedules still hold; then Cleanup clears."""
    if events.enter_step(game, Step.CLEANUP):
        return
    _pop(game)
    keyword_flow.sparks(game)            # the attack step (or the Main Step) has ended
    keyword_experience.award(game)
    events.emit_for_players(game, "end_of_turn")
    _deadly(game)


def run_cleanup(game: Game, task: Task) -> None:
    _pop(game)
    events.enter_step(game, Step.CLEANUP)
    if keywords.end_of_turn(game):
        state_based_kos(game)       # a die set aside with damage to take (Locked in Combat)
    rules.expire(game)
    staying_aside = {die_id for die_id, _, _ in game.bookkeeping.set_aside}
    for die in game.dice:
        # Most dice have nothing to forget: writing only to the others keeps cleanup cheap.
        if die.damage or die.hurt_events:
            die.damage = 0
            die.hurt_events = 0
        if die.modifiers:
            die.modifiers.clear()
        if die.flags and die.id not in staying_aside:
            die.flags.clear()
        die.leave_combat()
    # Only energy stays in the reserve: unused action dice, and character dice drawn too
    # late to be fielded, go to the used pile.
    unused = [d for d in game.zone(task.player, Zone.RESERVE) if d.spec.faces[d.face].kind != ENERGY]
    for die in unused:
        die.zone = replacement.destination(game, die, Zone.USED)
        die.reset()
    if unused:
        game.say(f"{_count(len(unused), 'unused action or character die', 'unused action or character dice')} "
                 "go to the used pile.")


def run_end_turn(game: Game, task: Task) -> None:
    _pop(game)
    for player in game.players:
        player.virtual = 0
    staying_aside = {die_id for die_id, _, _ in game.bookkeeping.set_aside}
    moved = [d for d in game.zone(task.player, Zone.OUT_OF_PLAY) if d.id not in staying_aside]
    for die in moved:
        spent = die.id in game.this_turn.spent
        die.zone = Zone.USED if spent else replacement.destination(game, die, Zone.USED)
        die.reset()
    replacement.end_of_turn(game)
    game.this_turn.reset()      # the turn's last task: everything "this turn" is forgotten here
    if moved:
        game.say(f"moves {len(moved)} dice from out of play to the used pile.")


RUNNERS: dict[TaskKind, Runner] = {
    TaskKind.START_OF_TURN: run_start_of_turn,
    TaskKind.CLEAR_DRAW: run_clear_draw,
    TaskKind.ROLL: run_roll,
    TaskKind.REROLL: run_reroll,
    TaskKind.END_MAIN: run_end_main,
    TaskKind.END_OF_TURN: run_end_of_turn,
    TaskKind.CLEANUP: run_cleanup,
    TaskKind.END_TURN: run_end_turn,
}
RESOLVERS: dict[DecisionKind, Resolver] = {
    DecisionKind.REROLL: resolve_reroll,
}

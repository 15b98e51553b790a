"""A KO replaced by something else, asked as the KO happens (``ko_instead``).

"If this die would be KO'd, you may KO one of your Sidekick dice instead": when a die
would be KO'd and an ability may replace that KO (``trigger: ko_instead`` on the die's
own card, ``any_ko_instead`` with ``when:`` on an active card), ``effects.ko_all`` holds
the KO (``events.hold_ko``) and that ability resolves at once, ahead of every queued
trigger, with its "you may", conditions and targets asked as usual. When one of its
effects does something the KO is replaced: the die stays where the effects left it, and
the same damage does not KO it again this turn (only more damage or a lower defense, and
then the replacement is offered again). Declined, or doing nothing, the die is KO'd then,
as it would have been (its KO abilities trigger). ``remove_damage`` ("remove all damage
from it") is the effect such a replacement may add.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects, events
from teambuilder.engine.dice import CHARACTER, ENERGY
from teambuilder.engine.events import PendingTrigger, ability_of
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

REPLACING = ("ko_instead", "any_ko_instead", "leaves_field_instead")


# The replacements of a change of a field die's face: a reroll, a spin to another level.
FACE_CHANGES = ("any_reroll_instead", "any_spin_instead")


def hold_reroll(game: Game, die: Die, into: Zone, by: int) -> bool:
    """An effect of player ``by`` would reroll field die ``die``: when an ``any_reroll_instead``
    ability may replace that reroll, the reroll is held and that ability resolves next (as
    ``hold_ko``; ``ko_instead.finish_held`` then spares the die or rerolls it). True when held."""
    return _hold_change(game, die, "any_reroll_instead", into.value, by, "rerolled")


def spin_unless_held(game: Game, die: Die, by: int, levels: int = 0, level: int = 0) -> bool:
    """An effect of player ``by`` spins ``die`` ``levels`` up or down (``set_level``: to
    ``level``); when that would turn a field die to another face and an ``any_spin_instead``
    ability may replace it, the spin is held as a reroll is (``finish_held`` spins it later)."""
    face = die.spec.faces[die.face]
    if face.kind == CHARACTER and die.zone is Zone.FIELD and not die.token \
            and "any_spin_instead" in game.tables.watched:
        to = max(1, min(die.spec.max_level, level or face.level + levels))
        if to != face.level and _hold_change(game, die, "any_spin_instead", f"level {to}", by, f"spun to level {to}"):
            return True
    return effects.spin_to(game, die, level) if level else effects.spin(game, die, levels)


def hold_turn(game: Game, die: Die, by: int, single: bool, index: int = -1) -> bool:
    """An effect of player ``by`` would turn field die ``die`` to an energy face (``index``:
    that face; else one its picker chooses): held as a spin is (``any_spin_instead``: "spun
    to a different face"). True when held."""
    face = die.spec.faces[die.face]
    if face.kind != CHARACTER or die.token or not energy_faces(die, single):
        return False
    what = f"face {index}" if index >= 0 else "energy1" if single else "energy"
    return _hold_change(game, die, "any_spin_instead", what, by, "turned to an energy face")


def energy_faces(die: Die, single: bool = False) -> list[int]:
    """The die's distinct energy faces (one index per different face), fewest energy first
    (``single``: only those showing one energy)."""
    seen: dict[str, int] = {}
    for index, face in enumerate(die.spec.faces):
        if face.kind == ENERGY and face.describe() not in seen and (not single or face.energy_amount == 1):
            seen[face.describe()] = index
    return sorted(seen.values(), key=lambda i: (die.spec.faces[i].energy_amount, i))


def turn_to_energy_face(game: Game, die: Die, face: int) -> None:
    """The die shows ``face`` and goes from the field to its owner's Reserve Pool, losing
    what it had been given (a die another player controls goes back to its owner)."""
    name = game.die_name(die)
    game.this_turn.turned_or_rerolled.update([die.owner] if die.owner is not None else [])
    die.face = face
    if die.zone is Zone.PREP:
        game.say(f"{name} is turned to {die.spec.faces[face].describe()} in the prep area.", die.owner)
        return
    game.say(f"{name} is turned to {die.spec.faces[face].describe()} and moves to the reserve pool.",
             die.home if die.home is not None else die.owner)
    effects.move(game, die, Zone.RESERVE, quiet=True)
    die.reset()
    if die.home is not None:
        die.owner, die.home = die.home, None


def _hold_change(game: Game, die: Die, trigger: str, what: str, by: int, words: str) -> bool:
    """Hold a change of ``die``'s face (``what``: the zone an energy result of a reroll goes
    to, or ``level N`` for a spin) while the first ``trigger`` ability that may replace it
    resolves. True when held."""
    if die.id in game.this_turn.held_rerolls or trigger not in game.tables.watched or die.zone is not Zone.FIELD:
        return False
    queued = len(game.new_triggers)
    events.watch(game, trigger, die, player=die.owner, by=by)
    found = game.new_triggers[queued:]
    if not found:
        return False
    del game.new_triggers[queued:]
    game.trigger_batches.insert(0, [found[0]])
    game.this_turn.held_rerolls[die.id] = (what, False)
    game.say(f"{game.die_name(die)} would be {words}: {found[0].label(game)} may replace it.", die.owner)
    return True


def replacing(game: Game, trigger: PendingTrigger) -> bool:
    """Whether ``trigger`` is a held KO's replacement."""
    return trigger.event_die is not None and trigger.event_die in game.this_turn.held_kos \
        and ability_of(game, trigger).trigger in REPLACING


def replacing_reroll(game: Game, trigger: PendingTrigger) -> bool:
    """Whether ``trigger`` is a held reroll's or spin's replacement (``any_reroll_instead``,
    ``any_spin_instead``)."""
    return trigger.event_die is not None and trigger.event_die in game.this_turn.held_rerolls \
        and ability_of(game, trigger).trigger in FACE_CHANGES


def replacing_move(game: Game, trigger: PendingTrigger) -> bool:
    """Whether ``trigger`` is a held move's replacement (``leaves_field_instead``)."""
    return trigger.event_die is not None and trigger.event_die in game.this_turn.held_moves \
        and ability_of(game, trigger).trigger == "leaves_field_instead"


def replacement_did(game: Game, trigger: PendingTrigger) -> None:
    """An effect of the replacement did something: the KO (reroll, move) is replaced."""
    if replacing_move(game, trigger):
        assert trigger.event_die is not None
        game.this_turn.held_moves[trigger.event_die] = (game.this_turn.held_moves[trigger.event_die][0], True)
    if replacing_reroll(game, trigger):
        assert trigger.event_die is not None
        game.this_turn.held_rerolls[trigger.event_die] = (game.this_turn.held_rerolls[trigger.event_die][0], True)
    if replacing(game, trigger):
        assert trigger.event_die is not None
        held = game.this_turn.held_kos[trigger.event_die]
        game.this_turn.held_kos[trigger.event_die] = held[:4] + (True,)


def finish_held(game: Game, trigger: PendingTrigger) -> None:
    """The replacement has resolved (or was declined): spare the die, or KO (reroll, move) it now."""
    if replacing_move(game, trigger):
        assert trigger.event_die is not None
        into, replaced = game.this_turn.held_moves[trigger.event_die]
        die = game.dice[trigger.event_die]
        if not replaced and die.zone is Zone.FIELD:
            die.leave_combat()
            effects.move(game, die, Zone(into))       # (still held: not asked again)
        del game.this_turn.held_moves[trigger.event_die]
        return
    if replacing_reroll(game, trigger):
        assert trigger.event_die is not None
        into, rerolled_instead = game.this_turn.held_rerolls[trigger.event_die]
        die = game.dice[trigger.event_die]
        spin = into.startswith(("level ", "energy", "face "))
        if rerolled_instead:
            game.say(f"{game.die_name(die)} is not {'spun' if spin else 'rerolled'}.", die.owner)
        elif die.zone is Zone.FIELD and into.startswith("face "):
            turn_to_energy_face(game, die, int(into[len("face "):]))
        elif die.zone is Zone.FIELD and into.startswith("energy") and (faces := energy_faces(die, into == "energy1")):
            turn_to_energy_face(game, die, faces[0])     # (fewest energy: the picker is not asked again)
        elif die.zone is Zone.FIELD and spin:
            effects.spin_to(game, die, int(into[len("level "):]))
        elif die.zone is Zone.FIELD:
            effects.reroll_fielded(game, die, Zone(into))
        del game.this_turn.held_rerolls[trigger.event_die]
        return
    if not replacing(game, trigger):
        return
    assert trigger.event_die is not None
    held = game.this_turn.held_kos.pop(trigger.event_die, None)
    if held is None:
        return
    into, combat, by_damage, by, replaced = held
    die = game.dice[trigger.event_die]
    if replaced:
        game.this_turn.ko_spared[die.id] = (die.damage, game.stats(die)[1])
        if die.zone is Zone.FIELD:
            game.say(f"{game.die_name(die)} is not KO'd.", die.owner)
        return
    if by_damage and die.damage < game.stats(die)[1]:
        return                      # its damage no longer KOs it
    effects.ko_all(game, [die], Zone(into), combat=combat, by_damage=by_damage, by=None if by < 0 else by,
                   ask=False)


def remove_damage(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: remove_damage``: the dice lose all the damage on them."""
    hurt = [d for d in dice if d.damage > 0]
    for die in hurt:
        die.damage = 0
        ctx.game.say(f"{ctx.game.die_name(die)} has all its damage removed.", die.owner)
    return bool(hurt)

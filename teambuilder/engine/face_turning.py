"""Turning a die to an energy face someone picks: the ``turn_to_energy`` effect ("turn
target character die to an energy face you pick", Loki: Illusions Abound, 77ig).

Each die the effect reaches, if it is a character die in the field, is set to one of its
own energy faces. The picker (the ability's controller, or with ``by: opponent`` their
opponent) chooses among the die's distinct energy faces, fewest energy first (a ``script``
decision answered with ``Choose(N)``, N in that order); a die with one distinct energy face
is turned without a question. Like a field die rerolled to energy (rulebook, "Rerolling
dice"), the die leaves the field, loses what it had been given and goes to its owner's
Reserve Pool showing that face; a die in the Prep Area (a KO'd die: "when KO'd, you may
spin him to any energy face", Doomsday: Unlimited Stamina, 139skc) just shows that face there.
The dice are asked about one at a time; the ability goes on
with its next effect once they are answered.

``turn_to_face`` turns each die to a face the effect names: ``level: N`` its level N character
face, ``face: fist`` its single energy face of that type (Black Dwarf: Giant Axe, 99ig; She-Hulk:
Astral Planar, 147ig). A die in the Reserve Pool just shows the new face there; a field die
turned to an energy face goes to the Reserve Pool as above; a field die turned to a character
face spins to that level.

``spinnable_to``: a die turned to a level is spun, so the ``cant_spin_*`` rules hold it back
(``set_level`` and ``turn_to_face`` both ask it).

``double_printed``: until end of turn each die reached has its printed A doubled, on whatever
level it shows (Sandman: Sandilicious!, 84ig): a ``printed`` stat modifier (``effects.stats``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import ko_instead, rules
from teambuilder.engine.actions import Action, Choose
from teambuilder.engine.dice import CHARACTER, ENERGY
from teambuilder.engine.ko_instead import energy_faces
from teambuilder.engine.ko_instead import turn_to_energy_face as _turn
from teambuilder.engine.scripts import ask, continuation
from teambuilder.engine.scripts.values import FaceTurn
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, StatModifier, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

FACE_PICK = "language:turn_to_energy"     # the continuation (the AIs' default takes the first: fewest energy)


# A field die, or an unblocked attacker already set aside after dealing its damage (Mister
# Mind 40skc: "after dealing combat damage to your opponent, put it into your Reserve Pool on an
# energy face"), or a KO'd die in the Prep Area (filter ``zone: prep``).
TURNABLE = (Zone.FIELD, Zone.OUT_OF_PLAY, Zone.PREP)


def turn_to_energy(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``turn_to_energy``: turn each field character die reached to an energy face."""
    single = effect.amount.is_fixed and effect.amount.fixed == 1     # "to its single energy face"
    if ctx.game.has_rules:      # (``cant_turn_to_energy``: Wolverine 152dps)
        dice = rules.stopped(ctx.game, dice, ctx.controller, ctx.kind, "cant_turn_to_energy",
                             "turned to an energy face")
    held = [d for d in dice if ko_instead.hold_turn(ctx.game, d, ctx.controller, single)]   # (Kang 143msw)
    turned = tuple(d.id for d in dice if d.zone in TURNABLE and not d.token and energy_faces(d, single)
                   and d not in held)
    if not turned:
        return bool(held)
    picker = 1 - ctx.controller if effect.by == "opponent" else ctx.controller
    _next(ctx.game, FaceTurn(picker, turned, single))
    return True


def _next(game: Game, turn: FaceTurn) -> None:
    """Turn the dice in order, asking the picker whenever a die has more than one energy face."""
    for position, die_id in enumerate(turn.dice):
        die = game.dice[die_id]
        if die.zone not in TURNABLE:
            continue                     # it left the field meanwhile
        faces = energy_faces(die, turn.single)
        if len(faces) == 1:
            _turn(game, die, faces[0])
            continue
        options = ", ".join(f"{n}: {die.spec.faces[i].describe()}" for n, i in enumerate(faces))
        ask(game, turn.picker, f"Choose the energy face {game.die_name(die)} turns to ({options}).",
            tuple(Choose(n) for n in range(len(faces))), then=_picked,
            data=FaceTurn(turn.picker, turn.dice[position:], turn.single))
        return


@continuation(FACE_PICK, FaceTurn)
def _picked(game: Game, player: int, action: Action, data: FaceTurn) -> None:
    assert isinstance(action, Choose)
    die = game.dice[data.dice[0]]
    faces = energy_faces(die, data.single)
    if die.zone in TURNABLE and faces:
        _turn(game, die, faces[min(max(action.index, 0), len(faces) - 1)])
    _next(game, FaceTurn(data.picker, data.dice[1:], data.single))


def turn_to_face(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``turn_to_face``: turn each die reached (in the field or the Reserve Pool) to the face named."""
    game = ctx.game
    turned = False
    for die in dice:
        if die.token or die.zone not in (Zone.FIELD, Zone.RESERVE):
            continue
        index = named_face(die, effect.level, effect.face)
        if index is None or index == die.face:
            continue
        if die.zone is Zone.FIELD and die.spec.faces[index].kind == CHARACTER:   # (held for Kang 143msw)
            turned = any(ko_instead.spin_unless_held(game, d, ctx.controller, level=effect.level)
                         for d in spinnable_to(ctx, [die], effect.level)) or turned
        elif die.zone is Zone.FIELD:
            if not ko_instead.hold_turn(game, die, ctx.controller, False, index):
                _turn(game, die, index)
            turned = True
        else:
            die.face = index
            die.partially_spent = False
            shown = die.spec.faces[index].describe()
            game.say(f"{game.die_name(die)} is turned to its {shown} face in the reserve pool.", die.owner)
            turned = True
    return turned


def set_level(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``set_level``: spin each character die reached to level ``effect.level`` (each may be
    held for a replacement: Kang 143msw), but not one a ``cant_spin_*`` rule holds."""
    spun = [ko_instead.spin_unless_held(ctx.game, die, ctx.controller, level=effect.level)
            for die in spinnable_to(ctx, dice, effect.level)]
    return any(spun)


def spinnable_to(ctx: Context, dice: list[Die], level: int) -> list[Die]:
    """The dice an effect may turn to level ``level``: turning a character die to another
    level spins it (the log says "spins to level N"), so a ``cant_spin_up`` rule keeps a die
    from being raised to it and ``cant_spin_down`` from being lowered (Bishop 19dps); the log
    says which are kept."""
    if not ctx.game.has_rules:
        return dice
    for up in (True, False):
        moving = [d for d in dice if d.spec.faces[d.face].kind == CHARACTER
                  and d.spec.faces[d.face].level != level and (d.spec.faces[d.face].level < level) == up]
        if moving:
            kept = rules.stopped(ctx.game, moving, ctx.controller, ctx.kind, *rules.SPIN_RULES[up])
            dice = [d for d in dice if d in kept or d not in moving]
    return dice


def named_face(die: Die, level: int, symbol: str) -> int | None:
    """The die's level ``level`` character face, or its energy face of the type ``symbol``
    (a single face first, else a face showing that symbol); None if it has no such face."""
    if level:
        return die.spec.level_face(level)
    faces = die.spec.faces
    single = [i for i, f in enumerate(faces) if f.kind == ENERGY and f.symbols == (symbol,)]
    showing = [i for i, f in enumerate(faces) if f.kind == ENERGY and symbol in f.symbols]
    return (single or showing)[0] if single or showing else None


def double_printed(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``double_printed``: each character die reached has its printed A doubled this turn."""
    for die in dice:
        die.modifiers.append(StatModifier(0, 0, "effect", "printed"))
        ctx.game.say(f"{ctx.game.die_name(die)} has its printed A doubled this turn.", die.owner)
    return bool(dice)


def printed_attack_from(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``printed_attack_from``: the first die "it" names (``do: pick``) has, this turn and on
    every level, the printed A of the card of the die this effect reaches (Inspiring 6ig)."""
    source = next(iter(dice), None)
    taker = next((d for d in ctx.it if d.zone is Zone.FIELD and d.spec.faces[d.face].kind == CHARACTER), None)
    lender = None if source is None else source.copy_of if source.copy_of is not None else \
        source.stats_of if source.stats_of is not None else source.slot
    if taker is None or source is None or lender is None:
        ctx.game.say("no printed A changes (no die to take it, or a Sidekick's to give).", ctx.controller)
        return False
    taker.modifiers.append(StatModifier(0, 0, "effect", "printed_of", lender))
    ctx.game.say(f"{ctx.game.die_name(taker)} has the printed A of {ctx.game.slots[lender].card.card.full_name}"
                 " on every level this turn.", taker.owner)
    return True

"""Keywords that change how the rules run, and the X-Men Forever die manipulations.

Keywords that change how the rules run (Fast, Overcrush, Iron Will, Regenerate,
Immortal, Ally, Energy Drain, Deadly, Cleave, Infiltrate, Tag Out, Call Out) are answered
from the places where those rules run; a die has a keyword when its card lists it or an
effect gave it one (``Game.has_keyword``). This module holds the bookkeeping that sits
below moving and KO'ing dice (Ally, Immortal, releasing what a die captured or controls);
Iron Will and Regenerate replace a KO and live with it in ``effects``; the keywords that
are abilities are in ``keyword_abilities``.

Capture, control, copy, swap, tokens and "out of play until end of turn" follow the
X-Men Forever rulebook: see each function.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine.dice import CHARACTER, DieSpec, Face
from teambuilder.engine.state import Die, Mark, Step, Zone, put_on_table

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


# -- keywords in the rules -------------------------------------------------------------

def is_sidekick_now(game: Game, die: Die) -> bool:
    """Ally: a character die with Ally is also a Sidekick while in the field."""
    return die.is_sidekick or (die.zone is Zone.FIELD and die.slot is not None and game.has_keyword(die, "ally"))


def immortal_to_bag(game: Game, die: Die) -> bool:
    """Immortal: a die that would go to the used pile goes to its owner's bag instead."""
    return die.slot is not None and (card := game.card_of(die)) is not None and "immortal" in card.card.keywords


# -- capture, control, copy, swap, tokens, out of play ---------------------------------

def leaving_field(game: Game, die: Die) -> None:
    """Bookkeeping when a die leaves the field: what it captured or controls is released;
    a Gear attached to it stays in the field unattached; its Heroic pair ends."""
    for other in game.dice:
        if other.under == die.id:
            release(game, other)
    if game.bookkeeping.equipped or game.bookkeeping.partners:
        forget_links(game, die.id)
    choices = game.bookkeeping.choices
    for slot, choice in list(choices.items()):      # a die a card remembers (``do: remember``) is forgotten
        if die.id in choice.dice:
            choices[slot] = replace(choice, dice=tuple(d for d in choice.dice if d != die.id))


def forget_links(game: Game, die_id: int) -> None:
    """``die_id`` has left the field: no Gear is attached to it or by it, it has no partner."""
    equipped = game.bookkeeping.equipped
    for gear in [g for g, worn in equipped.items() if die_id in (g, worn)]:
        del equipped[gear]
        if gear != die_id:
            game.say(f"{game.dice[gear].spec.name} stays in the field, unattached.", game.dice[gear].owner)
    partners = game.bookkeeping.partners
    if die_id in partners:
        other = partners.pop(die_id)[0]
        partners.pop(other, None)


def spring_trap(game: Game, die: Die) -> None:
    """A Trap's trigger happened: its die leaves the field for the used pile (out of play
    first on its owner's turn, reaching the used pile as the turn ends), then its effect
    resolves (DDDM3 glossary "Traps")."""
    if die.zone is not Zone.FIELD:
        return
    die.reset()
    die.zone = Zone.OUT_OF_PLAY if die.owner == game.active else Zone.USED
    game.say(f"{die.spec.name} springs: it goes to the {die.zone.value}"
             f"{' (then the used pile)' if die.zone is Zone.OUT_OF_PLAY else ''}.", die.owner)


def start_of_turn_links(game: Game, player: int) -> None:
    """The start of ``player``'s turn: the Heroic pairs they made last turn end (and any
    link to a die no longer in the field is forgotten)."""
    equipped = game.bookkeeping.equipped
    for gear in [g for g, worn in equipped.items()
                 if game.dice[g].zone is not Zone.FIELD or game.dice[worn].zone is not Zone.FIELD]:
        del equipped[gear]
    partners = game.bookkeeping.partners
    ending = [d for d, (_, owner) in partners.items() if owner == player]
    for die in ending:
        del partners[die]
    if ending:
        game.say(f"{_pair_names(game, ending)} are no longer paired up.", player)


def _pair_names(game: Game, dice: list[int]) -> str:
    return " and ".join(game.dice[d].spec.name for d in sorted(dice))


def release(game: Game, die: Die) -> None:
    """End a capture or a control: the die goes back where it came from, on its level."""
    die.under = None
    if die.home is not None:
        die.owner, die.home = die.home, None
        if die.zone is Zone.OUT_OF_PLAY and game.is_character(die):
            die.zone = Zone.FIELD            # it attacked unblocked: back where it was taken
            die.reset()
        if die.zone is Zone.FIELD:
            die.leave_combat()
            game.say(f"{game.die_name(die)} returns to its owner's control.", die.owner)
    elif die.zone is Zone.OUT_OF_PLAY and Mark.CAPTURED in die.flags:
        die.flags.discard(Mark.CAPTURED)
        die.zone = Zone.FIELD
        game.say(f"{game.die_name(die)} is released from capture and returns to the field.", die.owner)


def capture(game: Game, captor: Die | None, die: Die) -> bool:
    """The captured die no longer exists for game purposes until the capture ends (end of
    turn, or the capturing die leaving the field); then it returns on its level."""
    if die.zone is not Zone.FIELD:
        return False
    die.leave_combat()
    die.zone = Zone.OUT_OF_PLAY
    die.flags.clear()
    die.flags.add(Mark.CAPTURED)
    die.under = None if captor is None else captor.id
    game.bookkeeping.captured.append(die.id)
    game.say(f"{game.die_name(die)} is captured.", die.owner)
    return True


def take_control(game: Game, controller: int, controller_die: Die | None, die: Die) -> bool:
    """The die becomes ``controller``'s until end of turn (or until the controlling die
    leaves the field); it keeps referring to its own card."""
    if die.zone is not Zone.FIELD or die.owner == controller:
        return False
    die.home = die.owner
    die.owner = controller
    die.leave_combat()
    die.under = None if controller_die is None else controller_die.id
    game.bookkeeping.controlled.append(die.id)
    game.say(f"{game.players[controller].name} takes control of {game.die_name(die)}.", controller)
    return True


def copy_die(game: Game, copier: Die, original: Die) -> bool:
    """Copy the die: names, affiliations, abilities and printed stats per level of the
    original's card, until end of turn."""
    if original.slot is None or copier.slot is None:
        return False
    copier.copy_of = original.slot if original.copy_of is None else original.copy_of
    game.say(f"{copier.spec.name} becomes a copy of {original.spec.name} this turn.", copier.owner)
    return True


def swap_by(game: Game, it: list[Die], dice: list[Die], by: str) -> bool:
    """``do: swap``: the two dice it reached swap; one die reached swaps with the first die
    "it" names (``by: same_face``: taking the face that die showed); ``by: same_level``: each
    die "it" names swaps with the die reached in its place, in order, which takes its level
    (Jane Foster: Mystical Teleportation, 113msw)."""
    if by == "same_level":
        return any([swap(game, first, second, same_level=True) for first, second in zip(it, dice, strict=False)])
    pair = dice if len(dice) >= 2 else it[:1] + dice     # one die: swapped with "it" (``do: pick``)
    return len(pair) >= 2 and swap(game, pair[0], pair[1], same_face=by == "same_face")


def swap(game: Game, first: Die, second: Die, same_face: bool = False, same_level: bool = False) -> bool:
    """Swap two dice's positions exactly; a die swapped into the field from an unrolled
    zone shows level 1 (``same_level``: the level the first die showed) and is not fielded;
    combat positions carry over. ``same_face``: the second die takes the face the first
    showed (Booster Gold: Legion Flight Ring, 104skc)."""
    if first.zone is second.zone:
        return False
    if same_face and first.face < len(second.spec.faces):
        second.face = first.face
    level = first.spec.faces[first.face].level
    if same_level and first.spec.faces[first.face].kind == CHARACTER and (
            index := second.spec.level_face(level)) is not None:
        second.face = index
    zone_a, zone_b = first.zone, second.zone
    combat = {d.id: (d.attacking, d.blocked, d.blocking, list(d.also_blocking)) for d in (first, second)}
    for die, zone, other in ((first, zone_b, second), (second, zone_a, first)):
        if zone is Zone.FIELD:
            if die.spec.faces[die.face].kind != CHARACTER:
                index = die.spec.level_face(1)   # from an unrolled zone: level 1
                if index is not None:
                    die.face = index
            die.attacking, die.blocked, die.blocking, die.also_blocking = combat[other.id]
        else:
            die.reset()
        die.zone = zone
    exchanged = {first.id: second.id, second.id: first.id}
    for die in game.dice:   # blockers of the swapped-out die now block the swapped-in one
        if die not in (first, second) and die.blocking in exchanged:
            die.blocking = exchanged[die.blocking]
    game.say(f"{first.spec.name} and {second.spec.name} swap places.", first.owner)
    return True


def make_tokens(game: Game, player: int, effect: Effect, count: int) -> list[Die]:
    """``do: token``: ``count`` tokens of the effect's A, D and name (entering attacking with ``by: attacking``)."""
    return [make_token(game, player, effect.attack, effect.defense, effect.name, effect.by == "attacking")
            for _ in range(count)]


def make_token(game: Game, player: int, attack: int, defense: int, name: str = "", attacking: bool = False) -> Die:
    """A token: a level 1 character with cost 0 and no energy type that exists only in
    the field; it cannot be spun or rerolled. A named token ("Plant", "Tough Guy") carries
    that name for die filters (``name: Plant``); ``attacking``: in the Attack Step it enters
    attacking (Mister Mind, 80skc)."""
    spec = DieSpec(key=f"token-{name}-{attack}-{defense}" if name else f"token-{attack}-{defense}",
                   name=name or "Token", kind="character",
                   faces=(Face("character", level=1, attack=attack, defense=defense),))
    die = Die(len(game.dice), spec, None, player, Zone.FIELD, token=True)
    game.dice.append(die)
    put_on_table(game.zone_index, die)
    if attacking and game.step is Step.ATTACK:
        die.attacking = True
        game.this_turn.attacked.add(die.id)
    game.say(f"creates a {attack}A/{defense}D {name + ' ' if name else ''}token"
             f"{' (attacking)' if die.attacking else ''}.", player)
    return die


def set_aside(game: Game, die: Die, duration: str, level: int | None = None, damage: int = 0) -> bool:
    """Out of play until the end of the turn (or of the opponent's next turn); then back to
    the owner's field at the same level (or at ``level``: a die elsewhere, say KO'd into the
    prep area, can be set aside to come back at a given level). ``damage``: what the die
    takes as it comes back (Locked in Combat)."""
    if level is not None and die.zone is not Zone.FIELD and die.zone is not Zone.OUT_OF_PLAY:
        die.zone = Zone.OUT_OF_PLAY
        die.flags.add(Mark.SET_ASIDE)
        game.bookkeeping.set_aside.append((die.id, level, game.turn_number + (duration == "until_your_next_turn")))
        game.say(f"{die.spec.name} is out of play: it comes back to the field at level {level} at the end of the turn.",
                 die.owner)
        return True
    if die.zone is not Zone.FIELD or game.is_character(die) is False:
        return False
    leaving_field(game, die)
    level = die.spec.faces[die.face].level if level is None else level
    if die.home is not None:
        die.owner, die.home = die.home, None
    die.reset()
    die.zone = Zone.OUT_OF_PLAY
    die.flags.add(Mark.SET_ASIDE)
    until = game.turn_number + (1 if duration == "until_your_next_turn" else 0)
    game.bookkeeping.set_aside.append((die.id, level, until))
    if damage > 0:
        game.bookkeeping.return_damage[die.id] = damage
    game.say(f"{game.die_name(die)} leaves the field until the end of the turn.", die.owner)
    return True


def off_card(game: Game, die: Die, level: int | None) -> int | None:
    """A die kept on a character's card (``into: held``) leaves it: the level it comes back
    at, unless the effect names one, is the level it had when put there."""
    kept = game.bookkeeping.held.pop(die.id, None)
    return kept[1] if level is None and kept is not None else level


def back_to_card(game: Game, at_end_of_turn: bool = False) -> bool:
    """Dice marked to go back to their card (``do: back_to_card``) that have left the field
    (or, ``at_end_of_turn``, every one of them) go back to their card, unbought again:
    True when one did."""
    moved = False
    for die_id in sorted(game.bookkeeping.to_card):
        die = game.dice[die_id]
        if die.zone is Zone.FIELD and not at_end_of_turn:
            continue
        game.bookkeeping.to_card.discard(die_id)
        if die.zone is Zone.CARD or die.slot is None:
            continue
        if die.zone is Zone.FIELD:
            leaving_field(game, die)
        die.reset()
        die.home = None
        die.under = None
        die.owner = game.slots[die.slot].owner
        die.zone = Zone.CARD
        moved = True
        game.say(f"{die.spec.name} goes back to its card.", game.slots[die.slot].brought_by)
    return moved


def end_of_turn(game: Game) -> bool:
    """Cleanup: captures and control end; dice set aside come back (taking the damage they
    were set aside with: True when some did); tokens stay; borrowed dice go back to their card."""
    if game.bookkeeping.to_card:
        back_to_card(game, at_end_of_turn=True)
    hurt = False
    for die_id in game.bookkeeping.captured + game.bookkeeping.controlled:
        die = game.dice[die_id]
        if die.home is not None or Mark.CAPTURED in die.flags:
            release(game, die)
    game.bookkeeping.captured.clear()
    game.bookkeeping.controlled.clear()
    staying = []
    for die_id, level, until in game.bookkeeping.set_aside:
        die = game.dice[die_id]
        if until > game.turn_number:
            staying.append((die_id, level, until))
            continue
        if die.zone is Zone.OUT_OF_PLAY and Mark.SET_ASIDE in die.flags:
            die.flags.discard(Mark.SET_ASIDE)
            die.zone = Zone.FIELD
            index = die.spec.level_face(level)
            if index is not None:
                die.face = index
            game.say(f"{game.die_name(die)} returns to the field.", die.owner)
            damage = game.bookkeeping.return_damage.pop(die_id, 0)
            if damage:
                die.damage += damage
                hurt = True
                game.say(f"{game.die_name(die)} takes {damage} damage as it returns.", die.owner)
        game.bookkeeping.return_damage.pop(die_id, None)
    game.bookkeeping.set_aside = staying
    for die in game.dice:
        if die.copy_of is not None:
            die.copy_of = None
    return hurt

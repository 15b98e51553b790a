"""Keywords and the X-Men Forever die manipulations, as engine features.

Keywords that change how the rules run (Fast, Overcrush, Iron Will, Regenerate,
Immortal, Ally, Energy Drain, Deadly, Cleave, Infiltrate, Tag Out, Call Out) are answered
here from the places where those rules run; a die has a keyword when its card lists it
or an effect gave it one (``Game.has_keyword``). Keywords that are plain triggered
abilities (Attune, Intimidate, Suit Up) are added to the card's abilities when the card
enters the engine (``printed_abilities``; Suit Up's from the characters its text names),
in the same ability language cards use; labels (Vengeance, Underdog, Impulse, Energize)
mark an ability of the card. ``IMPLEMENTED`` says how each claimed keyword is carried out.

Capture, control, copy, swap, tokens and "out of play until end of turn" follow the
X-Men Forever rulebook: see each function.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Ability, parse_ability
from teambuilder.engine.dice import CHARACTER, DieSpec, Face
from teambuilder.engine.state import Die, Zone, put_on_table

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

# -- keywords that are abilities ---------------------------------------------------------

KEYWORD_ABILITIES: dict[str, Ability] = {
    "attune": parse_ability({
        "trigger": "action_used", "keyword": "attune", "when": {"owner": "you", "kind": "action", "zone": "any"},
        "effects": [{"do": "damage", "to": {"target": 1, "or_player": True}, "amount": 1}]}),
    "intimidate": parse_ability({
        "trigger": "fielded", "keyword": "intimidate",
        "effects": [{"do": "out_of_play", "to": {"target": 1}}]}),
    "call_out": parse_ability({
        "trigger": "attacks", "keyword": "call_out",
        "effects": [{"do": "script", "to": {"target": 1, "owner": "opponent"}, "name": "keyword:call_out"}]}),
    "tag_out": parse_ability({
        "trigger": "blockers_declared", "keyword": "tag_out", "optional": True,
        "effects": [{"do": "move", "to": {"this": True}, "into": "prep"},
                    {"do": "modify", "to": {"target": 1}, "a": 2, "d": 2}]}),
    "infiltrate": parse_ability({
        "trigger": "blockers_declared", "keyword": "infiltrate", "optional": True,
        "if": {"count": {"this": True, "attacking": True, "blocked": False}, "at_least": 1},
        "effects": [{"do": "script", "to": {"this": True}, "name": "keyword:infiltrate"}]}),
    "cleave": parse_ability({
        "trigger": "kos", "keyword": "cleave",
        "effects": [{"do": "script", "to": {"target": 1, "owner": "opponent"}, "name": "keyword:cleave"}]}),
}
# Keyword abilities the engine raises itself, for any die that has the keyword (printed
# or given): their index in a PendingTrigger is -1 - position here.
RAISED: tuple[str, ...] = ("tag_out", "infiltrate", "cleave")
PRINTED: tuple[str, ...] = ("attune", "intimidate", "call_out")


def suit_up(text: str) -> Ability | None:
    """Suit Up (names): when you buy the die you may KO a character die you control of a
    named character; if you do, the bought die moves to the field at level 2 (moving is
    not fielding: no fielding cost, no "when fielded"). The names are the card's own, as
    its text gives them: "Suit Up (Pepper Potts or Rescue)." (SWW lexicon "Suit Up")."""
    found = re.search(r"Suit Up \(([^)]*)\)", text)
    names = [n.strip() for n in re.split(r",| or ", found.group(1)) if n.strip()] if found else []
    if not names:
        return None
    mine = {"owner": "you", "name": names}
    return parse_ability({
        "trigger": "purchased", "keyword": "suit_up", "optional": True, "if": [{"count": mine, "at_least": 1}],
        "effects": [{"do": "ko", "to": {"target": 1, **mine}},
                    {"do": "move", "to": {"this": True, "zone": "any"}, "into": "field", "level": 2, "if_done": True}]})


# Keyword abilities built from the card that lists the keyword (its text names what they need).
BUILT: dict[str, Callable[[str], Ability | None]] = {"suit_up": suit_up}


class Carried(StrEnum):
    """How the engine carries out a keyword it claims to implement."""

    RULE = "rule"          # the rules ask for it by name where they run (Fast: the damage steps)
    ABILITY = "ability"    # it stands for an ability the engine adds or raises (KEYWORD_ABILITIES)
    EFFECT = "effect"      # cards write it as an effect: Prep (into: prep), Corrupt X (keyword:corrupt)
    LABEL = "label"        # it names one of the card's own written abilities (Vengeance)
    ENERGY = "energy"      # it restates what the card's energy types do (Crossover: one of each)


# The keywords the engine implements, and how: the coverage report trusts this table, and
# tests/engine/test_keyword_claims.py checks each entry has code and a scenario behind it.
IMPLEMENTED: dict[str, Carried] = {
    "ally": Carried.RULE, "attune": Carried.ABILITY, "call_out": Carried.ABILITY, "cleave": Carried.ABILITY,
    "continuous": Carried.RULE, "corrupt": Carried.EFFECT, "crossover": Carried.ENERGY, "deadly": Carried.RULE,
    "energize": Carried.LABEL, "energy_drain": Carried.RULE, "fast": Carried.RULE, "immortal": Carried.RULE,
    "impulse": Carried.LABEL, "infiltrate": Carried.ABILITY, "intimidate": Carried.ABILITY,
    "iron_will": Carried.RULE, "overcrush": Carried.RULE, "prep": Carried.EFFECT, "regenerate": Carried.RULE,
    "suit_up": Carried.ABILITY, "tag_out": Carried.ABILITY, "underdog": Carried.RULE, "vengeance": Carried.LABEL,
}


def printed_abilities(keywords: tuple[str, ...], text: str = "") -> tuple[Ability, ...]:
    """The abilities a card gains from the trigger-shaped keywords it lists (``text``: the
    card's text, for those built from it)."""
    built = [BUILT[k](text) for k in keywords if k in BUILT]
    return tuple(KEYWORD_ABILITIES[k] for k in keywords if k in PRINTED) + tuple(a for a in built if a is not None)


def raised_ability(index: int) -> Ability:
    return KEYWORD_ABILITIES[RAISED[-1 - index]]


def raise_keyword(game: Game, keyword: str, die: Die) -> None:
    """Queue the keyword ability of ``die`` (Tag Out, Infiltrate) for its controller."""
    from teambuilder.engine import selectors, triggers
    if die.owner is None or die.slot is None:
        return
    index = -1 - RAISED.index(keyword)
    pending = triggers.PendingTrigger(die.owner, die.slot, index, die.id)
    ability = KEYWORD_ABILITIES[keyword]
    if selectors.all_hold(triggers.context_of(game, pending), ability.conditions):
        game.new_triggers.append(pending)


# -- keywords in the rules -------------------------------------------------------------

def is_sidekick_now(game: Game, die: Die) -> bool:
    """Ally: a character die with Ally is also a Sidekick while in the field."""
    return die.is_sidekick or (die.zone is Zone.FIELD and die.slot is not None and game.has_keyword(die, "ally"))


def replace_ko(game: Game, die: Die) -> bool:
    """Iron Will and Regenerate, checked when ``die`` would be KO'd; True when the KO does
    not happen (the die stays, or Regenerate moved it itself)."""
    if die.token:
        return False
    if game.has_keyword(die, "iron_will") and iron_will_holds(game, die):
        return True
    if game.has_keyword(die, "regenerate"):
        card = game.card_of(die)
        guard = REGENERATE_GUARDS.get(card.code) if card is not None else None
        if guard is not None and not guard(game, die):
            return False
        return regenerate(game, die)
    return False


def regenerate(game: Game, die: Die) -> bool:
    from teambuilder.engine import effects
    from teambuilder.engine.turn import roll
    roll(game, die)
    face = die.spec.faces[die.face]
    if face.kind == CHARACTER:
        die.damage = 0
        die.leave_combat()
        game.say(f"{die.spec.name} regenerates: it stays in the field at level {face.level}.", die.owner)
        return True
    game.say(f"{die.spec.name} regenerates to {face.describe()} and goes to the prep area.", die.owner)
    effects.move(game, die, Zone.PREP, by_ko=True)
    return True


# Cards whose Regenerate has a price (Sebastian Shaw pays 1 life): code -> check-and-pay.
REGENERATE_GUARDS: dict[str, Callable[[Game, Die], bool]] = {}


def iron_will_holds(game: Game, die: Die) -> bool:
    """Iron Will: not KO'd unless it was damaged earlier this turn. The first damage that
    would KO it is shrugged off (remembered with the defense it had); a later damage, a
    lower defense, or a KO effect after it was damaged then KOs it."""
    defense = game.stats(die)[1]
    if die.damage < defense:                    # a KO effect, not lethal damage
        if die.hurt_events == 0:
            game.say(f"{game.die_name(die)} has Iron Will and was not damaged this turn: not KO'd.", die.owner)
            return True
        return False
    shrugged = game.iron_will.get(die.id)
    if shrugged is None:
        if die.hurt_events >= 2:
            return False
        game.iron_will[die.id] = (die.damage, defense)
        game.say(f"{game.die_name(die)} has Iron Will: first damage this turn, it is not KO'd.", die.owner)
        return True
    return not (die.damage > shrugged[0] or defense < shrugged[1])


def immortal_to_bag(game: Game, die: Die) -> bool:
    """Immortal: a die that would go to the used pile goes to its owner's bag instead."""
    return die.slot is not None and (card := game.card_of(die)) is not None and "immortal" in card.card.keywords


# -- capture, control, copy, swap, tokens, out of play ---------------------------------

def leaving_field(game: Game, die: Die) -> None:
    """Bookkeeping when a die leaves the field: what it captured or controls is released."""
    for other in game.dice:
        if other.under == die.id:
            release(game, other)


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
    elif die.zone is Zone.OUT_OF_PLAY and "captured" in die.flags:
        die.flags.discard("captured")
        die.zone = Zone.FIELD
        game.say(f"{game.die_name(die)} is released from capture and returns to the field.", die.owner)


def capture(game: Game, captor: Die | None, die: Die) -> bool:
    """The captured die no longer exists for game purposes until the capture ends (end of
    turn, or the capturing die leaving the field); then it returns on its level."""
    if die.zone is not Zone.FIELD:
        return False
    die.leave_combat()
    die.zone = Zone.OUT_OF_PLAY
    die.flags = {"captured"}
    die.under = None if captor is None else captor.id
    game.captured.append(die.id)
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
    game.controlled.append(die.id)
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


def swap(game: Game, first: Die, second: Die) -> bool:
    """Swap two dice's positions exactly; a die swapped into the field from an unrolled
    zone shows level 1 and is not fielded; combat positions carry over."""
    if first.zone is second.zone:
        return False
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


def make_token(game: Game, player: int, attack: int, defense: int) -> Die:
    """A token: a level 1 character with cost 0 and no energy type that exists only in
    the field; it cannot be spun or rerolled."""
    spec = DieSpec(key=f"token-{attack}-{defense}", name="Token", kind="character",
                   faces=(Face("character", level=1, attack=attack, defense=defense),))
    die = Die(len(game.dice), spec, None, player, Zone.FIELD, token=True)
    game.dice.append(die)
    put_on_table(game.zone_index, die)
    game.say(f"creates a {attack}A/{defense}D token.", player)
    return die


def set_aside(game: Game, die: Die, duration: str) -> bool:
    """Out of play until the end of the turn (or of the opponent's next turn); then back to
    the owner's field at the same level."""
    if die.zone is not Zone.FIELD or game.is_character(die) is False:
        return False
    leaving_field(game, die)
    level = die.spec.faces[die.face].level
    if die.home is not None:
        die.owner, die.home = die.home, None
    die.reset()
    die.zone = Zone.OUT_OF_PLAY
    die.flags.add("set_aside")
    until = game.turn_number + (1 if duration == "until_your_next_turn" else 0)
    game.set_aside.append((die.id, level, until))
    game.say(f"{game.die_name(die)} leaves the field until the end of the turn.", die.owner)
    return True


def end_of_turn(game: Game) -> None:
    """Cleanup: captures and control end; dice set aside come back; tokens stay."""
    for die_id in game.captured + game.controlled:
        die = game.dice[die_id]
        if die.home is not None or "captured" in die.flags:
            release(game, die)
    game.captured.clear()
    game.controlled.clear()
    staying = []
    for die_id, level, until in game.set_aside:
        die = game.dice[die_id]
        if until > game.turn_number:
            staying.append((die_id, level, until))
            continue
        if die.zone is Zone.OUT_OF_PLAY and "set_aside" in die.flags:
            die.flags.discard("set_aside")
            die.zone = Zone.FIELD
            index = die.spec.level_face(level)
            if index is not None:
                die.face = index
            game.say(f"{game.die_name(die)} returns to the field.", die.owner)
    game.set_aside = staying
    for die in game.dice:
        if die.copy_of is not None:
            die.copy_of = None

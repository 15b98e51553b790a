"""Facts about one die in a game that filters, conditions and rules all ask: its
affiliations and card name, what kind of die it is and what its face shows, whether its
damage dooms it, whether two dice are engaged, whether a purchase was paid with a card's
own energy types. ``selectors`` reads the ability language with them (and re-exports
them: ``selectors.affiliations``...)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import DieFilter
from teambuilder.catalogue.model import ENERGY_TYPES
from teambuilder.engine.dice import CHARACTER, ENERGY, Face
from teambuilder.engine.energy import Payment
from teambuilder.engine.state import AFFILIATION_MARK, Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

ZONE_OF = {"card": Zone.CARD, "bag": Zone.BAG, "prep": Zone.PREP, "reserve": Zone.RESERVE,
           "field": Zone.FIELD, "out_of_play": Zone.OUT_OF_PLAY, "used": Zone.USED,
           "held": Zone.HELD}


def affiliations(game: Game, die: Die) -> set[str]:
    """A die's affiliations: its card's, plus any it has been given."""
    card = game.card_of(die)
    found = set(card.card.affiliations) if card is not None else set()
    found.update(flag.removeprefix(AFFILIATION_MARK) for flag in die.flags if flag.startswith(AFFILIATION_MARK))
    found.update(game.granted_affiliations(die))    # by rules in force (``rules`` is above)
    return found


def card_name(game: Game, die: Die) -> str:
    card = game.card_of(die)
    return card.card.name if card is not None else "Sidekick"


def titled(name: str, subtitle: str, f: DieFilter) -> bool:
    """Whether a card's name or subtitle contains ``f.title_contains`` (any case) and
    neither contains ``f.not_title_contains`` ("with Thor in its name or subtitle")."""
    title = f"{name}\n{subtitle}".lower()
    return (not f.title_contains or f.title_contains.lower() in title) and \
        (not f.not_title_contains or f.not_title_contains.lower() not in title)


def is_character_die(die: Die) -> bool:
    return die.spec.kind in ("character", "sidekick")


def is_action_die(die: Die) -> bool:
    return die.spec.kind in ("action", "basic_action")


def die_cost(game: Game, die: Die) -> int:
    card = game.card_of(die)
    return card.card.cost if card is not None else 0


def shown_energy(dice: list[Die]) -> set[str]:
    """The energy types the energy faces of ``dice`` show (a wild symbol is no type)."""
    return {s for d in dice if d.spec.faces[d.face].kind == ENERGY for s in d.spec.faces[d.face].symbols}


def shows(kind: str, burst: int, wanted: str, symbols: tuple[str, ...] = ()) -> bool:
    """Whether a face of ``kind`` (with ``burst`` symbols) is a face of the ``wanted`` kind
    (an energy type: an energy face with that symbol, ``symbols`` given)."""
    if wanted in ENERGY_TYPES:
        return kind == ENERGY and wanted in symbols
    if "+" in wanted:       # a double face of one type: "bolt+bolt"
        return kind == ENERGY and symbols == tuple(wanted.split("+"))
    return burst > 0 if wanted == "burst" else kind == wanted


def sidekick_now(game: Game, die: Die) -> bool:
    """A Sidekick die, or (Ally) a character die with Ally while it is in the field."""
    if die.is_sidekick:
        return True
    return die.zone is Zone.FIELD and die.slot is not None and game.has_keyword(die, "ally")


def doomed(game: Game, die: Die) -> bool:
    """Whether the damage on a field character die KOs it at the next check: at least its
    defense, and Iron Will (asked without side effects) does not shrug it off; or damage KO'd
    it already (the KO comes as the ability that dealt it has resolved)."""
    if die.zone is not Zone.FIELD or die.spec.faces[die.face].kind != CHARACTER:
        return die.zone is not Zone.FIELD and die.id in game.this_turn.kod_by_damage
    defense = game.stats(die)[1]
    if die.damage < defense:
        return False
    if not game.has_keyword(die, "iron_will"):
        return True
    shrugged = game.this_turn.iron_will.get(die.id)
    if shrugged is None:
        return die.hurt_events >= 2
    return die.damage > shrugged[0] or defense < shrugged[1]


def engaged(source: Die | None, die: Die) -> bool:
    """Two dice are engaged when one blocks the other."""
    if source is None:
        return False
    return die.blocks(source.id) or source.blocks(die.id)


def paid_own_types(game: Game, slot: int | None) -> bool:
    """Whether the last purchase was paid only with energy of ``slot``'s card's types
    (no generic, wild or virtual energy; a die bought without paying does not count)."""
    payment = game.last_payment
    if slot is None or not isinstance(payment, Payment) or not payment.spends or payment.virtual:
        return False
    types = game.slots[slot].card.card.energy
    return all(not s.generic and s.symbols and all(t in types for t in s.symbols) for s in payment.spends)


def shares_affiliation(game: Game, dice: list[Die]) -> bool:
    seen: set[str] = set()
    for die in dice:
        own = affiliations(game, die)
        if own & seen:
            return True
        seen |= own
    return False


def face_kind(die: Die) -> str:
    return die.spec.faces[die.face].kind


def stat_of(game: Game, die: Die, stat: str) -> int:
    """One number of a die as amounts count it: attack, defense, level, cost, fielding, or the
    energy its face shows (0 on a character face)."""
    face = die.spec.faces[die.face]
    if stat == "energy":
        return face.energy_amount if face.kind == ENERGY else 0
    if stat == "attack":
        return game.stats(die)[0]
    if stat == "defense":
        return game.stats(die)[1]
    if stat == "level":
        return face.level
    if stat == "printed_attack":
        return printed_attack(game, die)
    return die_cost(game, die) if stat == "cost" else face.fielding


def fewest_card_tokens(game: Game, die: Die) -> bool:
    """The die's card carries no more +1A/+1D tokens (``card_token``) than any other character
    card of its owner's team (a Sidekick has no card: False)."""
    if die.slot is None:
        return False
    owner, tokens = game.slots[die.slot].owner, game.bookkeeping.card_tokens
    counts = [tokens.get(s.index, 0) for s in game.slots if s.owner == owner and s.card.card.kind == "character"]
    return tokens.get(die.slot, 0) <= min(counts, default=0)


def reserve_energy(game: Game, player: int) -> list[Face]:
    """The energy faces showing in ``player``'s reserve pool."""
    return [d.spec.faces[d.face] for d in game.zone(player, Zone.RESERVE)
            if d.spec.faces[d.face].kind == ENERGY]



def card_tokens(game: Game, slot: int | None, player: int = 0, whose: str = "this") -> int:
    """The +1A/+1D tokens (``do: card_token``; dps Loyalty Counters) on the card in ``slot``
    (``whose`` "this"; none on a Sidekick's), or in all on the cards of ``player``'s team
    ("you") or of the other player's ("opponent"): the die filter ``card_token`` and the
    amount ``{card_tokens: ...}``."""
    if whose == "this":
        return 0 if slot is None else game.bookkeeping.card_tokens.get(slot, 0)
    owner = player if whose == "you" else 1 - player
    return sum(n for card, n in game.bookkeeping.card_tokens.items() if game.slots[card].owner == owner)


def holders(game: Game, slot: int) -> tuple[int, ...]:
    """Whom a card's static ("while active") abilities belong to: its owner; for a basic
    action in the middle (no owner), each player who has one of its dice in the field (a
    Continuous die's rules are its controller's), or the player who brought it when nobody
    has (its ``always`` abilities)."""
    card = game.slots[slot]
    if card.owner is not None:
        return (card.owner,)
    found = sorted({d.owner for d in game.slot_dice[slot] if d.zone is Zone.FIELD and d.owner is not None})
    return tuple(found) if found else (card.brought_by,)


def shares_team_affiliation(game: Game, die: Die, player: int) -> bool:
    """Whether ``die`` shares an affiliation with a character card on ``player``'s team."""
    team: set[str] = set()
    for slot in game.slots:
        if slot.owner == player and slot.card.card.kind == "character":
            team.update(slot.card.card.affiliations)
    return bool(team & affiliations(game, die))


def name_or_depends(game: Game, die: Die, name: str) -> bool:
    """Whether ``die`` is named ``name``, or its card has a while-active ability that holds
    only while a ``name`` die is active ("a Wolverine die, or one with a 'while Wolverine is
    active' ability")."""
    card = game.card_of(die)
    if card is None:
        return False
    return card.card.name == name or any(
        ability.trigger == "while_active" and any(c.kind == "count" and c.die is not None and name in c.die.names
                                                  for c in ability.conditions)
        for ability in card.abilities)
def printed_attack(game: Game, die: Die) -> int:
    """The A its face prints (the lender's, for a die copying another card; another card's at
    its level, for a die whose printed A an effect replaced: ``printed_attack_from``)."""
    attack = copied_stats(game, die)[0] if die.copy_of is not None or die.stats_of is not None \
        else die.spec.faces[die.face].attack
    for mod in die.modifiers:
        if mod.kind == "printed_of":
            attack = copied_stats(game, die, mod.slot)[0]
    return attack


def copied_stats(game: Game, die: Die, slot: int | None = None) -> tuple[int, int]:
    """A die copying another card uses that card's printed stats for its own level (``slot``:
    that card's, whatever the die copies)."""
    lender = slot if slot is not None else die.copy_of if die.copy_of is not None else die.stats_of
    assert lender is not None
    spec = game.slots[lender].spec
    level = die.spec.faces[die.face].level
    index = spec.level_face(level)
    face = spec.faces[index] if index is not None else die.spec.faces[die.face]
    return face.attack, face.defense

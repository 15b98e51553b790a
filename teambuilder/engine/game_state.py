"""The parts of a game's state grouped by how long they live.

- ``GameTables``: facts about the cards on the table, worked out once when the game is
  set up and never changed (who watches which event, which cards have static abilities
  or rules, printed costs) plus pure answers about this game's dice (energy faces,
  Hands). A copy of the game shares them.
- ``TurnMemory``: what the rules remember for the current turn only (dice bought,
  fielded, attacking; who damaged whom; Iron Will, Cleave, Call Out, Deadly marks;
  damage shields). ``reset`` forgets all of it in one place, as the turn ends.
- ``Bookkeeping``: what keywords and die manipulations keep across steps and turns
  (captured and controlled dice, dice set aside, what a card chose, borrowed text).

``PlayerSetup`` is what a player brings to a new game. ``Game`` holds one of each of the
three (``game.tables``, ``game.this_turn``, ``game.bookkeeping``); ``clone`` copies the two
that change and shares the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from teambuilder.engine.abilities import Ability
from teambuilder.engine.dice import ENERGY
from teambuilder.engine.energy import EnergySource, Hand
from teambuilder.engine.keyword_abilities import DICE_COST_KEYWORDS
from teambuilder.engine.state import Die, EngineCard, Slot

# Rule name -> the card abilities that state it (``rules.rule_index``).
RuleIndex = dict[str, list[tuple[Slot, Ability]]]


class GameTables:
    """Per-game tables built from the cards at setup: read often, never changed."""

    def __init__(self, slots: list[Slot], index_rules: Callable[[list[Slot]], RuleIndex]) -> None:
        # Cards with static stat changes: the only ones stats must look at; cards with rules.
        self.static_slots = [s for s in slots if any(
            a.is_static and any(e.op in ("modify", "double_printed") for e in a.effects) for a in s.card.abilities)]
        # Whether any static ability can lower a defense: if none can, only a damaged or
        # modified die (or one printed at defense 0) can need a KO check.
        self.static_lowers_defense = any(e.op == "modify" and e.defense < 0 for s in self.static_slots
                                         for a in s.card.abilities if a.is_static for e in a.effects)
        # Cards whose statics make dice take on another die's A and D (``stat_taking``).
        self.stat_takers = [s for s in slots if any(
            a.trigger == "while_active" and any(e.op == "take_stats" for e in a.effects) for a in s.card.abilities)]
        self.rule_slots = [s for s in slots if any(
            a.is_static and any(e.op == "rule" for e in a.effects) for a in s.card.abilities)]
        # Events some card watches for ("whenever ..."): others are not looked up at all.
        self.watched = {a.trigger for s in slots for a in s.card.abilities}
        # Event -> the cards whose printed abilities trigger on it, in table order.
        self.watching: dict[str, list[Slot]] = {}
        for s in slots:
            for event in dict.fromkeys(a.trigger for a in s.card.abilities):
                self.watching.setdefault(event, []).append(s)
        # Every printed global, as (slot, ability index, ability): all a priority window
        # looks at for globals (unless some card borrows text).
        self.global_abilities: list[tuple[int, int, Ability]] = [
            (s.index, i, a) for s in slots for i, a in enumerate(s.card.abilities) if a.is_global]
        self.rule_index = index_rules(self.rule_slots)
        # Cards bought, fielded or brought in by paying with dice (Fabricate, Ritual, Fusion).
        self.paid_with_dice = [s.index for s in slots if set(s.card.card.keywords) & set(DICE_COST_KEYWORDS)]
        # Whether any printed ability reacts to damage (most games: none to offer).
        self.damage_reactions = any(a.reactive == "damaged" for s in slots for a in s.card.abilities)
        # Whether any printed global changes an action die's target (``reactive: targeted``).
        self.retargets = any(a.reactive == "targeted" for s in slots for a in s.card.abilities)
        # ... and whether any is used right after a player's own damage (``reactive: dealt``).
        self.dealt_reactions = any(a.reactive == "dealt" for s in slots for a in s.card.abilities)
        # Some card may replace a KO (``ko_instead``): every KO asks ``events.hold_ko``.
        self.ko_replaced = bool(self.watched & {"ko_instead", "any_ko_instead", "leaves_field_instead"})
        # What each card costs when no rule changes it (never below 1 or its number of
        # energy types): what most purchase listings need.
        self.printed_costs = [max(s.card.card.cost, 1, len(s.card.card.energy)) for s in slots]
        # Energy faces by die and face, and Hands by the pool they hold: pure answers
        # about this game's dice, filled in as the game meets them (see ``Game.hand``).
        self.energy_faces: dict[int, EnergySource | None] = {}
        # Every keyword the game's cards print: a keyword's own checks run only in games
        # whose cards print it (or whose rules may give keywords, ``Game.has_rules``).
        self.printed_keywords: frozenset[str] = frozenset(k for s in slots for k in s.card.card.keywords)
        # Cards another name counts for, on their owner's other cards' effects (``rule: counts_as_name``).
        self.aliases: dict[int, str] = {s.index: e.name for s in slots for a in s.card.abilities for e in a.effects
                                        if e.op == "rule" and e.rule == "counts_as_name"}
        self.hands: dict[tuple[int, ...], Hand] = {}

    def hand(self, reserve: Iterable[Die]) -> Hand:
        """The energy faces of ``reserve`` as a Hand: the same pool of dice and faces gives
        the same Hand all game, so payments found for it are found once."""
        known = self.energy_faces
        codes = []
        for die in reserve:
            code = die.id * 8 + die.face       # a die has six faces
            source = known.get(code, _UNSEEN)
            if source is _UNSEEN:
                source = known[code] = _energy_source(die)
            if source is not None:
                codes.append(code)
        key = tuple(codes)
        hand = self.hands.get(key)
        if hand is None:
            hand = self.hands[key] = _shared_hand(tuple(known[code] for code in codes))  # type: ignore[misc]
        return hand


# Hands by the energy faces they hold, for every game of this process: a Hand is a pure
# value of its sources (die ids and faces), and games between the same teams meet the same
# pools again and again, so the payments found for a pool in one game serve the next.
# (Started again when it grows large, like the payment search's own cache.)
_HANDS: dict[tuple[EnergySource, ...], Hand] = {}
_MAX_HANDS = 50_000


def _shared_hand(sources: tuple[EnergySource, ...]) -> Hand:
    hand = _HANDS.get(sources)
    if hand is None:
        if len(_HANDS) >= _MAX_HANDS:
            _HANDS.clear()
        hand = _HANDS[sources] = Hand(list(sources))
    return hand


_UNSEEN = object()      # a die face not yet looked at (None: looked at, not energy)


def _energy_source(die: Die) -> EnergySource | None:
    """What ``die`` offers as energy on its current face, or None for a non-energy face."""
    face = die.spec.faces[die.face]
    if face.kind != ENERGY:
        return None
    # A double face may be half spent when the die can spin down to a single face.
    spin = frozenset(s for s in face.symbols if len(face.symbols) == 2
                     and die.spec.single_energy_face(s) is not None)
    return EnergySource(die.id, face.symbols, face.generic, spin)


class TurnMemory:
    """What the rules remember for this turn only; ``reset`` forgets it as the turn ends."""

    def __init__(self) -> None:
        self.purchases: dict[int, int] = {}      # player -> dice bought this turn
        self.spent: set[int] = set()             # dice spent as energy this turn
        self.fielded: set[int] = set()           # dice fielded this turn
        self.attacked: set[int] = set()          # dice that attacked this turn
        self.blocked: set[int] = set()           # dice that blocked this turn
        self.hits: dict[int, set[int]] = {}      # die -> dice that damaged it this turn
        self.player_hits: dict[int, set[int]] = {}   # player -> dice that damaged them this turn
        self.combat_damage: dict[int, int] = {}  # die -> combat damage on it this turn
        self.deadly_marks: set[int] = set()      # dice engaged with a Deadly die this turn
        self.call_outs: dict[int, int] = {}      # attacker -> the die it called out
        self.cleaved: set[int] = set()           # attackers that used Cleave this turn
        self.lost_dice: set[int] = set()         # players a character die of whose was KO'd (Resistance)
        self.kos: dict[int, int] = {}            # player -> their character dice KO'd this turn
        self.harmed_by: dict[int, set[int]] = {}  # die -> players whose damage it took this turn (Aftershock)
        # The players whose abilities are being applied right now, innermost last (none: the
        # rules themselves): who made a die leave the field, for Aftershock.
        self.acting: list[int] = []
        self.iron_will: dict[int, tuple[int, int]] = {}   # die -> (damage, defense) it shrugged off
        self.adventurers: set[int] = set()       # Adventurer dice active at a KO of an opposing Monster
        # Damage still to be prevented this turn: ("player" | "die" | "next_die", id) -> amount.
        self.shields: dict[tuple[str, int | None], int] = {}
        self.began_in_prep: set[int] = set()     # dice in the active player's Prep Area as the turn began
        self.drawn_in_step: set[int] = set()     # dice drawn in this turn's Clear and Draw Step
        self.bursts_rolled: set[int] = set()     # players who rolled a burst this step (Spark)
        self.kod_by_damage: set[int] = set()     # dice their damage KO'd this turn ("if that KOs it")
        self.field_payments: dict[int, tuple[int, ...]] = {}   # die fielded -> the dice spent to field it
        self.once_fired: set[tuple[int, int, int]] = set()   # (controller, slot, ability) of once-a-turn triggers
        self.dealers: list[int] = []             # players whose damage just landed (``reactive: dealt`` globals)
        # KOs held while their replacement is asked (``ko_instead``): die -> (zone it goes to,
        # combat, by damage, who KOs it (-1: nobody), replaced); dice spared: die -> (damage, defense).
        self.held_kos: dict[int, tuple[str, bool, bool, int, bool]] = {}
        self.ko_spared: dict[int, tuple[int, int]] = {}
        # Rerolls and spins held while their replacement is asked (``ko_instead``): die -> (zone an
        # energy result goes to, or "level N" for a spin; replaced).
        self.held_rerolls: dict[int, tuple[str, bool]] = {}
        # Moves out of the Field Zone held while their replacement is asked (``leaves_field_instead``):
        # die -> (zone it goes to, replaced).
        self.held_moves: dict[int, tuple[str, bool]] = {}
        self.global_marks: set[tuple[int, str]] = set()   # (die, mark) a Global Ability put on it this turn
        self.turned_or_rerolled: set[int] = set()   # players a field die of whose was rerolled or turned to energy
        self.life_damage: dict[int, int] = {}    # player -> damage dealt to them this turn

    def reset(self) -> None:
        """The turn is over: everything "this turn" is forgotten."""
        for table in (self.purchases, self.spent, self.fielded, self.attacked, self.blocked, self.hits,
                      self.player_hits, self.combat_damage, self.deadly_marks, self.call_outs, self.cleaved,
                      self.iron_will, self.shields, self.began_in_prep, self.bursts_rolled, self.adventurers,
                      self.drawn_in_step, self.lost_dice, self.harmed_by, self.acting, self.kod_by_damage,
                      self.field_payments,
                      self.once_fired, self.kos, self.dealers, self.held_kos, self.ko_spared, self.global_marks,
                      self.turned_or_rerolled, self.held_rerolls, self.life_damage, self.held_moves):
            table.clear()

    def holding(self) -> bool:
        """Whether a KO, a reroll or a move out of the field is held while its replacement is asked."""
        return bool(self.held_kos or self.held_rerolls or self.held_moves)

    def copy(self) -> TurnMemory:
        other = TurnMemory()
        other.purchases = dict(self.purchases)
        other.spent = set(self.spent)
        other.fielded = set(self.fielded)
        other.attacked = set(self.attacked)
        other.blocked = set(self.blocked)
        other.hits = {die: set(by) for die, by in self.hits.items()}
        other.player_hits = {player: set(by) for player, by in self.player_hits.items()}
        other.combat_damage = dict(self.combat_damage)
        other.deadly_marks = set(self.deadly_marks)
        other.call_outs = dict(self.call_outs)
        other.cleaved = set(self.cleaved)
        other.lost_dice = set(self.lost_dice)
        other.kos = dict(self.kos)
        other.harmed_by = {die: set(by) for die, by in self.harmed_by.items()}
        other.acting = list(self.acting)
        other.iron_will = dict(self.iron_will)
        other.adventurers = set(self.adventurers)
        other.shields = dict(self.shields)
        other.began_in_prep = set(self.began_in_prep)
        other.drawn_in_step = set(self.drawn_in_step)
        other.bursts_rolled = set(self.bursts_rolled)
        other.kod_by_damage = set(self.kod_by_damage)
        other.field_payments = dict(self.field_payments)
        other.once_fired = set(self.once_fired)
        other.dealers = list(self.dealers)
        other.held_kos = dict(self.held_kos)
        other.ko_spared = dict(self.ko_spared)
        other.held_rerolls = dict(self.held_rerolls)
        other.held_moves = dict(self.held_moves)
        other.global_marks = set(self.global_marks)
        other.turned_or_rerolled = set(self.turned_or_rerolled)
        other.life_damage = dict(self.life_damage)
        return other


GLOBALS_PER_CARD = 64          # a chosen Global Ability's number: slot * GLOBALS_PER_CARD + its index


class ChoiceKind(StrEnum):
    """What a card's ``do: choose`` asks for (the ability language's ``CHOICES``)."""

    NUMBER = "number"
    NAME = "name"
    ENERGY = "energy"
    AFFILIATION = "affiliation"
    DICE = "dice"              # ``do: remember``: the dice themselves, while they stay in the field
    GLOBAL = "global"            # a Global Ability (its number: slot * GLOBALS_PER_CARD + index)


@dataclass(frozen=True)
class Choice:
    """What a card chose and remembers: a number, or a card name, energy type or
    affiliation (``text``), until ``until_turn`` ends (0: until the card chooses again)."""

    kind: ChoiceKind
    text: str = ""
    number: int = 0
    until_turn: int = 0
    dice: tuple[int, ...] = ()      # DICE: the dice remembered (each forgotten as it leaves the field)


class Bookkeeping:
    """What keywords and die manipulations keep across steps and turns."""

    def __init__(self) -> None:
        self.captured: list[int] = []            # dice captured until the end of the turn
        self.controlled: list[int] = []          # dice under another player's control this turn
        self.set_aside: list[tuple[int, int, int]] = []   # (die, level, turn it returns after)
        self.return_damage: dict[int, int] = {}  # set-aside die -> damage it takes as it returns
        self.choices: dict[int, Choice] = {}     # slot -> what its "choose"/"name" remembers
        # Borrowed card text: slot -> (slot lent, replaces own text, last turn (0: this turn,
        # -1: until changed, -2: the whole game, its name for the lender's), the die it belongs to (None: the card)).
        self.borrowed: dict[int, list[tuple[int, bool, int, int | None]]] = {}
        self.experience: dict[int, int] = {}     # slot -> Experience tokens on the card
        self.card_tokens: dict[int, int] = {}    # slot -> +1A/+1D tokens on the card (``card_token``)
        self.bought: dict[int, int] = {}         # player -> dice bought this game
        self.stuns: dict[int, int] = {}          # slot -> Stun tokens on the card
        self.flipped: set[int] = set()           # Flip cards showing their back side
        self.equipped: dict[int, int] = {}       # Gear die -> the character die it is attached to
        # Heroic pairs: die -> (its partner, the player whose next turn's start ends the pair).
        self.partners: dict[int, tuple[int, int]] = {}
        # Dice kept on a character's card (``into: held``): die -> (the card's slot, the level
        # it had, the turn it was put there).
        self.held: dict[int, tuple[int, int, int]] = {}
        # Dice that go back to their card at the end of the turn or as they leave the field
        # (``do: back_to_card``: The Collector's borrowed die).
        self.to_card: set[int] = set()

    def copy(self) -> Bookkeeping:
        other = Bookkeeping()
        other.captured = list(self.captured)
        other.controlled = list(self.controlled)
        other.set_aside = list(self.set_aside)
        other.return_damage = dict(self.return_damage)
        other.choices = dict(self.choices)
        other.borrowed = {slot: list(lent) for slot, lent in self.borrowed.items()}
        other.experience = dict(self.experience)
        other.card_tokens = dict(self.card_tokens)
        other.bought = dict(self.bought)
        other.stuns = dict(self.stuns)
        other.flipped = set(self.flipped)
        other.equipped = dict(self.equipped)
        other.partners = dict(self.partners)
        other.held = dict(self.held)
        other.to_card = set(self.to_card)
        return other


@dataclass(frozen=True)
class PlayerSetup:
    """What a player brings: team cards with their dice counts and basic actions."""

    name: str
    cards: tuple[tuple[EngineCard, int], ...]
    basic_actions: tuple[EngineCard, ...] = ()
    basic_action_dice: int = 3
    draft: bool = False          # the game is played in a draft format (Rainbow Draft)

    def __reduce__(self) -> tuple[object, ...]:
        # Setups travel to sim workers; a compiled frozen dataclass cannot be rebuilt
        # field by field, so it is rebuilt through its constructor.
        return (PlayerSetup, (self.name, self.cards, self.basic_actions, self.basic_action_dice, self.draft))

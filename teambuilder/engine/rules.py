"""Rule changes in force: what active cards and this turn's effects change about the game.

A ``do: rule`` effect either lives on a card ("while active", or "always" for the few
that work from anywhere) or is added for a while by a resolving ability (``turn_rules``).
The engine asks here wherever a rule can matter: costs when paying, targets when
targeting (blocks and damage ask ``combat_rules``). Each question is a small function so the
call sites read as the rulebook does ("can this die be targeted?").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Ability, Effect
from teambuilder.catalogue.rule_names import RuleName
from teambuilder.engine import conditions, die_facts, selectors, text_loss
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import KEYWORD_MARK, Die, Slot, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class ActiveRule:
    """One rule in force: whose it is, from which card and die, and (for rules an
    ability put on particular dice) which dice it sticks to."""

    controller: int
    slot: int | None
    effect: Effect
    source: int | None = None
    dice: tuple[int, ...] = ()
    until_turn: int = 0          # 0: ends with this turn; else the turn number it ends after
    bound_to_field: bool = True  # a rule on dice ends when they leave the field
    slots: tuple[int, ...] = ()  # a rule on whole cards (no_text): their slots

    # Written out (see energy.EnergySource): the rules in force are listed again and again.
    def __init__(self, controller: int, slot: int | None, effect: Effect, source: int | None = None,
                 dice: tuple[int, ...] = (), until_turn: int = 0, bound_to_field: bool = True,
                 slots: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "slot", slot)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "until_turn", until_turn)
        object.__setattr__(self, "bound_to_field", bound_to_field)
        object.__setattr__(self, "slots", slots)

    def context(self, game: Game) -> Context:
        source = game.dice[self.source] if self.source is not None else None
        return Context(game, self.controller, self.slot, source)


def rule_index(slots: list[Slot]) -> dict[str, list[tuple[Slot, Ability]]]:
    """Rule name -> the card abilities that state it: built once per game, so asking
    about a rule no card has costs nothing."""
    index: dict[str, list[tuple[Slot, Ability]]] = {}
    for slot in slots:
        for ability in slot.card.abilities:
            if ability.trigger in ("while_active", "always"):
                for name in dict.fromkeys(e.rule for e in ability.effects if e.op == "rule"):
                    index.setdefault(name, []).append((slot, ability))
    return index


def card_rules(game: Game, name: RuleName) -> Iterator[ActiveRule]:
    """The rules called ``name`` that cards state and that hold now (their card is active,
    or the ability holds from anywhere, and its conditions are met)."""
    entries = game.tables.rule_index.get(name, [])
    if game.bookkeeping.borrowed:
        # Borrowed text: the rules of the lent card hold for the borrower (and a card whose
        # own text is replaced states none of its own).
        replaced = {s for s, lent in game.bookkeeping.borrowed.items() if any(e[1] for e in lent)}
        entries = [(slot, a) for slot, a in entries if slot.index not in replaced]
        for borrower in game.bookkeeping.borrowed:
            own = set(game.slots[borrower].card.abilities)
            entries += [(game.slots[borrower], a) for a in game.abilities_of(borrower)
                        if a not in own and a.is_static and any(e.op == "rule" and e.rule == name for e in a.effects)]
    if not entries:
        return
    active = game.active_slots()
    for slot, ability in entries:
        if ability.trigger == "while_active" and (slot.index not in active or not text_loss.speaks(game, slot.index)):
            continue
        if text_loss.card_text_blank(game, slot.index):
            continue
        for owner in die_facts.holders(game, slot.index):    # (a basic action's: whoever fielded it)
            if not ability.conditions or _conditions_hold(game, owner, slot.index, ability):
                yield from (ActiveRule(owner, slot.index, e) for e in ability.effects
                            if e.op == "rule" and e.rule == name)


NONE: list[ActiveRule] = []   # shared answer for rules nobody states: never changed
# The static abilities whose conditions are being read now, (game, ability) ids: a rule's own
# condition does not see that rule ("has Fast while no opposing die has Fast" asks about
# keywords, which would ask about this rule again).
READING: set[tuple[int, int]] = set()


def _conditions_hold(game: Game, owner: int, slot: int, ability: Ability) -> bool:
    key = (id(game), id(ability))
    if key in READING:
        return False
    READING.add(key)
    try:
        return conditions.all_hold(Context(game, owner, slot), ability.conditions)
    finally:
        READING.discard(key)


def in_force(game: Game, name: RuleName) -> list[ActiveRule]:
    """Every rule called ``name`` in force now (do not change the list: inside a reading pass it is shared)."""
    if name not in game.tables.rule_index and not game.turn_rules and not game.bookkeeping.borrowed:
        return NONE    # most rules are on no card of this game: asked very often, cheaply
    return game.remembered((name,), lambda: [r for r in game.turn_rules if r.effect.rule == name and _alive(game, r)]
                           + list(card_rules(game, name)))


def _alive(game: Game, rule: ActiveRule) -> bool:
    if rule.dice and rule.bound_to_field:
        return any(game.dice[d].zone is Zone.FIELD for d in rule.dice)
    return True


def applies(game: Game, rule: ActiveRule, die: Die) -> bool:
    if rule.dice:
        return die.id in rule.dice
    return rule.effect.applies_to is None or selectors.matches(rule.context(game), die, rule.effect.applies_to)


def comes_from(game: Game, rule: ActiveRule, source: Die | None) -> bool:
    """Whether a rule's ``match`` (what the rule is about: a damage source, a blocker...)
    accepts ``source``; no ``match`` accepts anything."""
    return rule.effect.match is None or source is not None and selectors.matches(
        rule.context(game), source, rule.effect.match)


def amount(game: Game, rule: ActiveRule) -> int:
    return selectors.amount(rule.context(game), rule.effect.amount)


def as_owned_by(game: Game, die: Die, player: int) -> Die:
    """A die still on its card has no owner yet; costs ask about it as the buyer's."""
    return die if die.owner == player else game.remembered(("owned", die.id, player),
                                                           lambda: _unmarked_copy(die, player))


def _unmarked_copy(die: Die, owner: int) -> Die:
    """``die`` as ``owner``'s, without its stat changes and marks (an unindexed copy)."""
    copy = die.copy()
    copy.owner = owner
    copy.modifiers.clear()
    copy.flags.clear()
    return copy


# -- costs -----------------------------------------------------------------------------

def purchase_delta(game: Game, player: int, die: Die, rules_now: list[ActiveRule] | None = None) -> int:
    if rules_now is None:
        rules_now = in_force(game, "purchase_cost")
    if not rules_now:
        return 0
    # A rule about its own card's dice ("this card costs less") cannot touch another card.
    rules_now = [r for r in rules_now if not _only_own_card(r) or r.slot == die.slot]
    if not rules_now:
        return 0
    # Only a rule about some dice needs to look at the die (as the buyer's).
    about_dice = any(r.dice or r.effect.applies_to is not None for r in rules_now)
    buyer_die = as_owned_by(game, die, player) if about_dice else die
    return sum(amount(game, r) for r in rules_now if applies(game, r, buyer_die))


def cards_whose_cost_changes(rules_now: list[ActiveRule]) -> set[int | None] | None:
    """The slots the purchase_cost rules ``rules_now`` can change the cost of, or None
    when some rule may change any card's cost: the others cost what they print."""
    slots: set[int | None] = set()
    for rule in rules_now:
        if not _only_own_card(rule):
            return None
        slots.add(rule.slot)
    return slots


def _only_own_card(rule: ActiveRule) -> bool:
    """Whether a rule speaks only of the dice of the card that states it (a "this" filter
    with no source die matches exactly the dice whose slot is the rule's)."""
    return not rule.dice and rule.source is None and rule.effect.applies_to is not None \
        and rule.effect.applies_to.this


def field_delta(game: Game, die: Die) -> int:
    return sum(amount(game, r) for r in in_force(game, "field_cost") if applies(game, r, die))


def fields_free(game: Game, die: Die) -> bool:
    return any(applies(game, r, die) for r in in_force(game, "field_free"))


def global_delta(game: Game, player: int, slot: int) -> int:
    """Extra energy a player pays to use a global (Oracle: Master Investigator)."""
    return extra_for(game, "global_cost", player)


def action_delta(game: Game, player: int) -> int:
    """Energy a player pays to use an action die (Oracle: opponents pay 1 per action)."""
    return extra_for(game, "action_cost", player)


def extra_for(game: Game, name: RuleName, player: int) -> int:
    """The sum of ``name`` rules that reach ``player``: ``by`` says whose use they tax
    (opponent: the rule owner's opponents; you: the owner; nothing: everyone)."""
    total = 0
    for rule in in_force(game, name):
        if rule.effect.by == "opponent" and player == rule.controller:
            continue
        if rule.effect.by == "you" and player != rule.controller:
            continue
        total += amount(game, rule)
    return total


def use_up(game: Game, name: RuleName, player: int, die: Die) -> None:
    """Rules lasting ``once`` (this turn) or ``until_used`` (any later turn too) end after
    the first time they changed something for ``player``'s ``die`` (a purchase, a fielding)."""
    probe = as_owned_by(game, die, player)
    used = [r for r in game.turn_rules if r.effect.rule == name and r.effect.duration in ("once", "until_used")
            and r.controller == player and applies(game, r, probe)]
    if used:
        game.turn_rules = [r for r in game.turn_rules if r not in used]
        for rule in used:
            if rule.slot is not None:
                game.say(f"{game.slots[rule.slot].card.card.name}'s reduction is used up.", player)


def forbidden(game: Game, name: RuleName, player: int, die: Die) -> bool:
    """cant_purchase / cant_field: whether ``player`` may not buy or field ``die``."""
    rules_now = in_force(game, name)
    if not rules_now:
        return False
    probe = as_owned_by(game, die, player)
    return any(applies(game, r, probe) for r in rules_now)


# -- targeting -------------------------------------------------------------------------

def can_target(game: Game, die: Die, controller: int, kind: str, source: Die | None = None,
               choosing: bool = False) -> bool:
    """Whether an ability of ``kind`` used by ``controller`` may target ``die``; a rule with ``match`` stops
    only the abilities of the dice it matches (``source``), choosing it too ("can't target or choose")."""
    return not any(applies(game, rule, die) and _stops(rule, controller, kind) and comes_from(game, rule, source)
                   and (not choosing or rule.effect.match is not None) for rule in in_force(game, "cant_be_targeted"))


def _stops(rule: ActiveRule, controller: int, kind: str) -> bool:
    """Whether a rule's ``by`` (any, global, action, ability, opponent_<one of them>)
    covers an ability of ``kind`` used by ``controller``."""
    by = rule.effect.by or "any"
    if by.startswith("opponent_"):
        if controller == rule.controller:
            return False
        by = by[len("opponent_"):]
    return by in ("any", kind)


# -- keywords, affiliations, draws -----------------------------------------------------

def granted_keywords(game: Game, die: Die) -> set[str]:
    found = {flag.removeprefix(KEYWORD_MARK) for flag in die.flags if flag.startswith(KEYWORD_MARK)}
    for rule in in_force(game, "keyword"):
        if applies(game, rule, die):
            found.add(rule.effect.keyword)
    return found


def keyword_lost(game: Game, die: Die, keyword: str) -> bool:
    """``lose_keyword``: a rule in force takes ``keyword`` from ``die``."""
    return any(r.effect.keyword == keyword and applies(game, r, die) for r in in_force(game, "lose_keyword"))


_ASKING_AFFILIATIONS: list[bool] = []


def granted_affiliations(game: Game, die: Die) -> set[str]:
    """Affiliations rules give ``die``. A rule's own condition may count dice by
    affiliation; while that is being answered, given affiliations are not counted again
    (no endless recursion, and no rule that feeds on its own result)."""
    if not game.turn_rules and not game.tables.rule_slots or _ASKING_AFFILIATIONS:
        return set()
    _ASKING_AFFILIATIONS.append(True)
    try:
        return _granted_affiliations(game, die)
    finally:
        _ASKING_AFFILIATIONS.pop()


def _granted_affiliations(game: Game, die: Die) -> set[str]:
    found: set[str] = set()
    for rule in in_force(game, "affiliation"):
        # Affiliation rules must not ask about affiliations themselves (no recursion).
        f = rule.effect.applies_to
        if f is not None and (f.affiliations or f.not_affiliations):
            continue
        if not applies(game, rule, die):
            continue
        if rule.effect.by == "team":    # every affiliation on its owner's character cards (148ig)
            found.update(a for slot in game.slots if slot.owner == rule.controller
                         and slot.card.card.kind == "character" for a in slot.card.card.affiliations)
        else:
            found.add(rule.effect.affiliation)
    return found


def granted_energy(game: Game, die: Die) -> set[str]:
    """Energy types rules give ``die`` (``rule: energy_type``; not a rule asking about energy)."""
    found = [r for r in in_force(game, "energy_type") if not (r.effect.applies_to and r.effect.applies_to.energy)]
    return {t for rule in found if applies(game, rule, die) for t in rule.effect.types}


def extra_draws(game: Game, player: int) -> int:
    total = 0
    for rule in in_force(game, "draw_extra"):
        who = rule.effect.by or "you"
        if who == "each" or (who == "you") == (player == rule.controller):
            total += amount(game, rule)
    return total


def suppressed_trigger(game: Game, trigger: str, slot: int | None = None) -> bool:
    """Wonder Woman: Reflections and the like stop whole kinds of triggers. A rule whose
    ``for`` names an owner stops only the triggers of that player's cards (Angela 58ig:
    "your opponent's"); a kind written ``opponent_fielded`` stops only those of the cards of
    the rule's controller's opponent (skc)."""
    card_owner = game.slots[slot].owner if slot is not None else None
    for rule in in_force(game, "no_field_triggers"):
        kinds = rule.effect.by.split(",")
        if trigger in kinds:
            owner = rule.effect.applies_to.owner if rule.effect.applies_to is not None else None
            if owner and card_owner is not None and (card_owner == rule.controller) != (owner == "you"):
                continue
            return True
        if f"opponent_{trigger}" in kinds and card_owner is not None and card_owner != rule.controller:
            return True
    return False


def globals_blocked(game: Game, slot: int) -> bool:
    kind = game.slots[slot].card.card.kind
    return any(r.effect.by in ("", "character") and kind == "character" or r.effect.by == "all"
               for r in in_force(game, "no_globals"))


def expire(game: Game) -> None:
    """At the end of a turn: rules that lasted "this turn" end; longer ones stay."""
    game.turn_rules = [r for r in game.turn_rules
                       if r.until_turn > game.turn_number and _alive(game, r)
                       or r.effect.rule == "goes_instead"]     # they see the turn's last moves: ``replacement``
    game.scheduled = [s for s in game.scheduled if s[3] > game.turn_number]
    for slot in list(game.bookkeeping.borrowed):
        lent = game.bookkeeping.borrowed[slot]
        game.bookkeeping.borrowed[slot] = [e for e in lent if e[2] < 0 or e[2] > game.turn_number]
        if not game.bookkeeping.borrowed[slot]:
            del game.bookkeeping.borrowed[slot]


def rerollable(game: Game, dice: list[Die], player: int, kind: str = "ability") -> list[Die]:
    """The dice an effect may reroll: not those a ``cant_reroll`` rule holds ("that die
    can't be rerolled this turn", Doctor Strange 26ig; with ``by: opponent_ability``, only
    the opponent's character abilities are stopped, Ms. Marvel 146ig); the log says which
    are kept."""
    held = in_force(game, "cant_reroll")
    kept = [d for d in dice if any(applies(game, r, d) and _stops(r, player, kind) for r in held)]
    for die in kept:
        game.say(f"{game.die_name(die)} can't be rerolled this turn.", player)
    return [d for d in dice if d not in kept]


SPIN_RULES: dict[bool, tuple[RuleName, str]] = {True: ("cant_spin_up", "spun up"),  # (Bishop 19dps)
                                                False: ("cant_spin_down", "spun down")}

def stopped(game: Game, dice: list[Die], player: int, kind: str, name: RuleName, words: str) -> list[Die]:
    """The dice an effect of ``player`` may change: not those the rule ``name`` holds (``by``
    as for ``cant_reroll``; Wolverine 152dps can't be turned to an energy face by the
    opponent); the log says which are kept ("can't be <words>")."""
    held = in_force(game, name)
    kept = [d for d in dice if any(applies(game, r, d) and _stops(r, player, kind) for r in held)]
    for die in kept:
        game.say(f"{game.die_name(die)} can't be {words}.", player)
    return [d for d in dice if d not in kept]


def spins_to_top(game: Game, die: Die) -> bool:
    """A die a ``spin_to_top`` rule holds spins up straight to its highest level (Loki 37ig)."""
    return any(applies(game, r, die) for r in in_force(game, "spin_to_top"))

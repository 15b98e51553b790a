"""Raising triggers: the engine's event interface.

When something happens that abilities may watch for (a die is fielded, KO'd, rolled,
drawn; a player is dealt damage; a turn starts), the module where it happens raises the
event here. Two kinds of trigger are raised: a die's own abilities (``emit``: when *this*
die is fielded, attacks, is KO'd...) and the "whenever ..." abilities of active cards
(``watch``: whenever any die is fielded, you are dealt damage...), which trigger once per
card however many of its dice are active. Raising only queues a ``PendingTrigger`` on
``game.new_triggers``; ``triggers`` (higher in the stack) batches and resolves them. So
the modules that move dice and deal damage never import the code that resolves
abilities: this queue is how they reach it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Ability, Condition
from teambuilder.engine import conditions, die_facts, rules, selectors, text_loss
from teambuilder.engine.keyword_abilities import KEYWORD_ABILITIES, RAISED, raised_ability
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Step, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

_UNDERDOG = Condition("underdog", value="true")
# Events only the player they are about reacts to: damage to you, bursts you rolled (Spark).
_YOURS = ("you_damaged", "burst_rolled")


@dataclass(frozen=True)
class PendingTrigger:
    """An ability waiting to resolve: whose, from which card slot and die, and about what."""

    controller: int
    slot: int
    ability: int
    source: int | None = None
    event_die: int | None = None
    bursts: int = 0
    event_player: int | None = None
    event_amount: int = 0
    combat: bool = False
    kind: str = "ability"            # ability | global | action
    event_slot: int | None = None    # the card the event is about (the global used...)
    event_kind: str = ""             # what caused the event (global, action, ability, combat...)
    event_by: int | None = None      # whose die or ability caused it
    bound: tuple[int, ...] = ()      # dice chosen by the ability that scheduled this one
    instigator: int | None = None    # the die that caused the event

    def label(self, game: Game) -> str:
        card = game.slots[self.slot].card.card
        ability = ability_of(game, self)
        return f"{card.full_name} ({ability.keyword.replace('_', ' ').title() if ability.keyword else ability.trigger})"


def ability_of(game: Game, trigger: PendingTrigger) -> Ability:
    if trigger.ability < 0:
        return raised_ability(trigger.ability)
    return game.abilities_of(trigger.slot)[trigger.ability]


def context_of(game: Game, trigger: PendingTrigger) -> Context:
    ability = ability_of(game, trigger)
    return Context(game, trigger.controller, trigger.slot,
                   None if trigger.source is None else game.dice[trigger.source],
                   None if trigger.event_die is None else game.dice[trigger.event_die],
                   trigger.event_player, trigger.event_amount, trigger.combat,
                   "intimidate" if ability.keyword == "intimidate" else trigger.kind,
                   trigger=ability.trigger, event_slot=trigger.event_slot, event_kind=trigger.event_kind,
                   event_by=trigger.event_by, bound=trigger.bound,
                   instigator=None if trigger.instigator is None else game.dice[trigger.instigator],
                   bursts=trigger.bursts)


def _live(game: Game, slot: int, trigger: str) -> bool:
    return not text_loss.card_text_blank(game, slot) and not rules.suppressed_trigger(game, trigger, slot)


def _may_trigger(game: Game, ability: Ability, pending: PendingTrigger) -> bool:
    if not ability.effects and not ability.modes:
        return False        # written only as unsupported text: nothing to do
    if ability.keyword == "trap" and pending.source is not None and pending.source == pending.event_die:
        return False        # a Trap is not sprung by its own use
    ctx = context_of(game, pending)
    if ability.keyword == "underdog" and not conditions.holds(ctx, _UNDERDOG):
        return False
    if ability.keyword == "teamwatch" and not _teamwatch(ctx):
        return False
    if ability.when is not None and (ctx.event_die is None or not selectors.matches(ctx, ctx.event_die, ability.when)):
        return False
    return conditions.all_hold(ctx, ability.conditions)


def _teamwatch(ctx: Context) -> bool:
    """Teamwatch: you fielded a character die sharing an affiliation with this card, and
    the card was active already (a die fielding itself does not set off its own)."""
    die, game = ctx.event_die, ctx.game
    if die is None or die.owner != ctx.controller or not die_facts.is_character_die(die) or ctx.slot is None:
        return False
    card = game.slots[ctx.slot].card.card
    if not set(card.affiliations) & die_facts.affiliations(game, die):
        return False
    return any(d.slot == ctx.slot and d.zone is Zone.FIELD and d is not die and d.owner == ctx.controller
               for d in game.dice)


def emit(game: Game, event: str, die: Die, event_die: Die | None = None, *, player: int | None = None,
         amount: int = 0, combat: bool = False, instigator: Die | None = None, by: int | None = None) -> None:
    """Queue ``die``'s own abilities that trigger on ``event`` (``instigator``: the die that
    caused it, say the die whose damage KO'd it; ``by``: the player who caused it)."""
    if die.slot is None or die.owner is None or not _live(game, die.slot, event):
        return
    if text_loss.dice_lose_text(game) and text_loss.die_text_blank(game, die):
        return          # this die's own text is ignored (Vulcan: the dice he fights)
    slot = game.slots[die.copy_of] if die.copy_of is not None else game.slots[die.slot]
    for index, ability in enumerate(game.abilities_of(slot.index)):
        if ability.trigger != event or ability.scheduled:
            continue
        pending = PendingTrigger(die.owner, slot.index, index, die.id,
                                 None if event_die is None else event_die.id, event_player=player,
                                 event_amount=amount, combat=combat, event_by=by,
                                 instigator=None if instigator is None else instigator.id)
        if _may_trigger(game, ability, pending):
            game.new_triggers.append(pending)


def watch(game: Game, event: str, die: Die | None = None, *, player: int | None = None,
          amount: int = 0, combat: bool = False, event_slot: int | None = None, kind: str = "",
          by: int | None = None, instigator: Die | None = None) -> None:
    """Queue the "whenever ..." abilities of active cards that watch for ``event``."""
    if event not in game.tables.watched:
        return
    for controller, slot_index, index, _, source, bound, origin in list(game.scheduled):
        ability = game.slots[slot_index].card.abilities[index]
        if ability.trigger != event or (event in _YOURS and player != controller):
            continue
        pending = PendingTrigger(controller, slot_index, index, source, None if die is None else die.id,
                                 event_player=player, event_amount=amount, combat=combat, event_slot=event_slot,
                                 event_kind=kind, event_by=by, bound=bound, kind=origin,
                                 instigator=None if instigator is None else instigator.id)
        if _may_trigger(game, ability, pending):
            game.new_triggers.append(pending)
            if ability.limit == "once_per_turn":
                # Once per use: this switching-on is spent (another use switches it on again).
                game.scheduled.remove((controller, slot_index, index, _, source, bound, origin))
    for slot in game.slots if game.bookkeeping.borrowed else game.tables.watching.get(event, ()):
        abilities = game.abilities_of(slot.index)
        indexes = [i for i, a in enumerate(abilities) if a.trigger == event and not a.scheduled]
        if not indexes or not _live(game, slot.index, event):
            continue
        if "trap" in game.tables.printed_keywords and any(abilities[i].keyword == "trap" for i in indexes):
            watchers = _trap_dice(game, slot.index)
        else:
            watchers = _watchers(game, slot.index, any(abilities[i].anywhere for i in indexes))
        for controller, source in watchers:
            if event in _YOURS and player != controller or event == "any_fielded" and die is not None \
                    and die.owner != controller and _unseen(game, die):
                continue
            for index in indexes:
                pending = PendingTrigger(controller, slot.index, index, source,
                                         None if die is None else die.id, event_player=player,
                                         event_amount=amount, combat=combat, event_slot=event_slot,
                                         event_kind=kind, event_by=by,
                                         instigator=None if instigator is None else instigator.id)
                if _may_trigger(game, abilities[index], pending):
                    if (limit := abilities[index].limit) in ("once_per_turn", "once_per_turn_shared"):
                        # "The first time each turn ...": once a turn for each player it belongs to
                        # (``once_per_turn_shared``: once for all the card's abilities that say so).
                        key = (controller, slot.index, -1 if limit == "once_per_turn_shared" else index)
                        if key in game.this_turn.once_fired:
                            continue
                        game.this_turn.once_fired.add(key)
                    game.new_triggers.append(pending)


def stats_raised(game: Game, die: Die, attack: int, defense: int) -> None:
    """An effect raised ``die``'s A and/or D: its own ``attack_raised`` / ``defense_raised`` (amount: by how much)."""
    if attack > 0 and "attack_raised" in game.tables.watched:
        emit(game, "attack_raised", die, amount=attack)
    if defense > 0 and "defense_raised" in game.tables.watched:
        emit(game, "defense_raised", die, amount=defense)


def _unseen(game: Game, die: Die) -> bool:
    """Fielding ``die`` triggers no opposing ability (``rule: fielding_unseen`` on it: Rogue 89dps)."""
    return game.has_rules and any(rules.applies(game, r, die) for r in rules.in_force(game, "fielding_unseen"))


def _trap_dice(game: Game, slot: int) -> list[tuple[int, int | None]]:
    """Each Trap die of a card waiting in the field springs on its own (not once a card)."""
    return [(d.owner, d.id) for d in game.slot_dice[slot] if d.zone is Zone.FIELD and d.owner is not None]


def _watchers(game: Game, slot: int, anywhere: bool) -> list[tuple[int, int | None]]:
    """Who a card's "while active" trigger belongs to, with one of its active dice as the
    source: its owner (or, for a basic action, whoever has its die in the field)."""
    owner = game.slots[slot].owner
    found: dict[int, int | None] = {}
    quiet = text_loss.dice_lose_text(game)      # (a die whose own text is ignored watches nothing)
    for die in game.slot_dice[slot]:      # (the card's dice, in die order: not every die)
        if die.zone is Zone.FIELD and die.owner is not None and die.owner not in found \
                and not (quiet and text_loss.die_text_blank(game, die)):
            found[die.owner] = die.id
    if anywhere and owner is not None and owner not in found:
        found[owner] = None
    return sorted(found.items())


def emit_for_players(game: Game, event: str) -> None:
    """Queue start/end-of-turn abilities of every active card (active player's first)."""
    watch(game, event)


def enter_step(game: Game, step: Step) -> bool:
    """The game moves into ``step``: the step it was in ends and this one begins (the
    ``step_ends`` and ``step_begins`` events, their step named by the event's kind). True
    when that queued some trigger, so the caller lets it resolve before going on."""
    previous = game.step
    if previous is step:
        return False
    game.step = step
    queued = len(game.new_triggers)
    if previous is not Step.SETUP and "step_ends" in game.tables.watched:
        watch(game, "step_ends", player=game.active, kind=previous.name.lower())
    if "step_begins" in game.tables.watched:
        watch(game, "step_begins", player=game.active, kind=step.name.lower())
    return len(game.new_triggers) > queued


def keyword_used(game: Game, keyword: str, die: Die | None) -> None:
    """``die`` used ``keyword`` (its keyword ability resolved, or it regenerated): the
    ``keyword_used`` event, its kind the keyword, its player the die's controller."""
    if "keyword_used" in game.tables.watched:
        watch(game, "keyword_used", die, player=None if die is None else die.owner,
              kind=keyword, by=None if die is None else die.owner)


def queue_now(game: Game, trigger: PendingTrigger) -> None:
    """Queue an ability that resolves as part of an action (action dice, globals)."""
    game.new_triggers.append(trigger)


def raise_keyword(game: Game, keyword: str, die: Die, bound: tuple[int, ...] = ()) -> None:
    """Queue the keyword ability of ``die`` (Tag Out, Infiltrate) for its controller
    (``bound``: the dice it acts for, as Range's every Range die of that player)."""
    if die.owner is None or die.slot is None:
        return
    index = -1 - RAISED.index(keyword)
    pending = PendingTrigger(die.owner, die.slot, index, die.id, bound=bound)
    ability = KEYWORD_ABILITIES[keyword]
    if conditions.all_hold(context_of(game, pending), ability.conditions):
        game.new_triggers.append(pending)


def hold_ko(game: Game, die: Die, into: Zone, combat: bool, by_damage: bool, by: int | None) -> bool:
    """``die`` would be KO'd: when an ability may replace that KO (``ko_instead`` on the die,
    ``any_ko_instead`` on an active card), the KO is held and that ability resolves next,
    ahead of every queued trigger (``ko_instead.finish_held`` then spares the die or KOs it).
    True when the KO is held. A die already held is KO'd (its replacement's own effects KO it;
    damage does not KO it again while it is held: ``replacement.spared``)."""
    if die.id in game.this_turn.held_kos:
        return False
    queued = len(game.new_triggers)
    if "ko_instead" in game.tables.watched:
        emit(game, "ko_instead", die, die, combat=combat, by=by)
    if "any_ko_instead" in game.tables.watched:
        watch(game, "any_ko_instead", die, player=die.owner, combat=combat, by=by)
    if "leaves_field_instead" in game.tables.watched:      # a KO is a way of leaving the Field Zone
        emit(game, "leaves_field_instead", die, die, combat=combat, by=by)
    found = game.new_triggers[queued:]
    if not found:
        return False
    del game.new_triggers[queued:]
    game.trigger_batches.insert(0, [found[0]])
    game.this_turn.held_kos[die.id] = (into.value, combat, by_damage, -1 if by is None else by, False)
    game.say(f"{game.die_name(die)} would be KO'd: {found[0].label(game)} may replace it.", die.owner)
    return True


def hold_leave(game: Game, die: Die, into: Zone) -> bool:
    """``die`` would leave the Field Zone for ``into`` (moved by an effect, or an unblocked
    attacker going out of play): when a ``leaves_field_instead`` ability of its card may
    replace that, the move is held and that ability resolves next, ahead of every queued
    trigger (``ko_instead.finish_held`` then spares the die or moves it). True when held. A
    die whose KO or move is already held is not held again (its replacement moves it)."""
    held = game.this_turn
    if "leaves_field_instead" not in game.tables.watched or die.zone is not Zone.FIELD or die.token \
            or die.id in held.held_moves or die.id in held.held_kos or die.owner is None or not game.is_character(die):
        return False
    queued = len(game.new_triggers)
    emit(game, "leaves_field_instead", die, die)
    found = game.new_triggers[queued:]
    if not found:
        return False
    del game.new_triggers[queued:]
    game.trigger_batches.insert(0, [found[0]])
    held.held_moves[die.id] = (into.value, False)
    game.say(f"{game.die_name(die)} would leave the Field Zone: {found[0].label(game)} may replace it.", die.owner)
    return True

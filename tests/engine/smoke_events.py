"""How the ability smoke check (``ability_smoke``) makes a trigger's event happen.

An event the engine raises from deep inside a step is made to happen on a copy of the
game in each way the position allows, likeliest first, until the ability triggers: a real
KO (``effects.ko_all``, with the killer's hit and combat marks when the trigger asks who
KO'd it), real damage (through the damage queue, so prevention and "when damaged" work as
in play), or the engine's event interface for the rest (``events.emit`` for a die's own
event, ``events.watch`` for "whenever" abilities: draws, rolls, turn steps, targeting).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from teambuilder.catalogue.abilities import SELF_TRIGGERS
from teambuilder.catalogue.ability_vocabulary import STEP_NAMES
from teambuilder.engine import effects, events
from teambuilder.engine.game import Game
from teambuilder.engine.state import DamageEvent, Die, Zone
from tests.engine.smoke_position import ME, THEM, Position

# Events a die raises about itself (``emit``); every other trigger is a "whenever" (``watch``).
OWN_EVENTS = frozenset(SELF_TRIGGERS)
KO_EVENTS = ("ko", "any_ko", "kos")
DAMAGE_EVENTS = ("damaged", "any_damaged", "deals_damage", "you_damaged", "player_damaged")
# What an event says caused it (damage, targeting, draws, prevention), tried in this order:
# every ``source:`` a condition may ask about.
EVENT_KINDS = ("combat", "ability", "global", "action", "fielded", "clear_and_draw", "effect", "shield",
               "next_damage")
# The steps a step_begins / step_ends event may name.
STEP_KINDS = ("start", "clear_and_draw", "roll_and_reroll", "main", "attack", "cleanup")


def triggered(game: Game, slot: int, index: int, label: str) -> bool:
    """Whether the ability triggered for the player: queued, resolving, or in the log."""
    queued = [t for batch in game.trigger_batches for t in batch] + game.new_triggers
    if any(t.slot == slot and t.ability == index and t.controller == ME for t in queued):
        return True
    resolving = game.resolving
    if resolving is not None and (resolving.trigger.slot, resolving.trigger.ability) == (slot, index):
        return True
    # (the controller's line, or the opponent's "KOs ... to stop <label>": Enlistment; not
    # the opponent's copy of the card resolving)
    mine = f"{game.players[ME].name}: "
    return any(mine in line and label in line or f"to stop {label}" in line for line in game.log)


def _engage(game: Game, attacker: Die, blocker: Die) -> None:
    attacker.attacking = attacker.blocked = True
    blocker.blocking = attacker.id


def ways(position: Position, trigger: str) -> Iterator[Callable[[Game], None]]:
    """Each way to make the trigger's event happen in the position, likeliest first."""
    game, main = position.game, position.main
    ordered = sorted(game.dice, key=lambda d: (d.zone is not Zone.FIELD, d.owner != THEM, d.id))
    in_field = [d.id for d in ordered if d.zone is Zone.FIELD and game.is_character(d)]
    foes = [d for d in in_field if game.dice[d].owner == THEM]
    # The player's own field dice, attackers first (a die "that attacked" hits the opponent).
    friends = sorted((d for d in in_field if game.dice[d].owner == ME), key=lambda d: not game.dice[d].attacking)
    me = None if main is None else main.id

    def ko(victim: int, killer: int | None, combat: bool, victim_attacks: bool = False) -> Callable[[Game], None]:
        def run(copy: Game) -> None:
            if killer is not None:
                copy.this_turn.hits.setdefault(victim, set()).add(killer)
                if combat:
                    pair = (victim, killer) if victim_attacks else (killer, victim)
                    _engage(copy, copy.dice[pair[0]], copy.dice[pair[1]])
            effects.ko_all(copy, [copy.dice[victim]], combat=combat, by_damage=killer is not None)
        return run

    def hurt(source: int | None, die: int | None, player: int | None, kind: str) -> Callable[[Game], None]:
        def run(copy: Game) -> None:
            by = copy.dice[source].owner if source is not None else THEM if die == me or player == ME else ME
            if kind == "combat" and source is not None and die is not None:
                _engage(copy, copy.dice[source], copy.dice[die])
            copy.damage_queue.append(DamageEvent(1, source, die, player, kind == "combat", kind, by))
        return run

    def raised(die: int | None, player: int, kind: str, by: int) -> Callable[[Game], None]:
        def run(copy: Game) -> None:
            event_die = None if die is None else copy.dice[die]
            if trigger in OWN_EVENTS:
                assert me is not None
                events.emit(copy, trigger, copy.dice[me], event_die, player=player, amount=1,
                            combat=kind == "combat")
            else:
                events.watch(copy, trigger, event_die, player=player, amount=1, combat=kind == "combat",
                             event_slot=position.card_slot, kind=kind, by=by,
                             instigator=copy.dice[foes[0]] if foes else None)
        return run

    def leaves(cause: int, zone: Zone) -> Callable[[Game], None]:
        def run(copy: Game) -> None:
            assert me is not None
            effects.move(copy, copy.dice[me], zone, cause=cause)
        return run

    kinds = ("combat", "ability")
    if trigger in ("leaves_field", "leaves_field_instead") and me is not None:
        # Moved out of the field by the opponent, then by its own player (Aftershock asks who;
        # a move out of the field is held while leaves_field_instead is asked).
        yield from (leaves(cause, zone) for cause in (THEM, ME) for zone in (Zone.USED, Zone.PREP))
    elif trigger == "ko" and me is not None:
        yield from (ko(me, killer, combat) for killer in [None, *foes] for combat in (False, True))
    elif trigger == "any_ko":
        yield from (ko(victim, None, combat) for victim in in_field for combat in (False, True))
    elif trigger == "kos" and me is not None:
        yield from (ko(victim, me, combat, attacks) for victim in foes
                    for combat, attacks in ((False, False), (True, False), (True, True)))
    elif trigger == "damaged" and me is not None:
        yield from (hurt(source, me, None, kind) for source in [*foes, None] for kind in kinds)
    elif trigger == "any_damaged":
        # (no source: damage the player dealt, so "if you damage it" holds for a foe's die)
        yield from (hurt(source, die, None, kind) for die in in_field for source in [*foes[:1], None] for kind in kinds)
    elif trigger == "deals_damage" and me is not None:
        yield from (hurt(me, die, player, kind) for die, player in [(None, THEM), *((d, None) for d in foes)]
                    for kind in kinds)
    elif trigger in ("you_damaged", "player_damaged"):
        yield from (hurt(source, None, player, kind) for player in (ME, THEM)
                    for source in [*(foes[:1] if player == ME else friends), None]
                    for kind in EVENT_KINDS if kind != "combat" or source is not None)
    elif trigger in ("step_begins", "step_ends"):
        # A step event names its step by the event's kind (``filter: {step: attack}``).
        yield from (raised(None, player, step, by) for step in STEP_NAMES for player in (ME, THEM)
                    for by in (THEM, ME))
    elif trigger not in KO_EVENTS + DAMAGE_EVENTS and (me is not None or trigger not in OWN_EVENTS):
        # A keyword_used event's kind is the keyword used, a step event's the step: the ones
        # the card's conditions name (every step, for a step event).
        named = tuple(dict.fromkeys(str(c.value) for a in game.slots[position.card_slot].card.abilities
                                    for c in a.conditions if c.kind in ("event_keyword", "event_step")))
        if trigger in ("step_begins", "step_ends"):
            kinds_raised = tuple(dict.fromkeys(STEP_NAMES + named))
        else:
            kinds_raised = EVENT_KINDS + named if trigger == "keyword_used" else EVENT_KINDS
        yield from (raised(die, player, kind, by) for die in [None, *(d.id for d in ordered)]
                    for player in (ME, THEM) for kind in kinds_raised for by in (THEM, ME))

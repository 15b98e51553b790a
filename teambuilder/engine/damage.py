"""The damage pipeline: every damage event, from any source, on its way to a die or a player.

Damage is never dealt where it is caused: it is queued as a ``DamageEvent`` and ``process_damage`` first offers
the damaged side its reactive globals (prevention and redirection may interrupt, once per event), then ``deal``
lands the whole batch at once: rules in force (doubling, prevention), shields, then life, then dice, then the
abilities that react ("when damaged", Vengeance). A batch is one simultaneous event (one effect, or the combat
damage of a step): when it brings both players to 0 the game is a tie.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import combat_rules, conditions, damage_instead, events, rules, selectors
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Decision, DecisionKind, Pass, UseGlobal
from teambuilder.engine.costs import global_cost, limit_allows, spend
from teambuilder.engine.effects import reroll_fielded, stats
from teambuilder.engine.energy import payment_options
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import DamageEvent, Die, Resolver, Zone
from teambuilder.engine.windows import global_allowed, use_global

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def _reactions(game: Game, event: DamageEvent) -> list[Action]:
    """Reactive globals the damaged side may pay for this event (once per event each)."""
    if not game.bookkeeping.borrowed and not game.tables.damage_reactions:
        return []       # no card on the table reacts to damage (borrowed text may add one)
    player = _damaged_side(game, event)
    sources = game.energy_sources(player)
    options: list[Action] = []
    for slot in game.slots:
        for index, ability in enumerate(game.abilities_of(slot.index)):
            if ability.reactive != "damaged" or (slot.index, index) in event.offered \
                    or not limit_allows(game, player, slot.index, index, ability):
                continue
            if ability.conditions and not conditions.all_hold(_event_context(game, event, player, slot.index),
                                                             ability.conditions):
                continue        # "if a character would deal you 7 or more combat damage" (Kang, 116ig)
            options += [UseGlobal(slot.index, index, p) for p in
                        payment_options(sources, game.players[player].virtual,
                                        global_cost(ability, game, player, slot.index), 3)]
    return options


def _event_context(game: Game, event: DamageEvent, player: int, slot: int) -> Context:
    """A reactive global's view of the damage: its amount, whether it is combat damage, its player."""
    source = game.dice[event.source] if event.source is not None else None
    return Context(game, player, slot, event_amount=event.amount, combat=event.combat, event_player=event.player,
                   event_die=game.dice[event.die] if event.die is not None else None, instigator=source)


def _damaged_side(game: Game, event: DamageEvent) -> int:
    owner = event.player if event.player is not None else game.dice[event.die].owner if event.die is not None else None
    return owner if owner is not None else game.active


def process_damage(game: Game) -> None:
    """Offer reactions for the first event not yet offered, then deal the whole batch (with
    nothing queued: offer the globals used right after a player's damage)."""
    if not game.damage_queue:
        offer_after_damage(game)
        return
    for position, event in enumerate(game.damage_queue):
        if event.amount <= 0 or event.asked:
            continue
        options = _reactions(game, event)
        target = game.dice[event.die] if event.die is not None else None
        if target is not None and target.owner is not None:     # "you may reroll it / have X take it instead"
            options += damage_instead.choices(game, event, target, _rerolls_instead(game, event, target, optional=True))
        if not options:
            event.asked = True
        else:
            game.pending_event = position
            game.decision = Decision(_damaged_side(game, event), DecisionKind.REACT,
                                     f"{_describe(game, event)}: use a reactive global?",
                                     options=(Pass(),) + tuple(options))
            return
    batch, game.damage_queue = game.damage_queue, []
    deal(game, batch)


def _describe(game: Game, event: DamageEvent) -> str:
    target = (game.players[event.player].name if event.player is not None
              else game.die_name(game.dice[event.die or 0]))
    return f"{event.amount} damage to {target}"


def resolve_react(game: Game, decision: Decision, action: Action) -> None:
    event = game.damage_queue[game.pending_event]
    if isinstance(action, Pass):
        event.asked = True
        return
    if isinstance(action, Choose) and action.index == damage_instead.INSTEAD:   # another die takes it (or none)
        return damage_instead.take(game, event, decision.player)
    if isinstance(action, Choose):          # prevent it and reroll the die instead
        event.asked = True
        die = game.dice[event.die or 0]
        game.say(f"{event.amount} damage to {game.die_name(die)} is prevented; the die is rerolled instead.",
                 decision.player)
        event.amount = 0
        reroll_fielded(game, die)
        return
    assert isinstance(action, UseGlobal)
    ability = game.abilities_of(action.slot)[action.ability]
    spent = spend(game, decision.player, action.payment, global_cost(ability, game, decision.player, action.slot),
                  "global")
    event.offered.add((action.slot, action.ability))
    uses = game.players[decision.player].global_uses
    uses[(action.slot, action.ability)] = uses.get((action.slot, action.ability), 0) + 1
    game.say(f"reacts with the global of {game.slots[action.slot].card.card.full_name} "
             f"(paying {spent}).", decision.player)
    for effect in ability.effects:
        if effect.op == "prevent":
            prevented = min(event.amount, selectors.amount(
                _event_context(game, event, decision.player, action.slot), effect.amount))
            event.amount -= prevented
            game.say(f"prevents {prevented} damage.", decision.player)
        elif effect.op == "redirect":
            # Redirected damage is new damage: no one reacts to the original any more.
            event.asked = True
            if effect.to.player == "opponent":
                event.player, event.die = 1 - decision.player, None
                game.say(f"redirects the damage to {game.players[event.player].name}.", decision.player)
            else:
                candidates = [d for d in game.field_characters() if d.id != event.die
                              and (effect.to.die.owner is None or d.owner != decision.player)]
                if candidates:
                    game.decision = Decision(decision.player, DecisionKind.REDIRECT, "Choose where the damage goes.",
                                             options=tuple(ChooseTarget(d.id) for d in candidates))


def resolve_redirect(game: Game, decision: Decision, action: Action) -> None:
    assert isinstance(action, ChooseTarget)
    event = game.damage_queue[game.pending_event]
    event.die, event.player = action.target, None
    game.say(f"redirects the damage to {game.die_name(game.dice[action.target])}.", decision.player)


def _apply_rules(game: Game, batch: list[DamageEvent]) -> None:
    """Rules in force change damage before shields: doubled, or prevented entirely."""
    spent_rules: list[rules.ActiveRule] = []
    capped: dict[int, int] = {}             # die -> combat damage this batch dealt it so far (max_combat_damage)
    for event in batch:
        source = game.dice[event.source] if event.source is not None else None
        if event.amount > 0 and source is not None:
            event.amount *= combat_rules.damage_multiplier(game, source)
        elif event.amount > 0 and event.kind in ("global", "action"):
            # Two-Face: the damage of a global (which has no die) doubled for its user.
            for rule in rules.in_force(game, "double_damage"):
                if rule.effect.by == event.kind and rule.controller == event.by and not rule.dice:
                    event.amount *= 2
                    spent_rules.append(rule)
                    break
        target = game.dice[event.die] if event.die is not None else None
        if event.amount > 0 and combat_rules.prevents_all(game, target, event.player, source, event.combat, event.kind,
                                                   event.by):
            game.say(f"{event.amount} damage is prevented.", _damaged_side(game, event))
            event.amount = 0
        if event.combat and target is not None and event.amount > 0 \
                and (room := combat_rules.combat_damage_room(game, target, capped.get(target.id, 0))) is not None:
            if room < event.amount:
                game.say(f"{game.die_name(target)} takes at most {room} more combat damage this turn.", target.owner)
            event.amount = min(event.amount, room)
            capped[target.id] = capped.get(target.id, 0) + event.amount
        if event.amount > 0 and (less := combat_rules.reduction(game, target, event.slot, event.kind, event.by)):
            event.amount = max(0, event.amount - less)
            game.say(f"the damage is reduced by {less} (to {event.amount}).", _damaged_side(game, event))
        if target is not None and _rerolls_instead(game, event, target, optional=False):
            # Blue Beetle: Armored Up: exactly 1 damage is prevented and the die rerolled instead.
            game.say(f"{event.amount} damage to {game.die_name(target)} is prevented; the die is rerolled instead.",
                     target.owner)
            event.amount = 0
            reroll_fielded(game, target)

    # A doubling bought for one use ("once") is used up by this batch of damage.
    game.turn_rules = [r for r in game.turn_rules
                       if not (r in spent_rules and r.effect.duration in ("once", "until_used"))]


def _rerolls_instead(game: Game, event: DamageEvent, target: Die, optional: bool) -> bool:
    """``rule: one_damage_rerolls`` on ``target``: exactly 1 damage (with ``amount: N``: N
    or less) is prevented and the die rerolled instead; an ``optional`` rule asks its owner
    first ("you may", Blue Beetle: Reach Armor 138skc), as a reaction to the damage."""
    if event.amount <= 0 or target.zone is not Zone.FIELD or not game.has_rules:
        return False
    return any((r.effect.pay is not None and r.effect.pay.free) == optional   # ``optional: true``: a free price
               and event.amount <= max(1, rules.amount(game, r))
               and rules.applies(game, r, target) for r in rules.in_force(game, "one_damage_rerolls"))


def _reduce_first(game: Game, batch: list[DamageEvent]) -> None:
    """Lex Luthor: Kansas Native: the first character die that damages the rule owner each
    turn deals only 1; of several at once, the biggest is reduced (the owner's best pick). Groot:
    the first point of combat damage each die deals the rule owner each turn is prevented."""
    for rule in rules.in_force(game, "reduce_first_to_one"):
        player = rule.controller
        if game.script_state.get(f"reduced:{player}") == game.turn_number:
            continue
        hits = [e for e in batch if e.player == player and e.amount > 0 and e.source is not None
                and game.is_character(game.dice[e.source])]
        if hits:
            biggest = max(hits, key=lambda e: e.amount)
            game.say(f"{game.die_name(game.dice[biggest.source or 0])} is the first to damage this turn: "
                     f"{biggest.amount} becomes 1.", player)
            biggest.amount = 1
            game.script_state[f"reduced:{player}"] = game.turn_number
    for rule in rules.in_force(game, "first_point_prevented"):     # Groot: Jolly Protector (111ig)
        player, key = rule.controller, f"first_point:{rule.controller}:{game.turn_number}"
        spent = game.script_state.get(key, ())
        assert isinstance(spent, tuple)
        for e in batch:
            if e.player == player and e.combat and e.amount > 0 and e.source is not None and e.source not in spent:
                spent, e.amount = (*spent, e.source), e.amount - 1
                game.say(f"the first point of {game.die_name(game.dice[e.source])}'s combat damage is prevented.",
                         player)
        game.script_state[key] = spent


def _next_die_shields(game: Game, batch: list[DamageEvent]) -> None:
    """Shields on "the next character die of yours that would take damage" (Replenish):
    the first such event this turn uses the shield up (a ``prevented`` event, its kind
    ``next_damage``, says so to the abilities that watch)."""
    for event in batch:
        if event.die is None or event.amount <= 0:
            continue
        die = game.dice[event.die]
        key = ("next_die", die.owner)
        shield = game.this_turn.shields.get(key, 0) if die.owner is not None else 0
        if shield and die.zone is Zone.FIELD:
            stopped = min(shield, event.amount)
            event.amount -= stopped
            del game.this_turn.shields[key]
            game.say(f"{stopped} damage to {game.die_name(die)} is prevented.", die.owner)
            if "prevented" in game.tables.watched:
                events.watch(game, "prevented", die, player=die.owner, amount=stopped, kind="next_damage")


def _life_floor(game: Game, event: DamageEvent) -> int:
    """Lex Luthor: Ex-Con: non-combat damage cannot take that player below 1 life. D'Ken:
    M'Kraan Crystal (``max_damage_per_turn``): at most N damage in each of the opponent's turns."""
    if not game.has_rules or event.player is None:
        return event.amount
    if game.active != event.player:
        for rule in rules.in_force(game, "max_damage_per_turn"):
            if rule.controller == event.player:
                room = max(0, rules.amount(game, rule) - game.this_turn.life_damage.get(event.player, 0))
                if event.amount > room:
                    game.say(f"takes no more than {rules.amount(game, rule)} damage this turn "
                             f"({event.amount - room} reduced to 0).", event.player)
                    event.amount = room
    if event.combat:
        return event.amount
    for rule in rules.in_force(game, "life_floor"):
        if rule.controller == event.player:
            room = max(0, game.players[event.player].life - 1)
            if event.amount > room:
                game.say(f"cannot be taken below 1 life by non-combat damage ({event.amount - room} prevented).",
                         event.player)
                return room
    return event.amount


def deal(game: Game, batch: list[DamageEvent]) -> None:
    """Deal a batch of damage at once: life first, then dice, then "when damaged"."""
    if game.has_rules:
        _apply_rules(game, batch)
    _next_die_shields(game, batch)
    for event in batch:
        key = ("player", event.player) if event.player is not None else ("die", event.die)
        shield = game.this_turn.shields.get(key, 0)
        if shield and event.amount:
            stopped = min(shield, event.amount)
            game.this_turn.shields[key] = shield - stopped
            event.amount -= stopped
            game.say(f"{stopped} damage is prevented.", _damaged_side(game, event))
            if "prevented" in game.tables.watched:
                events.watch(game, "prevented", None if event.die is None else game.dice[event.die],
                             player=event.player, amount=stopped, kind="shield")
    if game.has_rules:
        _reduce_first(game, batch)
    hurt_players: dict[int, int] = {}
    hurt_by: dict[int, DamageEvent] = {}
    for event in batch:
        if event.player is not None and event.amount > 0:
            event.amount = _life_floor(game, event)
            game.players[event.player].life -= event.amount
            source = game.dice[event.source].spec.name if event.source is not None else "an effect"
            game.say(f"takes {event.amount} damage from {source} ({game.players[event.player].life} life).",
                     event.player)
            hurt_players[event.player] = hurt_players.get(event.player, 0) + event.amount
            game.damage_taken[event.player] += event.amount
            game.this_turn.life_damage[event.player] = game.this_turn.life_damage.get(event.player, 0) + event.amount
            if event.source is not None:
                game.this_turn.player_hits.setdefault(event.player, set()).add(event.source)
            hurt_by.setdefault(event.player, event)
    if game.end_game():
        return
    if game.tables.dealt_reactions or game.bookkeeping.borrowed:
        _note_dealers(game, batch)
    for event in batch:
        if event.amount > 0 and event.source is not None:
            dealer = game.dice[event.source]
            target = game.dice[event.die] if event.die is not None else None
            events.emit(game, "deals_damage", dealer, target, player=event.player, amount=event.amount,
                          combat=event.combat)
            events.watch(game, "any_deals_damage", dealer, player=event.player, amount=event.amount,
                         combat=event.combat)      # "whenever one of your dice deals damage"
    for player, amount in hurt_players.items():
        # "Whenever you are dealt damage" (Vengeance): once per batch; the event says what dealt (the first of) it.
        first = hurt_by[player]
        first_dealer = game.dice[first.source] if first.source is not None else None
        kind = "combat" if first.combat else first.kind
        by = first.by if first.by is not None else (first_dealer.owner if first_dealer is not None else None)
        for event_name in ("you_damaged", "player_damaged"):
            events.watch(game, event_name, player=player, amount=amount, kind=kind, by=by,
                           instigator=first_dealer)
    damaged: list[Die] = []
    dealt: dict[int, tuple[int, bool]] = {}     # die -> damage this batch dealt it, any of it combat
    first_hit: dict[int, DamageEvent] = {}       # die -> the first damage event of the batch that hit it
    for event in batch:
        if event.die is None or event.amount <= 0:
            continue
        die = game.dice[event.die]
        if die.zone is not Zone.FIELD:
            continue
        die.damage += event.amount
        die.hurt_events += 1
        if event.source is not None:
            game.this_turn.hits.setdefault(die.id, set()).add(event.source)
        harmer = event.by if event.by is not None else (
            game.dice[event.source].owner if event.source is not None else None)
        if harmer is not None:
            game.this_turn.harmed_by.setdefault(die.id, set()).add(harmer)
        if event.combat:
            game.this_turn.combat_damage[die.id] = game.this_turn.combat_damage.get(die.id, 0) + event.amount
        total, combat = dealt.get(die.id, (0, False))
        dealt[die.id] = (total + event.amount, combat or event.combat)
        game.say(f"{game.die_name(die)} takes {event.amount} damage ({die.damage} in all, "
                 f"defense {stats(game, die)[1]}).", die.owner)
        if die not in damaged:
            damaged.append(die)
            first_hit[die.id] = event
    for die in damaged:
        # (the event: the damage, whether combat, and (the first of) what dealt it: its die and player)
        amount, combat = dealt[die.id]
        first = first_hit[die.id]
        hitter = game.dice[first.source] if first.source is not None else None
        by = first.by if first.by is not None else (hitter.owner if hitter is not None else None)
        events.emit(game, "damaged", die, event_die=die, amount=amount, combat=combat, instigator=hitter, by=by)
        events.watch(game, "any_damaged", die, by=by, amount=amount, combat=combat)


def _note_dealers(game: Game, batch: list[DamageEvent]) -> None:
    """The players whose dice or abilities dealt damage in this batch (to a player, or to a
    die in the field) may use their ``reactive: dealt`` globals right after it."""
    for event in batch:
        hit = event.player is not None or (event.die is not None and game.dice[event.die].zone is Zone.FIELD)
        dealer = event.by if event.by is not None else (
            game.dice[event.source].owner if event.source is not None else None)
        if event.amount > 0 and hit and dealer is not None and dealer not in game.this_turn.dealers:
            game.this_turn.dealers.append(dealer)


def after_damage_due(game: Game) -> bool:
    """The globals used right after a player's damage are offered once what the damage
    triggered has resolved (nothing resolving or waiting)."""
    return game.resolving is None and not game.trigger_batches and not game.new_triggers


def offer_after_damage(game: Game) -> None:
    """"Right after your damage": offer the next player whose damage was just dealt the
    globals they may use now (Iron Lad, 34ig: "after something you control deals damage")."""
    player = game.this_turn.dealers.pop(0)
    sources = game.energy_sources(player)
    options: list[Action] = []
    for slot in game.slots:
        for index, ability in enumerate(game.abilities_of(slot.index)):
            if ability.reactive == "dealt" and global_allowed(game, player, slot.index, index, ability, "dealt"):
                options += [UseGlobal(slot.index, index, p) for p in
                            payment_options(sources, game.players[player].virtual,
                                            global_cost(ability, game, player, slot.index), 3)]
    if options:
        game.decision = Decision(player, DecisionKind.AFTER_DAMAGE,
                                 "Your damage was dealt: use a global now?", options=(Pass(),) + tuple(options))


def resolve_after_damage(game: Game, decision: Decision, action: Action) -> None:
    if isinstance(action, UseGlobal):
        use_global(game, decision.player, action)
        game.this_turn.dealers.insert(0, decision.player)    # another such global may follow


RESOLVERS: dict[DecisionKind, Resolver] = {
    DecisionKind.AFTER_DAMAGE: resolve_after_damage,
    DecisionKind.REACT: resolve_react,
    DecisionKind.REDIRECT: resolve_redirect,
}

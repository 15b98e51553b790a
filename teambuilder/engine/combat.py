"""The Attack Step and the damage pipeline.

Declare attackers (none: the turn goes straight to cleanup, with no global window), their
triggers, blockers (each blocks one attacker, several may gang up), block triggers, the
action/global window, then damage all at once: an unblocked attacker hits the defending
player and goes out of play; a blocked attacker splits its attack among its blockers as
its player chooses; blockers hit their attacker; an attacker whose blockers all left
stays blocked. "When damaged" abilities resolve before KOs; survivors return to the field.

Every damage event passes through ``process_damage`` first, where static and reactive
prevention and redirection may interrupt before the damage lands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from teambuilder.engine import keywords, rules, selectors, triggers
from teambuilder.engine.actions import (
    Action,
    ChooseTarget,
    Decision,
    DeclareAttackers,
    DeclareBlockers,
    Pass,
    SplitDamage,
    UseGlobal,
)
from teambuilder.engine.effects import ko_all, spin, static_bonuses, stats
from teambuilder.engine.energy import payment_options
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import DamageEvent, Die, Task, Zone
from teambuilder.engine.windows import global_cost, limit_allows, pay

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

MAX_SPLITS = 200


def _pop(game: Game) -> Task:
    return game.tasks.pop()


def attackers(game: Game) -> list[Die]:
    return [d for d in game.field_characters(game.active) if d.attacking]


def blockers_of(game: Game, attacker: Die) -> list[Die]:
    return [d for d in game.field_characters() if d.blocks(attacker.id)]


def blocked_by(game: Game, blocker: Die) -> list[Die]:
    """The attackers a blocker blocks (more than one only for dice allowed to)."""
    ids = ([blocker.blocking] if blocker.blocking is not None else []) + blocker.also_blocking
    return [game.dice[i] for i in ids if game.dice[i].zone is Zone.FIELD and game.dice[i].attacking]


def run_declare_attackers(game: Game, task: Task) -> None:
    game.step = "attack"
    able = [d for d in game.field_characters(task.player) if not _cannot_attack(game, d)]
    if not able:
        _pop(game)
        game.say("does not attack (no character die able to attack).")
        return
    must = tuple(d.id for d in able if rules.die_has(game, d, "must_attack"))
    game.decision = Decision(task.player, "attackers", "Choose attackers (none ends the turn).",
                             subset=tuple(d.id for d in able), required=must)


def _cannot_attack(game: Game, die: Die) -> bool:
    """A die that may not attack: a rule or mark says so, or it controls another die."""
    if any(other.under == die.id and other.home is not None for other in game.dice):
        return True   # a controlling die cannot attack (XMF: control)
    return game.has_rules and rules.die_has(game, die, "cant_attack") or "cant_attack" in die.flags


def resolve_attackers(game: Game, decision: Decision, action: Action) -> None:
    _pop(game)
    assert isinstance(action, DeclareAttackers)
    if not action.dice:
        game.say("does not attack.")
        return
    chosen = _within_limits(game, [game.dice[i] for i in sorted(action.dice)])
    for die in chosen:
        die.attacking = True
        game.attacked_this_turn.add(die.id)
    game.say(f"attacks with {', '.join(game.die_name(d) for d in chosen)}.")
    for die in chosen:
        triggers.emit(game, "attacks", die)
    triggers.watch(game, "attackers_declared", player=game.active)
    for kind in ("combat_end", "combat_ko", "combat_damage", "fast_ko", "fast_damage", "split_damage",
                 "attack_window", "declare_blockers"):
        game.tasks.append(Task(kind, game.active))


def _within_limits(game: Game, chosen: list[Die]) -> list[Die]:
    """At most N attackers of a kind (Carmine Falcone: Mob Boss): extra ones stay home."""
    if not game.has_rules:
        return chosen
    if rules.one_per_card(game, game.active):
        chosen = _one_per_card(game, chosen, [d.id for d in chosen])
    for rule in rules.in_force(game, "max_attackers"):
        limit = rules.amount(game, rule)
        matching = [d for d in chosen if rules.applies(game, rule, d)]
        for extra in matching[limit:]:
            game.say(f"{game.die_name(extra)} cannot attack: at most {limit} such dice may attack.", extra.owner)
            chosen = [d for d in chosen if d is not extra]
    return chosen


def _cover_every_attacker(game: Game, blocks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Booker T: the attacking player gives each attacker one blocker until all are
    covered, and only then doubles up: a spare blocker on a doubled-up attacker moves to an
    uncovered attacker it may block."""
    blocks = list(blocks)
    for attacker in attackers(game):
        if any(a == attacker.id for _, a in blocks):
            continue
        for index, (blocker, other) in enumerate(blocks):
            doubled = sum(1 for _, a in blocks if a == other) > 1
            if doubled and attacker.id in allowed_blocks(game, game.dice[blocker], attackers(game)):
                blocks[index] = (blocker, attacker.id)
                game.say(f"{game.die_name(game.dice[blocker])} must first cover {game.die_name(attacker)}.",
                         game.active)
                break
    return blocks


def _one_per_card(game: Game, dice: list[Die], order: list[int]) -> list[Die]:
    seen: set[int | None] = set()
    kept = []
    for die in sorted(dice, key=lambda d: order.index(d.id)):
        if die.slot in seen:
            game.say(f"{game.die_name(die)} cannot join: another die of that card was declared.", die.owner)
            continue
        seen.add(die.slot)
        kept.append(die)
    return kept


def allowed_blocks(game: Game, blocker: Die, attackers_now: list[Die]) -> tuple[int, ...]:
    """The attackers ``blocker`` may block, with every rule and Call Out applied."""
    called = {caller: target for caller, target in game.call_outs.items()
              if game.dice[caller].attacking and may_block_rules(game, game.dice[target], game.dice[caller])}
    if blocker.id in called.values():
        return tuple(a for a, t in called.items() if t == blocker.id)
    return tuple(a.id for a in attackers_now if a.id not in called and may_block_rules(game, blocker, a))


def may_block_rules(game: Game, blocker: Die, attacker: Die) -> bool:
    if not game.has_rules:
        return "cant_block" not in blocker.flags and "unblockable" not in attacker.flags
    return rules.may_block(game, blocker, attacker)


def run_declare_blockers(game: Game, task: Task) -> None:
    targets = attackers(game)
    assign = []
    for die in game.field_characters(game.inactive):
        allowed = allowed_blocks(game, die, targets)
        if allowed:
            assign.append((die.id, allowed))
    if not assign or not targets:
        _pop(game)
        _after_blocks(game, ())
        return
    must = tuple(b for b, _ in assign if rules.die_has(game, game.dice[b], "must_block"))
    chooser = game.inactive
    if game.has_rules and any(r.controller == game.active for r in rules.in_force(game, "choose_blocks")):
        # Booker T: every die that can block must, and the attacking player assigns them.
        chooser, must = game.active, tuple(b for b, _ in assign)
        game.say("assigns the opponent's blockers.", game.active)
    game.decision = Decision(chooser, "blockers", "Choose blockers: each blocks one attacker.",
                             assign=tuple(assign), required=must)


def block_count_problem(game: Game, blocks: tuple[tuple[int, int], ...]) -> str | None:
    """Why these blocks give a die more attackers than it may block, or None."""
    counts: dict[int, list[int]] = {}
    for blocker, attacker in blocks:
        counts.setdefault(blocker, []).append(attacker)
    for blocker, targets in counts.items():
        if len(set(targets)) != len(targets):
            return f"die {blocker} blocks the same attacker twice"
        if len(targets) > 1:
            allowed = rules.blocks_allowed(game, game.dice[blocker], [game.dice[a] for a in targets]) \
                if game.has_rules else 1
            if len(targets) > allowed:
                return "a die blocks at most one attacker" if allowed == 1 else \
                    f"die {blocker} may block at most {allowed} of these attackers"
    return None


def legal_blocks(game: Game, blocks: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Blocks that stand: an attacker that needs more blockers than it got is not
    blocked at all (its would-be blockers stay out of combat)."""
    if not game.has_rules:
        return blocks
    kept = list(blocks)
    if any(r.controller == game.active for r in rules.in_force(game, "choose_blocks")):
        kept = _cover_every_attacker(game, kept)
    if rules.one_per_card(game, game.inactive):
        allowed = {d.id for d in _one_per_card(game, [game.dice[b] for b, _ in kept], [b for b, _ in kept])}
        kept = [pair for pair in kept if pair[0] in allowed]
    # Dual Defense: when one die of a bound pair blocks, the other blocks the same attacker.
    for rule in rules.in_force(game, "block_together"):
        pair = [d for d in rule.dice if game.dice[d].zone is Zone.FIELD]
        blocking = {b: a for b, a in kept}
        for die_id in pair:
            partner = next((p for p in pair if p != die_id), None)
            if die_id in blocking and partner is not None and partner not in blocking:
                attacker = blocking[die_id]
                if attacker in allowed_blocks(game, game.dice[partner], attackers(game)):
                    kept.append((partner, attacker))
                    blocking[partner] = attacker
                    game.say(f"{game.die_name(game.dice[partner])} blocks together with its partner.", game.inactive)
    for attacker_id in {a for _, a in blocks}:
        needed = rules.min_blockers(game, game.dice[attacker_id])
        mine = [pair for pair in kept if pair[1] == attacker_id]
        if len(mine) < needed:
            game.say(f"{game.die_name(game.dice[attacker_id])} cannot be blocked by fewer than {needed} dice: "
                     "those blocks do not happen.", game.inactive)
            kept = [pair for pair in kept if pair[1] != attacker_id]
    return tuple(kept)


def resolve_blockers(game: Game, decision: Decision, action: Action) -> None:
    _pop(game)
    assert isinstance(action, DeclareBlockers)
    blocks = legal_blocks(game, action.blocks)
    for blocker_id, attacker_id in sorted(blocks):
        blocker, attacker = game.dice[blocker_id], game.dice[attacker_id]
        game.blocked_this_turn.add(blocker.id)
        if blocker.blocking is None:
            blocker.blocking = attacker.id
        else:
            blocker.also_blocking.append(attacker.id)
        attacker.blocked = True
        game.say(f"{game.die_name(blocker)} blocks {game.die_name(attacker)}.", game.inactive)
    if not blocks:
        game.say("does not block.", game.inactive)
    for attacker in attackers(game):
        if attacker.blocked:
            triggers.emit(game, "blocked", attacker)
    for blocker_id in sorted({b for b, _ in blocks}):
        triggers.emit(game, "blocks", game.dice[blocker_id])
    _after_blocks(game, blocks)


def _after_blocks(game: Game, blocks: tuple[tuple[int, int], ...]) -> None:
    """Once blockers are declared: engaged triggers, Energy Drain, Deadly marks, and the
    keyword abilities that happen now (Tag Out, Infiltrate)."""
    for blocker_id, attacker_id in sorted(blocks):
        blocker, attacker = game.dice[blocker_id], game.dice[attacker_id]
        triggers.emit(game, "engaged", blocker, attacker)
        triggers.emit(game, "engaged", attacker, blocker)
        for one, other in ((blocker, attacker), (attacker, blocker)):
            if game.has_keyword(one, "deadly"):
                game.deadly_marks.add(other.id)
    for blocker_id, attacker_id in sorted(blocks):
        blocker, attacker = game.dice[blocker_id], game.dice[attacker_id]
        for one, other in ((blocker, attacker), (attacker, blocker)):
            if game.has_keyword(one, "energy_drain"):
                game.say(f"{game.die_name(one)} drains {game.die_name(other)} (Energy Drain).", one.owner)
                spin(game, other, -1)
    triggers.watch(game, "blockers_declared", player=game.inactive)
    for die in game.field_characters():
        if game.has_keyword(die, "tag_out"):
            keywords.raise_keyword(game, "tag_out", die)
    for die in attackers(game):
        if not die.blocked and game.has_keyword(die, "infiltrate"):
            keywords.raise_keyword(game, "infiltrate", die)


def _splits(total: int, count: int) -> list[tuple[int, ...]]:
    if count == 1:
        return [(total,)]
    return [(first,) + rest for first in range(total, -1, -1) for rest in _splits(total - first, count - 1)]


def run_split_damage(game: Game, task: Task) -> None:
    """Ask how each multiply-blocked attacker divides its damage, one attacker at a time."""
    for attacker in attackers(game):
        blockers = blockers_of(game, attacker)
        if len(blockers) < 2 or attacker.id in game.damage_splits or game.has_keyword(attacker, "overcrush"):
            continue
        splits = _splits(stats(game, attacker)[0], len(blockers))
        if len(splits) > MAX_SPLITS:
            # Whole damage to one blocker, or spread evenly, keeps the choice readable.
            splits = [s for s in splits if max(s) == sum(s) or max(s) - min(s) <= 1]
        options = tuple(SplitDamage(attacker.id, tuple(zip((b.id for b in blockers), split)))
                        for split in splits)
        game.decision = Decision(game.active, "split", f"Split {game.die_name(attacker)}'s damage "
                                 "among its blockers.", options=options)
        return
    for blocker in game.field_characters(game.inactive):
        # A die blocking several attackers splits its damage as an attacker would.
        targets = blocked_by(game, blocker)
        if len(targets) < 2 or blocker.id in game.damage_splits:
            continue
        splits = _splits(stats(game, blocker)[0], len(targets))
        if len(splits) > MAX_SPLITS:
            splits = [s for s in splits if max(s) == sum(s) or max(s) - min(s) <= 1]
        game.decision = Decision(game.inactive, "split", f"Split {game.die_name(blocker)}'s damage "
                                 "among the attackers it blocks.",
                                 options=tuple(SplitDamage(blocker.id, tuple(zip((a.id for a in targets), split)))
                                               for split in splits))
        return
    _pop(game)


def resolve_split(game: Game, decision: Decision, action: Action) -> None:
    assert isinstance(action, SplitDamage)
    game.damage_splits[action.attacker] = action.split


def _is_fast(game: Game, die: Die) -> bool:
    return game.has_keyword(die, "fast")


def run_fast_damage(game: Game, task: Task) -> None:
    """Fast dice deal their combat damage first, all at once (their own step)."""
    combatants = attackers(game) + [d for d in game.field_characters() if d.blocking is not None]
    if not any(_is_fast(game, d) for d in combatants):
        _pop(game)
        game.tasks.pop()          # no Fast die: no Fast KO step either
        return
    _deal_combat_damage(game, fast=True)


def run_combat_damage(game: Game, task: Task) -> None:
    _deal_combat_damage(game, fast=False)


def _deal_combat_damage(game: Game, fast: bool | None) -> None:
    """Queue combat damage. ``fast`` True: only Fast dice deal damage now; False: only the
    others (a die KO'd in the Fast step is gone and deals nothing)."""
    _pop(game)
    game.hold_kos = True                 # KOs wait until "when damaged" has resolved
    events: list[DamageEvent] = []
    unblocked: list[Die] = []
    bonuses = static_bonuses(game)
    for attacker in attackers(game):
        blockers = blockers_of(game, attacker)
        if _is_fast(game, attacker) == fast:
            attack = stats(game, attacker, bonuses)[0]
            if not attacker.blocked:
                unblocked.append(attacker)
                events.append(DamageEvent(attack, attacker.id, player=game.inactive, combat=True))
            elif game.has_rules and rules.die_has(game, attacker, "damage_to_player"):
                events.append(DamageEvent(attack, attacker.id, player=game.inactive, combat=True))
            elif game.has_keyword(attacker, "overcrush"):
                events += _overcrush(game, attacker, blockers, attack, bonuses)
            elif blockers:
                split = game.damage_splits.get(attacker.id, ((blockers[0].id, attack),))
                events += [DamageEvent(amount, attacker.id, die=b, combat=True) for b, amount in split if amount]
        for blocker in blockers:
            if _is_fast(game, blocker) != fast:
                continue
            amount = stats(game, blocker, bonuses)[0]
            blocker_split = dict(game.damage_splits.get(blocker.id, ()))
            if blocker_split:
                amount = blocker_split.get(attacker.id, 0)
            elif blocker.blocking != attacker.id:
                amount = 0          # an unsplit multi-blocker hits its first attacker
            if amount:
                events.append(DamageEvent(amount, blocker.id, die=attacker.id, combat=True))
    if not fast:
        game.damage_splits.clear()
    sweepers = [b for b in game.field_characters(game.inactive) if game.has_rules and b.blocking is not None
                and _is_fast(game, b) == fast and rules.die_has(game, b, "hits_all_attackers")]
    for blocker in sweepers:
        # Kal-L: his combat damage also hits every attacker he does not block.
        amount = stats(game, blocker, bonuses)[0]
        events += [DamageEvent(amount, blocker.id, die=a.id, combat=True)
                   for a in attackers(game) if not blocker.blocks(a.id) and amount]
    if sweepers:
        # Unblocked attackers stay until the damage lands, then leave (run_combat_ko).
        game.leaving_after_damage.extend(d.id for d in unblocked)
        unblocked = []
    for die in unblocked:
        # (A controlled die stays controlled out of play; when control ends it goes back
        # to its owner's field: XMF, control returns it "in whatever area you took it from".)
        die.zone = Zone.OUT_OF_PLAY
        die.leave_combat()
    game.damage_queue.extend(events)


def _overcrush(game: Game, attacker: Die, blockers: list[Die], attack: int,
               bonuses: dict[int, tuple[int, int]]) -> list[DamageEvent]:
    """Overcrush: each blocker takes what KOs it; if that KOs (or there are no longer)
    all of them, what is left goes to the defending player."""
    events = []
    left = attack
    for blocker in blockers:
        needed = max(0, stats(game, blocker, bonuses)[1] - blocker.damage)
        dealt = min(left, needed)
        if dealt:
            events.append(DamageEvent(dealt, attacker.id, die=blocker.id, combat=True))
        left -= dealt
        if dealt < needed:
            return events
    if left:
        game.say(f"{game.die_name(attacker)} overcrushes: {left} damage goes through.", attacker.owner)
        events.append(DamageEvent(left, attacker.id, player=game.inactive, combat=True))
    return events


def run_combat_ko(game: Game, task: Task) -> None:
    _pop(game)
    game.hold_kos = False
    bonuses = static_bonuses(game)
    doomed = [d for player in (game.active, game.inactive) for d in game.field_characters(player)
              if d.damage >= stats(game, d, bonuses)[1]]
    cleavers = {a for d in doomed for a in ([d.blocking] if d.blocking is not None else []) + d.also_blocking}
    ko_all(game, doomed, combat=True, by_damage=True)
    for die_id in game.leaving_after_damage:
        die = game.dice[die_id]
        if die.zone is Zone.FIELD:
            die.zone = Zone.OUT_OF_PLAY
            die.leave_combat()
    game.leaving_after_damage.clear()
    for attacker_id in sorted(cleavers):
        attacker = game.dice[attacker_id]
        if attacker.zone is Zone.FIELD and attacker.attacking and game.has_keyword(attacker, "cleave") \
                and attacker.id not in game.cleaved:
            game.cleaved.add(attacker.id)
            keywords.raise_keyword(game, "cleave", attacker)


def run_combat_end(game: Game, task: Task) -> None:
    _pop(game)
    for die in game.field_characters():
        die.leave_combat()


def _reactions(game: Game, event: DamageEvent) -> list[Action]:
    """Reactive globals the damaged side may pay for this event (once per event each)."""
    if not game.borrowed and not game.damage_reactions:
        return []       # no card on the table reacts to damage (borrowed text may add one)
    player = _damaged_side(game, event)
    sources = game.energy_sources(player)
    options: list[Action] = []
    for slot in game.slots:
        for index, ability in enumerate(game.abilities_of(slot.index)):
            if ability.reactive != "damaged" or (slot.index, index) in event.offered \
                    or not limit_allows(game, player, slot.index, index, ability):
                continue
            options += [UseGlobal(slot.index, index, p) for p in
                        payment_options(sources, game.players[player].virtual,
                                        global_cost(ability, game, player, slot.index), 3)]
    return options


def _damaged_side(game: Game, event: DamageEvent) -> int:
    if event.player is not None:
        return event.player
    owner = game.dice[event.die].owner if event.die is not None else None
    return owner if owner is not None else game.active


def process_damage(game: Game) -> None:
    """Offer reactions for the first event not yet offered, then deal the whole batch."""
    for position, event in enumerate(game.damage_queue):
        if event.amount <= 0 or event.asked:
            continue
        options = _reactions(game, event)
        if not options:
            event.asked = True
        else:
            game.pending_event = position
            game.decision = Decision(_damaged_side(game, event), "react",
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
    assert isinstance(action, UseGlobal)
    ability = game.abilities_of(action.slot)[action.ability]
    spent = pay(game, decision.player, action.payment, global_cost(ability, game, decision.player, action.slot))
    event.offered.add((action.slot, action.ability))
    uses = game.players[decision.player].global_uses
    uses[(action.slot, action.ability)] = uses.get((action.slot, action.ability), 0) + 1
    game.say(f"reacts with the global of {game.slots[action.slot].card.card.full_name} "
             f"(paying {spent}).", decision.player)
    for effect in ability.effects:
        if effect.op == "prevent":
            prevented = min(event.amount, selectors.amount(Context(game, decision.player, action.slot),
                                                           effect.amount))
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
                    game.decision = Decision(decision.player, "redirect", "Choose where the damage goes.",
                                             options=tuple(ChooseTarget(d.id) for d in candidates))


def resolve_redirect(game: Game, decision: Decision, action: Action) -> None:
    assert isinstance(action, ChooseTarget)
    event = game.damage_queue[game.pending_event]
    event.die, event.player = action.target, None
    game.say(f"redirects the damage to {game.die_name(game.dice[action.target])}.", decision.player)


def _apply_rules(game: Game, batch: list[DamageEvent]) -> None:
    """Rules in force change damage before shields: doubled, or prevented entirely."""
    spent_rules: list[rules.ActiveRule] = []
    for event in batch:
        source = game.dice[event.source] if event.source is not None else None
        if event.amount > 0 and source is not None:
            event.amount *= rules.damage_multiplier(game, source)
        elif event.amount > 0 and event.kind in ("global", "action"):
            # Two-Face: the damage of a global (which has no die) doubled for its user.
            for rule in rules.in_force(game, "double_damage"):
                if rule.effect.by == event.kind and rule.controller == event.by and not rule.dice:
                    event.amount *= 2
                    spent_rules.append(rule)
                    break
        target = game.dice[event.die] if event.die is not None else None
        if event.amount > 0 and rules.prevents_all(game, target, event.player, source, event.combat, event.kind,
                                                   event.by):
            game.say(f"{event.amount} damage is prevented.", _damaged_side(game, event))
            event.amount = 0

    # A doubling bought for one use ("once") is used up by this batch of damage.
    game.turn_rules = [r for r in game.turn_rules if not (r in spent_rules and r.effect.duration == "once")]

def _reduce_first(game: Game, batch: list[DamageEvent]) -> None:
    """Lex Luthor: Kansas Native: the first character die that damages the rule owner each
    turn deals only 1; of several at once, the biggest is reduced (the owner's best pick)."""
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


def _next_die_shields(game: Game, batch: list[DamageEvent]) -> list[tuple[Die, int]]:
    """Shields on "the next character die of yours that would take damage" (Replenish):
    the first such event this turn uses the shield up."""
    used = []
    for event in batch:
        if event.die is None or event.amount <= 0:
            continue
        die = game.dice[event.die]
        key = ("next_die", die.owner)
        shield = game.shields.get(key, 0) if die.owner is not None else 0
        if shield and die.zone is Zone.FIELD:
            stopped = min(shield, event.amount)
            event.amount -= stopped
            del game.shields[key]
            game.say(f"{stopped} damage to {game.die_name(die)} is prevented.", die.owner)
            used.append((die, die.owner))
    return [(d, p) for d, p in used if p is not None]


def _life_floor(game: Game, event: DamageEvent) -> int:
    """Lex Luthor: Ex-Con: non-combat damage cannot take that player below 1 life."""
    if event.combat or not game.has_rules or event.player is None:
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
    else:
        for event in batch:
            if event.source is not None and "double_damage" in game.dice[event.source].flags:
                event.amount *= 2
    replenished = _next_die_shields(game, batch)
    for event in batch:
        key = ("player", event.player) if event.player is not None else ("die", event.die)
        shield = game.shields.get(key, 0)
        if shield and event.amount:
            stopped = min(shield, event.amount)
            game.shields[key] = shield - stopped
            event.amount -= stopped
            game.say(f"{stopped} damage is prevented.", _damaged_side(game, event))
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
            if event.source is not None:
                game.player_hits.setdefault(event.player, set()).add(event.source)
            hurt_by.setdefault(event.player, event)
    if game.end_game():
        return
    for event in batch:
        if event.amount > 0 and event.source is not None:
            dealer = game.dice[event.source]
            target = game.dice[event.die] if event.die is not None else None
            triggers.emit(game, "deals_damage", dealer, target, player=event.player, amount=event.amount,
                          combat=event.combat)
    for player, amount in hurt_players.items():
        # "Whenever you are dealt damage" (Vengeance) triggers once per batch; the event
        # says what dealt (the first of) it: its kind, its player and its die.
        first = hurt_by[player]
        first_dealer = game.dice[first.source] if first.source is not None else None
        kind = "combat" if first.combat else first.kind
        by = first.by if first.by is not None else (first_dealer.owner if first_dealer is not None else None)
        for event_name in ("you_damaged", "player_damaged"):
            triggers.watch(game, event_name, player=player, amount=amount, kind=kind, by=by,
                           instigator=first_dealer)
    damaged: list[Die] = []
    for event in batch:
        if event.die is None or event.amount <= 0:
            continue
        die = game.dice[event.die]
        if die.zone is not Zone.FIELD:
            continue
        die.damage += event.amount
        die.hurt_events += 1
        if event.source is not None:
            game.hits.setdefault(die.id, set()).add(event.source)
        if event.combat:
            game.combat_damage[die.id] = game.combat_damage.get(die.id, 0) + event.amount
        game.say(f"{game.die_name(die)} takes {event.amount} damage ({die.damage} in all, "
                 f"defense {stats(game, die)[1]}).", die.owner)
        if die not in damaged:
            damaged.append(die)
    for die, player in replenished:
        # Replenish: 1 life if the die the shield protected is not KO'd by this damage.
        if die.zone is Zone.FIELD and die.damage < stats(game, die)[1]:
            game.gain_life(player, 1)
    for die in damaged:
        triggers.emit(game, "damaged", die, event_die=die)
        triggers.watch(game, "any_damaged", die)


RUNNERS: dict[str, Callable[..., None]] = {
    "declare_attackers": run_declare_attackers, "declare_blockers": run_declare_blockers,
    "split_damage": run_split_damage, "combat_damage": run_combat_damage,
    "fast_damage": run_fast_damage, "fast_ko": run_combat_ko,
    "combat_ko": run_combat_ko, "combat_end": run_combat_end,
}
RESOLVERS: dict[str, Callable[..., None]] = {
    "attackers": resolve_attackers, "blockers": resolve_blockers, "split": resolve_split,
    "react": resolve_react, "redirect": resolve_redirect,
}

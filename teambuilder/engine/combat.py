"""The Attack Step.

Declare attackers (none: the turn goes straight to cleanup, with no global window), their
triggers, blockers (each blocks one attacker, several may gang up), block triggers, the
action/global window, then damage all at once: an unblocked attacker hits the defending
player and goes out of play; a blocked attacker's attack is divided among its blockers
as its player chooses (``assignment``); blockers hit their attacker; an attacker whose
blockers all left stays blocked. "When damaged" abilities resolve before KOs; survivors
return to the field. The damage itself goes through the pipeline in ``damage``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import assignment, block_prices, combat_rules, events, keyword_combat, rules, stun
from teambuilder.engine.actions import (
    Action,
    Decision,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    SplitDamage,
)
from teambuilder.engine.blocking import (
    allowed_blocks,
    attackers,
    blocked_by,
    blockers_of,
    legal_blocks,
    one_die_per_card,
)
from teambuilder.engine.effects import ko_all, spin, static_bonuses, stats
from teambuilder.engine.events import hold_leave
from teambuilder.engine.state import DamageEvent, Die, Resolver, Runner, Step, Task, TaskKind, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def _pop(game: Game) -> Task:
    return game.tasks.pop()


def run_declare_attackers(game: Game, task: Task) -> None:
    if events.enter_step(game, Step.ATTACK):
        return                           # "at the start of the attack step" first
    able = [d for d in game.field_characters(task.player) if not _cannot_attack(game, d)]
    if task.data:       # a second Attack Step: only the dice its rule names may attack
        able = [d for d in able if any(r.controller == task.player and rules.applies(game, r, d)
                                       for r in rules.in_force(game, "extra_attack_step"))]
    if not able:
        _pop(game)
        game.say("does not attack (no character die able to attack).")
        return
    must = tuple(d.id for d in able if combat_rules.die_has(game, d, "must_attack"))
    # (a second Attack Step asks no minimum: "each turn" was met, or not, in the first)
    at_least, among = combat_rules.min_attackers(game, able) if game.has_rules and not task.data else (0, ())
    prompt = "Choose attackers (none ends the turn)." if not at_least else \
        f"Choose attackers: at least {at_least} of {', '.join(game.die_name(game.dice[i]) for i in among)} must attack."
    game.decision = Decision(task.player, DecisionKind.ATTACKERS, prompt,
                             subset=tuple(d.id for d in able), required=must, at_least=at_least, among=among)


def _cannot_attack(game: Game, die: Die) -> bool:
    """A die that may not attack: a rule or mark says so, or it controls another die."""
    if any(other.under == die.id and other.home is not None for other in game.dice):
        return True   # a controlling die cannot attack (XMF: control)
    if stun.stunned(game, die):
        return True   # a Stun token on its card
    return game.has_rules and combat_rules.die_has(game, die, "cant_attack") or "cant_attack" in die.flags


def resolve_attackers(game: Game, decision: Decision, action: Action) -> None:
    _pop(game)
    assert isinstance(action, DeclareAttackers)
    if not action.dice:
        game.say("does not attack.")
        return
    chosen = _within_limits(game, [game.dice[i] for i in sorted(action.dice)])
    for die in chosen:
        die.attacking = True
        game.this_turn.attacked.add(die.id)
    game.say(f"attacks with {', '.join(game.die_name(d) for d in chosen)}.")
    for die in chosen:
        events.emit(game, "attacks", die)
    keyword_combat.attackers_declared(game, chosen)
    events.watch(game, "attackers_declared", player=game.active)
    for kind in (TaskKind.COMBAT_END, TaskKind.COMBAT_KO, TaskKind.COMBAT_DAMAGE, TaskKind.FAST_KO,
                 TaskKind.FAST_DAMAGE, TaskKind.SPLIT_DAMAGE, TaskKind.ATTACK_WINDOW, TaskKind.DECLARE_BLOCKERS):
        game.tasks.append(Task(kind, game.active))


def _within_limits(game: Game, chosen: list[Die]) -> list[Die]:
    """At most N attackers of a kind (Carmine Falcone: Mob Boss): extra ones stay home."""
    if not game.has_rules:
        return chosen
    if combat_rules.one_per_card(game, game.active):
        chosen = one_die_per_card(game, chosen, [d.id for d in chosen])
    for rule in rules.in_force(game, "max_attackers"):
        limit = rules.amount(game, rule)
        matching = [d for d in chosen if rules.applies(game, rule, d)]
        for extra in matching[limit:]:
            game.say(f"{game.die_name(extra)} cannot attack: at most {limit} such dice may attack.", extra.owner)
            chosen = [d for d in chosen if d is not extra]
    return chosen


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
    must = tuple(b for b, _ in assign if combat_rules.die_has(game, game.dice[b], "must_block"))
    chooser = game.inactive
    if game.has_rules and any(r.controller == game.active for r in rules.in_force(game, "choose_blocks")):
        # Booker T: every die that can block must, and the attacking player assigns them.
        chooser, must = game.active, tuple(b for b, _ in assign)
        game.say("assigns the opponent's blockers.", game.active)
    game.decision = Decision(chooser, DecisionKind.BLOCKERS, "Choose blockers: each blocks one attacker.",
                             assign=tuple(assign), required=must)


def resolve_blockers(game: Game, decision: Decision, action: Action) -> None:
    _pop(game)
    assert isinstance(action, DeclareBlockers)
    blocks = legal_blocks(game, action.blocks)
    if not block_prices.wait(game, blocks):
        _declare(game, blocks)


def run_block_prices(game: Game, task: Task) -> None:
    """Blocks with a price (``rule: block_price``): each priced die is paid for or its
    blocks do not happen; then the blocks that stand are declared."""
    blocks = block_prices.ask(game, task)
    if blocks is not None:
        _pop(game)
        _declare(game, blocks)


def _declare(game: Game, blocks: tuple[tuple[int, int], ...]) -> None:
    for blocker_id, attacker_id in sorted(blocks):
        blocker, attacker = game.dice[blocker_id], game.dice[attacker_id]
        game.this_turn.blocked.add(blocker.id)
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
            events.emit(game, "blocked", attacker)
    for blocker_id in sorted({b for b, _ in blocks}):
        events.emit(game, "blocks", game.dice[blocker_id])
    _after_blocks(game, blocks)


def _after_blocks(game: Game, blocks: tuple[tuple[int, int], ...]) -> None:
    """Once blockers are declared: engaged triggers, Energy Drain, Deadly marks, and the
    keyword abilities that happen now (Tag Out, Infiltrate)."""
    for blocker_id, attacker_id in sorted(blocks):
        blocker, attacker = game.dice[blocker_id], game.dice[attacker_id]
        events.emit(game, "engaged", blocker, attacker)
        events.emit(game, "engaged", attacker, blocker)
        for one, other in ((blocker, attacker), (attacker, blocker)):
            if game.has_keyword(one, "deadly"):
                game.this_turn.deadly_marks.add(other.id)
    for blocker_id, attacker_id in sorted(blocks):
        blocker, attacker = game.dice[blocker_id], game.dice[attacker_id]
        for one, other in ((blocker, attacker), (attacker, blocker)):
            if game.has_keyword(one, "energy_drain"):
                game.say(f"{game.die_name(one)} drains {game.die_name(other)} (Energy Drain).", one.owner)
                spin(game, other, -1)
    events.watch(game, "blockers_declared", player=game.inactive)
    for die in game.field_characters():
        if game.has_keyword(die, "tag_out"):
            events.raise_keyword(game, "tag_out", die)
    for die in attackers(game):
        if not die.blocked and game.has_keyword(die, "infiltrate"):
            events.raise_keyword(game, "infiltrate", die)


def run_split_damage(game: Game, task: Task) -> None:
    """Ask how each blocked attacker's damage is divided (its player), then each die
    blocking several attackers (the defending player), one die at a time, whenever more
    than one division is legal (``assignment``)."""
    bonuses = static_bonuses(game)
    dealers = [(game.active, a, blockers_of(game, a), game.has_keyword(a, "overcrush")) for a in attackers(game)
               if not (game.has_rules and (combat_rules.die_has(game, a, "damage_to_player")
                                           or combat_rules.die_has(game, a, "damage_to_chosen")))]
    dealers += [(game.inactive, b, blocked_by(game, b), False) for b in game.field_characters(game.inactive)]
    for player, dealer, targets, overcrush in dealers:
        division = assignment.frame(game, dealer, targets, overcrush, bonuses)
        if dealer.id in game.damage_splits or not division.ambiguous:
            continue
        among = "the attackers it blocks" if dealer.blocking is not None else "its blockers" + (
            " (Overcrush: once each has enough to be KO'd, the rest may go to the opponent)" if overcrush else "")
        game.decision = Decision(player, DecisionKind.SPLIT, f"Split {game.die_name(dealer)}'s damage among {among}.",
                                 options=assignment.options(division))
        return
    _pop(game)


def resolve_split(game: Game, decision: Decision, action: Action) -> None:
    assert isinstance(action, SplitDamage)
    game.damage_splits[action.attacker] = action


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
            elif game.has_rules and combat_rules.die_has(game, attacker, "damage_to_player"):
                events.append(DamageEvent(attack, attacker.id, player=game.inactive, combat=True))
            elif game.has_rules and combat_rules.die_has(game, attacker, "damage_to_chosen"):
                # Wally West: Speed Force Aura: his combat damage goes to the die his card chose instead.
                events += [DamageEvent(attack, attacker.id, die=d, combat=True)
                           for d in combat_rules.chosen_dice(game, attacker) if attack]
            else:
                events += assignment.attacker_damage(game, attacker, blockers, attack, bonuses)
                if game.has_rules and combat_rules.die_has(game, attacker, "also_damages_player"):
                    events.append(DamageEvent(attack, attacker.id, player=game.inactive, combat=True))
        for blocker in blockers:
            if _is_fast(game, blocker) != fast:
                continue
            amount = stats(game, blocker, bonuses)[0]
            chosen = game.damage_splits.get(blocker.id)
            blocker_split = dict(chosen.split) if chosen is not None else {}
            if blocker_split:
                amount = blocker_split.get(attacker.id, 0)
            elif blocker.blocking != attacker.id:
                amount = 0          # an unsplit multi-blocker hits its first attacker
            if amount and game.has_rules and (cap := combat_rules.blocker_damage_cap(game, attacker)) is not None:
                amount = min(amount, cap)       # Righteous Charge: at most N from each blocker
            if amount:
                events.append(DamageEvent(amount, blocker.id, die=attacker.id, combat=True))
    if not fast:
        game.damage_splits.clear()
    sweepers = [b for b in game.field_characters(game.inactive) if game.has_rules and b.blocking is not None
                and _is_fast(game, b) == fast and combat_rules.die_has(game, b, "hits_all_attackers")]
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
        # A token leaving the field is gone (rulebook, tokens): it never reaches a pile.
        if not (game.tables.ko_replaced and hold_leave(game, die, Zone.OUT_OF_PLAY)):
            die.zone = Zone.GONE if die.token else Zone.OUT_OF_PLAY
        die.leave_combat()
    game.damage_queue.extend(events)


def run_combat_ko(game: Game, task: Task) -> None:
    _pop(game)
    game.hold_kos = False
    bonuses = static_bonuses(game)
    doomed = [d for player in (game.active, game.inactive) for d in game.field_characters(player)
              if d.damage >= stats(game, d, bonuses)[1]]
    cleavers = {a for d in doomed for a in ([d.blocking] if d.blocking is not None else []) + d.also_blocking}
    fraggers = keyword_combat.fraggers(game, doomed)       # (read before the KOs clear who hit whom)
    keyword_combat.frag(game, ko_all(game, doomed, combat=True, by_damage=True), fraggers)
    for die_id in game.leaving_after_damage:
        die = game.dice[die_id]
        if die.zone is Zone.FIELD and not (game.tables.ko_replaced and hold_leave(game, die, Zone.OUT_OF_PLAY)):
            die.zone = Zone.GONE if die.token else Zone.OUT_OF_PLAY
            die.leave_combat()
    game.leaving_after_damage.clear()
    for attacker_id in sorted(cleavers):
        attacker = game.dice[attacker_id]
        if attacker.zone is Zone.FIELD and attacker.attacking and game.has_keyword(attacker, "cleave") \
                and attacker.id not in game.this_turn.cleaved:
            game.this_turn.cleaved.add(attacker.id)
            events.raise_keyword(game, "cleave", attacker)


def run_combat_end(game: Game, task: Task) -> None:
    _pop(game)
    for die in game.field_characters():
        die.leave_combat()
    if game.has_rules and not task.data:
        _second_attack_step(game)


SECOND_ATTACK = -2      # ``TurnMemory.once_fired``'s mark of a second Attack Step taken this turn


def _second_attack_step(game: Game) -> None:
    """Wally West: Speed Force Conduit (``rule: extra_attack_step``): after the Attack Step,
    its owner has a second one (once a turn), in which only the dice of ``for`` may attack."""
    key = (game.active, SECOND_ATTACK, SECOND_ATTACK)
    if key in game.this_turn.once_fired or not any(
            r.controller == game.active for r in rules.in_force(game, "extra_attack_step")):
        return
    game.this_turn.once_fired.add(key)
    game.say("has a second Attack Step.")
    game.tasks.append(Task(TaskKind.DECLARE_ATTACKERS, game.active, (1,)))


RUNNERS: dict[TaskKind, Runner] = {
    TaskKind.DECLARE_ATTACKERS: run_declare_attackers, TaskKind.DECLARE_BLOCKERS: run_declare_blockers,
    TaskKind.BLOCK_PRICES: run_block_prices,
    TaskKind.SPLIT_DAMAGE: run_split_damage, TaskKind.COMBAT_DAMAGE: run_combat_damage,
    TaskKind.FAST_DAMAGE: run_fast_damage, TaskKind.FAST_KO: run_combat_ko, TaskKind.COMBAT_KO: run_combat_ko,
    TaskKind.COMBAT_END: run_combat_end,
}
RESOLVERS: dict[DecisionKind, Resolver] = {
    DecisionKind.ATTACKERS: resolve_attackers,
    DecisionKind.BLOCKERS: resolve_blockers,
    DecisionKind.SPLIT: resolve_split,
}

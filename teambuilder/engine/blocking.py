"""Who is in combat, and which blocks are legal: what declaring blockers asks.

A blocker may block the attackers the rules in force allow (``combat_rules.may_block``,
Call Out forcing a block); a die blocks one attacker unless a rule lets it block more;
and once blocks are declared, those an attacker's "needs N blockers", Booker T's "the
attacking player assigns them", one die per card, and Dual Defense's "block together"
change are settled here (``legal_blocks``) before damage is dealt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import combat_rules, rules, stun
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def attackers(game: Game) -> list[Die]:
    return [d for d in game.field_characters(game.active) if d.attacking]


def blockers_of(game: Game, attacker: Die) -> list[Die]:
    return [d for d in game.field_characters() if d.blocks(attacker.id)]


def blocked_by(game: Game, blocker: Die) -> list[Die]:
    """The attackers a blocker blocks (more than one only for dice allowed to)."""
    ids = ([blocker.blocking] if blocker.blocking is not None else []) + blocker.also_blocking
    return [game.dice[i] for i in ids if game.dice[i].zone is Zone.FIELD and game.dice[i].attacking]


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


def one_die_per_card(game: Game, dice: list[Die], order: list[int]) -> list[Die]:
    """One die per card may attack or block (a rule in force): later-declared ones stay out."""
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
    called = {caller: target for caller, target in game.this_turn.call_outs.items()
              if game.dice[caller].attacking and may_block_rules(game, game.dice[target], game.dice[caller])}
    if blocker.id in called.values():
        return tuple(a for a, t in called.items() if t == blocker.id)
    return tuple(a.id for a in attackers_now if a.id not in called and may_block_rules(game, blocker, a))


def may_block_rules(game: Game, blocker: Die, attacker: Die) -> bool:
    if stun.stunned(game, blocker):
        return False      # a Stun token on its card
    if not game.has_rules:
        return "cant_block" not in blocker.flags and "unblockable" not in attacker.flags
    return combat_rules.may_block(game, blocker, attacker)


def block_count_problem(game: Game, blocks: tuple[tuple[int, int], ...]) -> str | None:
    """Why these blocks give a die more attackers than it may block, or None."""
    counts: dict[int, list[int]] = {}
    for blocker, attacker in blocks:
        counts.setdefault(blocker, []).append(attacker)
    for blocker, targets in counts.items():
        if len(set(targets)) != len(targets):
            return f"die {blocker} blocks the same attacker twice"
        if len(targets) > 1:
            allowed = combat_rules.blocks_allowed(game, game.dice[blocker], [game.dice[a] for a in targets]) \
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
    if combat_rules.one_per_card(game, game.inactive):
        allowed = {d.id for d in one_die_per_card(game, [game.dice[b] for b, _ in kept], [b for b, _ in kept])}
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
        needed = combat_rules.min_blockers(game, game.dice[attacker_id])
        mine = [pair for pair in kept if pair[1] == attacker_id]
        if len(mine) < needed:
            game.say(f"{game.die_name(game.dice[attacker_id])} cannot be blocked by fewer than {needed} dice: "
                     "those blocks do not happen.", game.inactive)
            kept = [pair for pair in kept if pair[1] != attacker_id]
    return tuple(kept)

"""The rules in force that combat and damage ask about: who may block whom, how many
blockers an attacker needs, and damage that is prevented or doubled.

Each question is a small function over the rules in force (``rules.in_force``), so the
attack step and the damage step read as the rulebook does ("may this die block that
one?", "is this damage prevented?"). A rule's ``by`` narrows the kind of damage it
stops: combat, noncombat, global, action, fielded (an ability that triggered on
fielding); ``opponent_`` in front means only when the rule owner's opponent deals it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.rule_names import RuleName
from teambuilder.engine.rules import ActiveRule, amount, applies, comes_from, in_force
from teambuilder.engine.state import Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


# -- combat ----------------------------------------------------------------------------

def die_has(game: Game, die: Die, name: RuleName) -> bool:
    """cant_attack, must_attack, cant_block, must_block, unblockable... on this die now,
    from its own marks or from rules in force."""
    return name in die.flags or any(applies(game, r, die) for r in in_force(game, name))


def may_block(game: Game, blocker: Die, attacker: Die) -> bool:
    """Whether ``blocker`` may block ``attacker`` at all (before counting blockers)."""
    if die_has(game, blocker, "cant_block"):
        return False
    if "unblockable" in attacker.flags:
        return False
    for rule in in_force(game, "unblockable"):
        if applies(game, rule, attacker) and comes_from(game, rule, blocker):
            return False
    for rule in in_force(game, "blockable_only_by"):
        if applies(game, rule, attacker) and not comes_from(game, rule, blocker):
            return False
    return True


def one_per_card(game: Game, player: int) -> bool:
    """Emma Frost: Mental Mistress: ``player`` may declare only one die of each card (and
    one Sidekick) as attackers, and as blockers."""
    return any(r.controller != player for r in in_force(game, "one_per_card"))


def min_blockers(game: Game, attacker: Die) -> int:
    needed = [amount(game, r) for r in in_force(game, "min_blockers") if applies(game, r, attacker)]
    return max(needed, default=1)


def blocks_allowed(game: Game, blocker: Die, attackers: list[Die] | None = None) -> int:
    """How many attackers one die may block: 1, more with block_extra (99 = any number).
    A block_extra rule with ``match`` counts only when every attacker matches it."""
    extra = 0
    for rule in in_force(game, "block_extra"):
        if not applies(game, rule, blocker):
            continue
        if attackers is not None and rule.effect.match is not None and \
                not all(comes_from(game, rule, attacker) for attacker in attackers):
            continue
        extra += amount(game, rule)
    return 1 + extra


# -- damage ---------------------------------------------------------------------------

def prevents_all(game: Game, die: Die | None, player: int | None, source: Die | None,
                 combat: bool, kind: str, by_player: int | None = None) -> bool:
    """Whether a rule stops this damage completely: prevent_damage (to dice),
    prevent_player_damage (to players: ``to: {player: you|opponent|each}``),
    no_combat_damage (from dice). ``by`` narrows the kind of damage: combat, noncombat,
    global, action, fielded (an ability that triggered on fielding), range; ``opponent_`` in
    front means only when the rule owner's opponent deals it."""
    name: RuleName = "prevent_damage" if die is not None else "prevent_player_damage"
    for rule in in_force(game, name):
        if not _kind_ok(rule, combat, kind, source, by_player):
            continue
        if not comes_from(game, rule, source):
            continue
        if die is not None and applies(game, rule, die):
            return True
        if player is not None and _player_ok(rule, player):
            return True
    if combat and source is not None:
        return any(applies(game, r, source) for r in in_force(game, "no_combat_damage"))
    return False


def _kind_ok(rule: ActiveRule, combat: bool, kind: str, source: Die | None, by_player: int | None) -> bool:
    by = rule.effect.by
    if by.startswith("opponent_") or by == "opponent":
        dealer = by_player if by_player is not None else (source.owner if source is not None else None)
        if dealer is None or dealer == rule.controller:
            return False
        by = by.removeprefix("opponent").removeprefix("_")
    if by == "combat":
        return combat
    if by == "noncombat":
        return not combat
    if by in ("global", "action", "fielded", "range"):
        return kind == by
    return True


def _player_ok(rule: ActiveRule, player: int) -> bool:
    return rule.effect.to.player in (None, "each") or (rule.effect.to.player == "you") == (player == rule.controller)


def damage_multiplier(game: Game, source: Die | None) -> int:
    if source is None:
        return 1
    doubled = any(applies(game, r, source) for r in in_force(game, "double_damage"))
    return 2 if doubled else 1


def blocker_damage_cap(game: Game, attacker: Die) -> int | None:
    """The most combat damage one blocker deals ``attacker`` (``max_damage_per_blocker``; None: no cap)."""
    caps = [amount(game, r) for r in in_force(game, "max_damage_per_blocker") if applies(game, r, attacker)]
    return min(caps) if caps else None


def reduction(game: Game, die: Die | None, slot: int | None, kind: str, by_player: int | None) -> int:
    """How much ``reduce_damage`` rules (``amount``) take off damage an ability of the card in
    ``slot`` deals to ``die`` or a player: whoever it is dealt to (``for:`` narrows it to
    those dice). ``by``: ``ability`` is any character card's ability, ``opponent_ability``
    one of the rule owner's opponent's; the other kinds as for prevention."""
    if slot is None:
        return 0                # combat damage, or damage no card's ability deals
    total = 0
    for rule in in_force(game, "reduce_damage"):
        if rule.effect.applies_to is not None and (die is None or not applies(game, rule, die)):
            continue
        by = rule.effect.by.removeprefix("opponent_") if rule.effect.by != "opponent" else ""
        if rule.effect.by.startswith("opponent") and (by_player is None or by_player == rule.controller):
            continue
        if by == "ability" and game.slots[slot].card.card.kind != "character":
            continue
        if by not in ("", "ability") and not _kind_ok(rule, False, kind, None, by_player):
            continue
        total += amount(game, rule)
    return total

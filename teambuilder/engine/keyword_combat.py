"""Combat keywords, raised at their moment of the turn: Range and Breath Weapon as attackers
are declared, Frag as combat KOs happen, Strike as the Main Step ends.

Range (WHDM1): whenever one or more Range dice attack, every active Range die of both
players deals its Range value to a target opposing character die; the attacking player's
dice choose and deal first, then the defender's, which fire even if that damage KO'd them
(so each player's Range dice are noted as the attack is declared). Breath Weapon X (DDDM1):
each attacking character with it (once per card, however many of its dice attack) may pay
X to deal X to the opponent and each of their character dice. Frag (WHDM1): an attacker
whose combat damage KOs a blocker deals 1 damage to each opposing character die that did
not block this turn. Strike (DCDM6): a die fielded this turn that is the only character
die its player fielded gets +2A, +2D and Overcrush at the end of the Main Step. The
choices and the damage are in the keywords' scripts (``scripts/keyword_combat.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import events, rules
from teambuilder.engine.keyword_abilities import keyword_number
from teambuilder.engine.state import Die, StatModifier, Zone, keyword_mark

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def range_value(game: Game, die: Die) -> int:
    """A die's Range X: the highest of its card's text's number and the numbers rules and
    effects give it (``rule: keyword, keyword: range, amount: 2``); 0 when none names one."""
    card = game.card_of(die)
    printed = (keyword_number("range", card.card.text) or 0) if card is not None else 0
    given = [rules.amount(game, r) for r in rules.in_force(game, "keyword")
             if r.effect.keyword == "range" and rules.applies(game, r, die)] if game.has_rules else []
    return max([printed] + given)


def attackers_declared(game: Game, chosen: list[Die]) -> None:
    """Raise Range (for each player with active Range dice) and Breath Weapon (once per
    attacking card) when ``chosen`` have been declared as attackers."""
    if any(game.has_keyword(d, "range") for d in chosen):
        for player in (game.active, game.inactive):
            shooters = tuple(d.id for d in game.field_characters(player)
                             if game.has_keyword(d, "range") and range_value(game, d))
            if shooters:
                events.raise_keyword(game, "range", game.dice[shooters[0]], bound=shooters)
    breathed: set[int] = set()
    for die in chosen:
        if die.slot is not None and die.slot not in breathed and game.has_keyword(die, "breath_weapon"):
            breathed.add(die.slot)
            events.raise_keyword(game, "breath_weapon", die)


def fraggers(game: Game, doomed: list[Die]) -> dict[int, list[int]]:
    """For each blocker about to be KO'd, the Frag attackers it blocked whose damage hit it."""
    found: dict[int, list[int]] = {}
    for blocker in doomed:
        if blocker.blocking is None:
            continue
        hit_by = game.this_turn.hits.get(blocker.id, set())
        attackers = [a for a in [blocker.blocking] + blocker.also_blocking
                     if a in hit_by and game.has_keyword(game.dice[a], "frag")]
        if attackers:
            found[blocker.id] = attackers
    return found


def frag(game: Game, blockers_kod: list[Die], fragging: dict[int, list[int]]) -> None:
    """Frag: each attacker with Frag whose combat damage KO'd one of its blockers
    (``fragging``: what ``fraggers`` found before the KOs), once per attacker."""
    raised: set[int] = set()
    for blocker in blockers_kod:
        for attacker_id in fragging.get(blocker.id, ()):
            if attacker_id not in raised:
                raised.add(attacker_id)
                events.raise_keyword(game, "frag", game.dice[attacker_id])


def strike(game: Game, player: int) -> None:
    """Strike, at the end of ``player``'s Main Step: the only character die they fielded
    this turn, if it has Strike, gets +2A, +2D and Overcrush until end of turn."""
    fielded = [game.dice[i] for i in sorted(game.this_turn.fielded) if game.dice[i].owner == player]
    if len(fielded) != 1:
        return
    die = fielded[0]
    if die.zone is Zone.FIELD and game.is_character(die) and game.has_keyword(die, "strike"):
        die.modifiers.append(StatModifier(2, 2, "effect"))
        die.flags.add(keyword_mark("overcrush"))
        game.say(f"{game.die_name(die)} strikes: +2A +2D and Overcrush this turn (Strike).", player)

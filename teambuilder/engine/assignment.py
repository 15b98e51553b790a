"""Dividing a die's combat damage: a blocked attacker's among its blockers (and, with
Overcrush, the defending player), and a die blocking several attackers' among them.

The player whose die deals the damage divides it (XMF rulebook, Attack Step "Assign
Damage": the attacker chooses, and may even put all of it on one blocker; compendium: a
die blocking several attackers splits its damage "as an attacker would"). An assignment
is legal when each die gets 0 or more and the shares add up to the damage; with
Overcrush, damage goes on to the player only once every blocker has been given enough to
KO it (XMF glossary, "Overcrush": the leftover damage). The engine asks only when more
than one assignment is legal. It offers all of them, or, when there are too many to
list, the ones that differ in which dice they KO and how much goes through (plus whole
and even spreads); any legal assignment is accepted as the answer.

``zip`` here takes no ``strict=``: the lengths agree by construction, and mypyc compiles a
plain ``zip`` into a loop but a keyword into a generic call (12% more work a game, measured).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from teambuilder.engine.actions import Action, Decision, SplitDamage
from teambuilder.engine.effects import StaticBonuses, stats
from teambuilder.engine.state import DamageEvent, Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

MAX_SPLITS = 200     # more legal assignments than this: offer those that differ in outcome

Plan = tuple[int, ...]   # one share per target, then the damage that goes through


@dataclass(frozen=True)
class Frame:
    """What one die's damage is divided among, and what KOs each of those dice now."""

    dealer: int
    targets: tuple[int, ...]
    total: int
    needs: tuple[int, ...]      # damage that KOs each target (its defense left)
    overcrush: bool

    def legal(self, plan: Plan) -> bool:
        shares, through = plan[:-1], plan[-1]
        if len(shares) != len(self.targets) or min(plan) < 0 or sum(plan) != self.total:
            return False
        return through == 0 or self.overcrush and all(s >= n for s, n in zip(shares, self.needs))  # noqa: B905 (see module docstring)

    @property
    def ambiguous(self) -> bool:
        """Whether more than one assignment is legal (otherwise nobody is asked)."""
        if not self.targets or self.total <= 0:
            return False
        return len(self.targets) > 1 or self.overcrush and self.total > self.needs[0]


def frame(game: Game, dealer: Die, targets: list[Die], overcrush: bool,
          bonuses: StaticBonuses | None = None) -> Frame:
    return Frame(dealer.id, tuple(t.id for t in targets), stats(game, dealer, bonuses)[0],
                 tuple(max(0, stats(game, t, bonuses)[1] - t.damage) for t in targets), overcrush)


def options(f: Frame) -> tuple[SplitDamage, ...]:
    """The assignments offered, in a stable order (most damage on the first die first)."""
    slots = len(f.targets) + 1
    if comb(f.total + slots - 1, slots - 1) <= MAX_SPLITS:
        plans = set(_compositions(f.total, slots))
    else:
        plans = _outcomes(f) | _spreads(f.total, len(f.targets))
    return tuple(SplitDamage(f.dealer, tuple(zip(f.targets, plan[:-1])), plan[-1])  # noqa: B905 (see module docstring)
                 for plan in sorted((p for p in plans if f.legal(p)), reverse=True))


def _compositions(total: int, count: int) -> list[Plan]:
    if count == 1:
        return [(total,)]
    return [(first,) + rest for first in range(total, -1, -1) for rest in _compositions(total - first, count - 1)]


def _spreads(total: int, count: int) -> set[Plan]:
    """All of it on one die, or spread as evenly as it goes; nothing through."""
    found = {tuple(total if i == j else 0 for i in range(count)) + (0,) for j in range(count)}
    base, extra = divmod(total, count)
    for more in combinations(range(count), extra):
        found.add(tuple(base + (i in more) for i in range(count)) + (0,))
    return found


def _outcomes(f: Frame) -> set[Plan]:
    """One assignment for each set of dice it can KO: each gets exactly what KOs it and
    the rest goes on one die left standing, or, once all are KO'd, on the first of them
    or (Overcrush) through, in any proportion."""
    count = len(f.targets)
    found: set[Plan] = set()
    for size in range(count + 1):
        for kod in combinations(range(count), size):
            base = [f.needs[i] if i in kod else 0 for i in range(count)]
            rest = f.total - sum(base)
            if rest < 0:
                continue
            if size < count:
                found.update(_plus(base, j, rest) + (0,) for j in range(count) if j not in kod)
                continue
            for through in range(rest + 1) if f.overcrush else (0,):
                found.add(_plus(base, 0, rest - through) + (through,))
    return found


def _plus(shares: list[int], index: int, amount: int) -> Plan:
    return tuple(s + amount if i == index else s for i, s in enumerate(shares))


def _plan(f: Frame, split: SplitDamage) -> Plan | None:
    """A split's shares in the frame's order, then what goes through (None: other dice)."""
    given = dict(split.split)
    if len(given) != len(split.split) or set(given) != set(f.targets) or split.attacker != f.dealer:
        return None
    return tuple(given[t] for t in f.targets) + (split.through,)


def problem(game: Game, decision: Decision, action: Action) -> str | None:
    """Why ``action`` is not a legal division of the damage the decision is about."""
    offered = decision.options[0]
    assert isinstance(offered, SplitDamage)
    if not isinstance(action, SplitDamage):
        return "expected a division of the damage among the dice"
    dealer = game.dice[offered.attacker]
    f = frame(game, dealer, [game.dice[t] for t, _ in offered.split],
              dealer.attacking and game.has_keyword(dealer, "overcrush"))
    plan = _plan(f, action)
    if plan is None:
        return f"divide the damage of die {f.dealer} among dice {sorted(f.targets)}, each once"
    if not f.legal(plan):
        extra = "; nothing goes through until every blocker has enough to be KO'd" if f.overcrush else \
            "; none goes to the player"
        return f"the shares must be 0 or more and add up to {f.total}{extra}"
    return None


def attacker_damage(game: Game, attacker: Die, blockers: list[Die], attack: int,
                    bonuses: StaticBonuses) -> list[DamageEvent]:
    """A blocked attacker's combat damage, as its player divided it. Without a choice (or
    when an Overcrush choice no longer fits, the Fast step having changed the blockers)
    it goes as the rules leave it: on the first blocker, or with Overcrush to each
    blocker in turn what KOs it and the rest through."""
    chosen = game.damage_splits.get(attacker.id)
    if not game.has_keyword(attacker, "overcrush"):
        if not blockers:
            return []           # its blockers all left: it stays blocked and deals nothing
        split = chosen.split if chosen is not None else ((blockers[0].id, attack),)
        return [DamageEvent(amount, attacker.id, die=b, combat=True) for b, amount in split if amount]
    f = frame(game, attacker, blockers, True, bonuses)
    plan = _plan(f, chosen) if chosen is not None else None
    if plan is None or not f.legal(plan):
        plan = _leftover(f)
    events = [DamageEvent(share, attacker.id, die=b, combat=True)
              for b, share in zip(f.targets, plan[:-1]) if share]  # noqa: B905 (see module docstring)
    if plan[-1]:
        game.say(f"{game.die_name(attacker)} overcrushes: {plan[-1]} damage goes through.", attacker.owner)
        events.append(DamageEvent(plan[-1], attacker.id, player=game.inactive, combat=True))
    return events


def _leftover(f: Frame) -> Plan:
    """Each blocker in turn gets what KOs it; what is left after all of them goes through."""
    left, shares = f.total, []
    for need in f.needs:
        shares.append(min(left, need))
        left -= shares[-1]
    through = left if all(s >= n for s, n in zip(shares, f.needs)) else 0  # noqa: B905 (see module docstring)
    return tuple(shares) + (through,)

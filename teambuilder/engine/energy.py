"""Energy payments: the search for the ways a cost can be paid from a reserve pool.

``payment_options`` lists the distinct ways to pay, least wasteful first. It searches over
how many dice of each distinct face are spent (dice showing the same face are
interchangeable), so it stays fast for a full reserve pool. ``can_pay`` asks whether any
way exists; ``Hand`` and ``pool_payments`` remember the answers for a pool.

What a payment is and what the rules allow (``EnergySource``, ``Spend``, ``Payment``,
``check_payment``, ``apply_payment``...) are in ``payment_rules``; this module re-exports
them (``__all__``), so the rest of the engine imports everything about energy from here.

``zip`` here takes no ``strict=``: the lengths agree by construction, and mypyc compiles a
plain ``zip`` into a loop but a keyword into a generic call (12% more work a game, measured).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from teambuilder.catalogue.abilities import Cost
from teambuilder.engine.payment_rules import (
    SYMBOLS,
    WILD,
    EnergySource,
    Payment,
    PaymentError,
    PaymentResult,
    Spend,
    apply_payment,
    check_payment,
)

__all__ = [
    # payment_rules
    "SYMBOLS", "WILD", "EnergySource", "Payment", "PaymentError", "PaymentResult", "Spend", "apply_payment",
    "check_payment",
    # the catalogue's cost, as energy has always offered it
    "Cost",
    # defined here
    "Face", "Hand", "Pool", "can_pay", "payment_options", "pool_payments",
]

# Waste scores, per unit spent, used to rank options. Virtual energy expires at the end of
# the turn, so it is spent first; typed energy can pay more later than generic energy, a
# required type more than another type, and wild most of all. Dice bonuses make single
# faces preferred to doubles, and a clean spend to a half spend.
_VIRTUAL, _GENERIC, _OTHER_TYPE, _REQUIRED_TYPE, _WILD = 0, 10, 20, 30, 60
_DOUBLE_DIE, _SPIN_DOWN, _HALF_GENERIC = 20, 5, 1


class _Use:
    """One way to spend one die of a group: its units, their waste score, what is spent.
    (Plain classes, like _Group: the search makes thousands a game; see EnergySource.)"""

    def __init__(self, units: int, score: int, symbols: tuple[str, ...], generic: int, whole: bool) -> None:
        self.units = units
        self.score = score
        self.symbols = symbols    # the spent symbols (the die's own tuple when spent whole)
        self.generic = generic
        self.whole = whole


class _Group:
    """Interchangeable dice (same face, same spin-down faces) and the ways to spend one."""

    def __init__(self, dice: tuple[EnergySource, ...], uses: tuple[_Use, ...], types: frozenset[str],
                 wilds: int) -> None:
        self.dice = dice
        self.uses = uses
        self.types = types        # required types the group can cover
        self.wilds = wilds        # wild units the whole group can give


def _groups(sources: Sequence[EnergySource], required: frozenset[str]) -> list[_Group]:
    def unit(sym: str) -> int:
        return _WILD if sym == WILD else _REQUIRED_TYPE if sym in required else _OTHER_TYPE

    alike: dict[tuple[object, ...], list[EnergySource]] = {}
    for die in sorted(sources, key=lambda s: s.die_id):
        # spin_to only matters for doubles; singles with the same face are interchangeable.
        spin = die.spin_to if len(die.symbols) == 2 else frozenset()
        alike.setdefault((tuple(sorted(die.symbols)), die.generic, spin), []).append(die)
    groups = []
    for dice in alike.values():
        die = dice[0]
        if die.generic:
            uses = [_Use(die.generic, _GENERIC * die.generic, (), die.generic, True)]
            if die.generic == 2:
                uses.append(_Use(1, _GENERIC + _HALF_GENERIC, (), 1, False))
        elif len(die.symbols) == 1:
            uses = [_Use(1, unit(die.symbols[0]), die.symbols, 0, True)]
        else:
            whole = sum(map(unit, die.symbols)) + _DOUBLE_DIE
            uses = [_Use(2, whole, die.symbols, 0, True)]
            first, second = die.symbols
            for spent, kept in sorted({(first, second), (second, first)}):
                if kept in die.spin_to:
                    uses.append(_Use(1, unit(spent) + _DOUBLE_DIE + _SPIN_DOWN, (spent,), 0, False))
        groups.append(_Group(tuple(dice), tuple(uses), frozenset(die.symbols) & required,
                             die.symbols.count(WILD) * len(dice)))
    # Cheapest first, so the first payments found are good and bound the rest of the search.
    groups.sort(key=lambda g: (min(u.score // u.units for u in g.uses), g.dice[0].die_id))
    return groups


def _counts(kinds: int, dice: int) -> Iterator[tuple[int, ...]]:
    """Every way to spend up to ``dice`` dice in ``kinds`` ways, most dice first."""
    if kinds == 0:
        yield ()
        return
    for first in range(dice, -1, -1):
        for rest in _counts(kinds - 1, dice - first):
            yield (first, *rest)


def _search(sources: Sequence[EnergySource], virtual: int, cost: Cost, limit: int,
            first_only: bool = False) -> list[Payment]:
    """The ``limit`` least wasteful payments (a branch and bound over counts per group)."""
    required = frozenset(cost.types)
    groups = _groups(sources, required)
    n = len(groups)
    # Suffix bounds: what groups i.. can still add, for pruning hopeless branches early.
    capacity, wilds, cheapest = [0] * (n + 1), [0] * (n + 1), [_WILD] * (n + 1)
    types = [frozenset[str]()] * (n + 1)
    for i in range(n - 1, -1, -1):
        g = groups[i]
        capacity[i] = capacity[i + 1] + len(g.dice) * max(u.units for u in g.uses)
        types[i], wilds[i] = types[i + 1] | g.types, wilds[i + 1] + g.wilds
        cheapest[i] = min([cheapest[i + 1]] + [u.score // u.units for u in g.uses])
    # (score, chosen): chosen[0] is (virtual spent,), then dice spent per use, per group.
    found: list[tuple[int, tuple[tuple[int, ...], ...]]] = []  # sorted, at most limit

    def walk(i: int, left: int, covered: frozenset[str], wild: int, score: int,
             chosen: tuple[tuple[int, ...], ...]) -> None:
        missing = required - covered
        if left > capacity[i] or len(missing) - wild > left \
                or len(missing - types[i]) > wild + wilds[i]:
            return
        if len(found) >= limit and score + left * cheapest[i] > found[-1][0]:
            return  # cannot beat the options already kept
        if i == n:
            found.append((score, chosen))
            found.sort(key=lambda f: f[0])  # stable: ties keep the search order
            del found[limit:]
            return
        g = groups[i]
        for counts in _counts(len(g.uses), len(g.dice)):
            units = sum(c * u.units for c, u in zip(counts, g.uses))  # noqa: B905 (see module docstring)
            if units > left:
                continue
            used = [(c, u) for c, u in zip(counts, g.uses) if c]  # noqa: B905 (see module docstring)
            walk(i + 1, left - units,
                 covered | required.intersection(sym for _, u in used for sym in u.symbols),
                 wild + sum(c * u.symbols.count(WILD) for c, u in used),
                 score + sum(c * u.score for c, u in used), chosen + (counts,))
            if first_only and found:
                return

    for v in range(min(virtual, cost.amount), -1, -1):
        walk(0, cost.amount - v, frozenset(), 0, v * _VIRTUAL, ((v,),))
        if first_only and found:
            break
    payments = []
    for _, chosen in found:
        spends = []
        for g, counts in zip(groups, chosen[1:]):  # noqa: B905 (see module docstring)
            dice = iter(g.dice)  # the lowest die ids of the group, in use order
            for count, use in zip(counts, g.uses):  # noqa: B905 (see module docstring)
                for die in (next(dice) for _ in range(count)):
                    symbols = die.symbols if use.whole else use.symbols
                    spends.append(Spend(die.die_id, symbols, use.generic))
        payments.append(Payment(tuple(spends), chosen[0][0]))
    return payments


def payment_options(sources: Sequence[EnergySource], virtual: int, cost: Cost,
                    limit: int = 8) -> list[Payment]:
    """Up to ``limit`` distinct ways to pay ``cost``, the least wasteful first.

    Dice showing the same face are interchangeable, so each option uses the lowest die ids.
    """
    return pool_payments(Pool.of(sources), virtual, cost, limit)


Face = tuple[tuple[str, ...], int, frozenset[str]]   # symbols, generic units, spin_to
# Every pool of faces met so far gets a small number: the cache below is keyed by it, so a
# lookup hashes a few ints instead of the nested faces (and never a Cost dataclass).
_POOL_NUMBERS: dict[tuple[Face, ...], int] = {}
_POOLS: list[tuple[Face, ...]] = []
_MAX_POOLS = 200_000   # then start again: the numbers are only ever cache keys


@dataclass(frozen=True)
class Pool:
    """The energy in a reserve pool as the payment search sees it: its faces ordered by
    face (then die id), numbered (pools with the same faces, in any game, whatever their
    die ids, share one cached answer), and the real die ids to put back into the
    payments found."""

    number: int
    die_ids: tuple[int, ...]

    @staticmethod
    def of(sources: Sequence[EnergySource]) -> Pool:
        ordered = sorted(sources, key=_by_face)
        faces = tuple((s.symbols, s.generic, s.spin_to) for s in ordered)
        number = _POOL_NUMBERS.get(faces)
        if number is None:
            if len(_POOLS) >= _MAX_POOLS:
                _POOL_NUMBERS.clear()
                _POOLS.clear()
                _cached_options.cache_clear()
            number = _POOL_NUMBERS[faces] = len(_POOLS)
            _POOLS.append(faces)
        return Pool(number, tuple(s.die_id for s in ordered))


def _by_face(source: EnergySource) -> tuple[tuple[str, ...], int, int, int]:
    return source.symbols, source.generic, len(source.spin_to), source.die_id


def pool_payments(pool: Pool, virtual: int, cost: Cost, limit: int = 8) -> list[Payment]:
    """``payment_options`` for a pool already numbered (one pool, many costs)."""
    if limit <= 0:
        return []
    ids = pool.die_ids
    found = []
    for payment in _cached_options(pool.number, virtual, cost.amount, cost.types, limit):
        # (Payment puts the spends in die order.)
        spends = tuple(_spend(ids[spend.die_id], spend.symbols, spend.generic) for spend in payment.spends)
        found.append(Payment(spends, payment.virtual))
    return found


_SPENDS: dict[tuple[int, tuple[str, ...], int], Spend] = {}


def _spend(die_id: int, symbols: tuple[str, ...], generic: int) -> Spend:
    """One shared Spend per value (a frozen value: building one is dear, and the same few
    recur in every listing)."""
    key = (die_id, symbols, generic)
    spend = _SPENDS.get(key)
    if spend is None:
        spend = _SPENDS[key] = Spend(die_id, symbols, generic)
    return spend


class Hand:
    """The energy dice a player holds in one reserve pool, with the payments found for
    it so far. A game keeps one per distinct pool (see ``Game.hand``): within a turn the
    same pool is listed for again and again (each pass of priority), and every listing
    asks about the same few costs."""

    __slots__ = ("_payments", "pool", "sources", "units")

    def __init__(self, sources: list[EnergySource]) -> None:
        self.sources = sources
        self.pool = Pool.of(sources)
        self.units = sum(source.generic + len(source.symbols) for source in sources)
        self._payments: dict[tuple[int, int, tuple[str, ...], int], list[Payment]] = {}

    def payments(self, virtual: int, cost: Cost, limit: int) -> list[Payment]:
        """``pool_payments`` for this pool, remembered (the list is shared: do not change it)."""
        key = (virtual, cost.amount, cost.types, limit)
        found = self._payments.get(key)
        if found is None:
            found = self._payments[key] = pool_payments(self.pool, virtual, cost, limit)
        return found


@lru_cache(maxsize=16384)
def _cached_options(pool: int, virtual: int, amount: int, types: tuple[str, ...], limit: int) -> tuple[Payment, ...]:
    """The same pool is asked about the same costs again and again (every priority pass
    of a turn, and across games): payments are pure values, so the answers are remembered.
    The search sees the dice numbered 0..n-1 in the pool's order."""
    sources = tuple(EnergySource(i, symbols, generic, spin) for i, (symbols, generic, spin) in enumerate(_POOLS[pool]))
    cost = Cost(amount, types)
    if len(set(cost.types)) == len(cost.types):
        return tuple(_search(sources, virtual, cost, limit))
    return tuple(_repeated(sources, virtual, cost)[:limit])


def _repeated(sources: Sequence[EnergySource], virtual: int, cost: Cost) -> list[Payment]:
    """Costs naming a type twice (shield+shield): the search covers each type once, so
    search widely and keep the payments that also satisfy the counts."""
    units = Counter(sym for source in sources for sym in source.symbols)
    short = sum(max(0, n - units[t]) for t, n in Counter(cost.types).items())
    if short > units[WILD]:
        return []             # not enough of a repeated type even counting wild energy
    valid = []
    for payment in _search(sources, virtual, cost, 200):
        try:
            check_payment(payment, sources, virtual, cost)
        except PaymentError:
            continue
        valid.append(payment)
    return valid


def can_pay(sources: Sequence[EnergySource], virtual: int, cost: Cost) -> bool:
    """Whether any payment of ``cost`` exists (stops at the first one found)."""
    if len(set(cost.types)) != len(cost.types):
        return bool(_repeated(sources, virtual, cost))
    return bool(_search(sources, virtual, cost, 1, first_only=True))

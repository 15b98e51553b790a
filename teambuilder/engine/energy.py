"""Energy payments: which reserve dice (and virtual energy) pay a cost, and what paying leaves.

A cost is an amount plus required energy types. A payment spends exactly the amount from
Reserve Pool dice showing energy faces and from the player's virtual generic energy; every
required type must be covered by its own spent unit (a wild unit stands in for one type).
A double face may be half spent when the die can spin down to a face showing the other
symbol; a generic 2 face may be half spent, the other unit becoming virtual energy.

``payment_options`` lists the distinct ways to pay, least wasteful first. It searches over
how many dice of each distinct face are spent (dice showing the same face are
interchangeable), so it stays fast for a full reserve pool.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from teambuilder.catalogue.abilities import Cost
from teambuilder.catalogue.model import ENERGY_TYPES

WILD = "wild"
SYMBOLS = frozenset(ENERGY_TYPES + (WILD,))

# Waste scores, per unit spent, used to rank options. Virtual energy expires at the end of
# the turn, so it is spent first; typed energy can pay more later than generic energy, a
# required type more than another type, and wild most of all. Dice bonuses make single
# faces preferred to doubles, and a clean spend to a half spend.
_VIRTUAL, _GENERIC, _OTHER_TYPE, _REQUIRED_TYPE, _WILD = 0, 10, 20, 30, 60
_DOUBLE_DIE, _SPIN_DOWN, _HALF_GENERIC = 20, 5, 1


class PaymentError(ValueError):
    """A payment that the rules do not allow; the message is meant for the player."""


@dataclass(frozen=True)
class EnergySource:
    """One reserve die showing an energy face."""

    die_id: int
    symbols: tuple[str, ...] = ()  # ("bolt",), ("bolt", "bolt"), ("mask", "shield"), ("wild",)
    generic: int = 0  # 1 or 2 for generic faces, else 0
    spin_to: frozenset[str] = frozenset()  # single faces the die has: allows half spending

    # Written out, not left to @dataclass: compiled, the __init__ a dataclass writes runs as
    # Python, ten times slower (docs/native.md), and thousands are made each game.
    def __init__(self, die_id: int, symbols: tuple[str, ...] = (), generic: int = 0,
                 spin_to: frozenset[str] = frozenset()) -> None:
        object.__setattr__(self, "die_id", die_id)
        object.__setattr__(self, "symbols", symbols)
        object.__setattr__(self, "generic", generic)
        object.__setattr__(self, "spin_to", spin_to)
        if symbols:
            if len(symbols) > 2 or generic or not set(symbols) <= SYMBOLS:
                raise ValueError(f"die {die_id}: not an energy face: {self.describe()}")
        elif generic not in (1, 2):
            raise ValueError(f"die {die_id}: an energy face needs symbols or 1-2 generic")

    def describe(self) -> str:
        return "+".join(self.symbols) if self.symbols else f"{self.generic} generic"


@dataclass(frozen=True)
class Spend:
    """What one die spends: some of its symbols, or generic units of its generic face."""

    die_id: int
    symbols: tuple[str, ...] = ()  # both symbols, or one of a double
    generic: int = 0

    def __init__(self, die_id: int, symbols: tuple[str, ...] = (), generic: int = 0) -> None:
        object.__setattr__(self, "die_id", die_id)
        object.__setattr__(self, "symbols", symbols)
        object.__setattr__(self, "generic", generic)


@dataclass(frozen=True)
class Payment:
    """Dice spends (kept sorted by die id, so equal payments compare equal) plus virtual energy."""

    spends: tuple[Spend, ...] = ()
    virtual: int = 0

    def __init__(self, spends: tuple[Spend, ...] = (), virtual: int = 0) -> None:
        if len(spends) > 1:     # (most payments spend one die: nothing to sort)
            spends = tuple(sorted(spends, key=_die_id))
        object.__setattr__(self, "spends", spends)
        object.__setattr__(self, "virtual", virtual)

    @property
    def total(self) -> int:
        return self.virtual + sum(len(s.symbols) + s.generic for s in self.spends)


@dataclass(frozen=True)
class PaymentResult:
    """Where the spent dice go: used up, or spun down to a single face and left in reserve."""

    used_up: tuple[int, ...]
    spun_to: tuple[tuple[int, str], ...]
    virtual_left: int

    def __init__(self, used_up: tuple[int, ...], spun_to: tuple[tuple[int, str], ...],
                 virtual_left: int) -> None:
        object.__setattr__(self, "used_up", used_up)
        object.__setattr__(self, "spun_to", spun_to)
        object.__setattr__(self, "virtual_left", virtual_left)


def _a(words: Sequence[str]) -> str:
    named = [f"a {w}" for w in words]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def check_payment(payment: Payment, sources: Sequence[EnergySource], virtual: int,
                  cost: Cost) -> None:
    """Raise PaymentError unless ``payment`` pays ``cost`` exactly under the rules."""
    by_id = {s.die_id: s for s in sources}
    seen: set[int] = set()
    for spend in payment.spends:
        die = by_id.get(spend.die_id)
        if die is None:
            raise PaymentError(f"die {spend.die_id} is not showing energy in the reserve pool")
        if spend.die_id in seen:
            raise PaymentError(f"die {spend.die_id} is spent twice")
        seen.add(spend.die_id)
        if not spend.symbols and spend.generic <= 0:
            raise PaymentError(f"die {spend.die_id}: nothing spent")
        # What the face keeps after the spend (a face shows at most two symbols).
        remainder = list(die.symbols)
        overspent = spend.generic > die.generic
        for symbol in spend.symbols:
            if symbol in remainder:
                remainder.remove(symbol)
            else:
                overspent = True
        if overspent:
            raise PaymentError(f"die {spend.die_id} shows {die.describe()}, cannot spend "
                               f"{'+'.join(spend.symbols) or spend.generic}")
        if remainder and remainder[0] not in die.spin_to:
            raise PaymentError(f"die {spend.die_id} cannot spend only {spend.symbols[0]}: it "
                               f"has no face showing just {remainder[0]} to spin down to")
    if not 0 <= payment.virtual <= virtual:
        raise PaymentError(f"only {virtual} virtual energy to spend, not {payment.virtual}")
    if payment.total > cost.amount:
        raise PaymentError(f"costs {cost.amount} energy, not {payment.total}: "
                           "energy cannot be spent for no reason")
    if payment.total < cost.amount:
        raise PaymentError(f"costs {cost.amount} energy, only {payment.total} spent")
    # A typed unit covers only its own type, so giving each required type a unit of that
    # type is never worse than any other matching; wild units then cover one missing each.
    units: dict[str, int] = {}
    for spend in payment.spends:
        for symbol in spend.symbols:
            units[symbol] = units.get(symbol, 0) + 1
    needed: dict[str, int] = {}
    for energy_type in cost.types:
        needed[energy_type] = needed.get(energy_type, 0) + 1
    missing = [t for t in needed for _ in range(max(0, needed[t] - units.get(t, 0)))]
    wilds = units.get(WILD, 0)
    if len(missing) > wilds:
        if wilds:
            raise PaymentError(f"needs {_a(missing)}: {wilds} wild energy can stand in "
                               f"for only {wilds} of them")
        raise PaymentError(f"needs {_a(missing)}: no {', '.join(missing)} or wild energy left")


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
            units = sum(c * u.units for c, u in zip(counts, g.uses, strict=True))
            if units > left:
                continue
            used = [(c, u) for c, u in zip(counts, g.uses, strict=True) if c]
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
        for g, counts in zip(groups, chosen[1:], strict=True):
            dice = iter(g.dice)  # the lowest die ids of the group, in use order
            for count, use in zip(counts, g.uses, strict=True):
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


def _die_id(spend: Spend) -> int:
    return spend.die_id


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


def apply_payment(payment: Payment, sources: Sequence[EnergySource], virtual: int,
                  cost: Cost) -> PaymentResult:
    """Check ``payment``, then say which dice are used up or spun down, and virtual left."""
    check_payment(payment, sources, virtual, cost)
    by_id = {s.die_id: s for s in sources}
    used_up, spun_to, virtual_left = [], [], virtual - payment.virtual
    for spend in payment.spends:
        die = by_id[spend.die_id]
        if die.generic:
            used_up.append(spend.die_id)
            virtual_left += die.generic - spend.generic  # the unspent half of a generic 2
        elif len(spend.symbols) < len(die.symbols):
            kept = list(die.symbols)
            kept.remove(spend.symbols[0])
            spun_to.append((spend.die_id, kept[0]))
        else:
            used_up.append(spend.die_id)
    return PaymentResult(tuple(used_up), tuple(spun_to), virtual_left)

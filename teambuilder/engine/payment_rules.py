"""What an energy payment is, and what the rules allow: the values and the checking.

A cost is an amount plus required energy types. A payment spends exactly the amount from
Reserve Pool dice showing energy faces and from the player's virtual generic energy; every
required type must be covered by its own spent unit (a wild unit stands in for one type).
A double face may be half spent when the die can spin down to a face showing the other
symbol; a generic 2 face may be half spent, the other unit becoming virtual energy.

Here are the values (``EnergySource``, ``Spend``, ``Payment``, ``PaymentResult``),
``check_payment`` (is this payment legal?) and ``apply_payment`` (what paying leaves). The
search for ways to pay is in ``energy``, which re-exports every public name of this module:
import them from there. Like ``energy``, this sits at the bottom of the engine: it imports
only the catalogue and the standard library.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from teambuilder.catalogue.abilities import Cost
from teambuilder.catalogue.model import ENERGY_TYPES

WILD = "wild"
SYMBOLS = frozenset(ENERGY_TYPES + (WILD,))


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

    # Also written out: Hands are looked up by their tuple of sources (``game_state``), and
    # the __eq__ and __hash__ a dataclass writes run as Python. The same answers: equal when
    # of the same class with equal fields, hashed as the tuple of the fields.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, EnergySource)
        return self.die_id == other.die_id and self.symbols == other.symbols and \
            self.generic == other.generic and self.spin_to == other.spin_to

    def __hash__(self) -> int:
        return hash((self.die_id, self.symbols, self.generic, self.spin_to))

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


def _die_id(spend: Spend) -> int:
    return spend.die_id


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

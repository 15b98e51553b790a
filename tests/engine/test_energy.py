"""Energy payments: what a player can pay with, what they cannot, and the offered options."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teambuilder.engine.energy import (
    Cost,
    EnergySource,
    Payment,
    PaymentError,
    Spend,
    apply_payment,
    can_pay,
    check_payment,
    payment_options,
)

TYPES = ("mask", "fist", "bolt", "shield")


def die(die_id: int, *symbols: str, generic: int = 0, spin: Sequence[str] = ()) -> EnergySource:
    return EnergySource(die_id, tuple(symbols), generic, frozenset(spin))


def pay(*spends: Spend, virtual: int = 0) -> Payment:
    return Payment(spends, virtual)


def valid(payment: Payment, sources: Sequence[EnergySource], virtual: int, cost: Cost) -> bool:
    try:
        check_payment(payment, sources, virtual, cost)
    except PaymentError:
        return False
    return True


# --- what pays and what does not ----------------------------------------------------------

def test_typed_cost_needs_its_type() -> None:
    sources = [die(1, "bolt"), die(2, "mask"), die(3, "mask")]
    cost = Cost(2, ("bolt",))
    assert valid(pay(Spend(1, ("bolt",)), Spend(2, ("mask",))), sources, 0, cost)
    with pytest.raises(PaymentError, match="needs a bolt: no bolt or wild"):
        check_payment(pay(Spend(2, ("mask",)), Spend(3, ("mask",))), sources, 0, cost)
    assert can_pay(sources, 0, cost)
    assert not can_pay(sources[1:], 0, cost)


def test_wild_covers_a_type() -> None:
    sources = [die(1, "wild"), die(2, "mask")]
    assert valid(pay(Spend(1, ("wild",)), Spend(2, ("mask",))), sources, 0, Cost(2, ("bolt",)))


def test_one_wild_cannot_cover_both_types_of_a_crossover() -> None:
    sources = [die(1, "wild"), die(2, "fist"), die(3, "mask"), die(4, "mask", "shield")]
    cost = Cost(2, ("mask", "shield"))
    with pytest.raises(PaymentError, match="needs a mask and a shield: 1 wild"):
        check_payment(pay(Spend(1, ("wild",)), Spend(2, ("fist",))), sources, 0, cost)
    assert valid(pay(Spend(1, ("wild",)), Spend(3, ("mask",))), sources, 0, cost)
    assert valid(pay(Spend(4, ("mask", "shield"))), sources, 0, cost)
    assert not can_pay([die(1, "wild"), die(2, "fist")], 0, cost)


def test_double_can_be_half_spent_and_spins_down() -> None:
    sources = [die(1, "bolt", "bolt", spin=["bolt"]), die(2, "mask")]
    payment = pay(Spend(1, ("bolt",)), Spend(2, ("mask",)))
    result = apply_payment(payment, sources, 0, Cost(2, ("bolt",)))
    assert result.used_up == (2,)
    assert result.spun_to == ((1, "bolt"),)
    assert result.virtual_left == 0


def test_half_spend_refused_without_a_single_face_to_spin_to() -> None:
    sources = [die(1, "mask", "shield", spin=["mask"])]
    # Spending the mask would leave a shield, and the die has no single shield face.
    with pytest.raises(PaymentError, match="no face showing just shield"):
        check_payment(pay(Spend(1, ("mask",))), sources, 0, Cost(1))
    result = apply_payment(pay(Spend(1, ("shield",))), sources, 0, Cost(1))
    assert result.spun_to == ((1, "mask"),) and result.used_up == ()
    assert not can_pay([die(1, "bolt", "bolt")], 0, Cost(1))


def test_generic_two_spending_one_leaves_one_virtual() -> None:
    sources = [die(1, generic=2)]
    result = apply_payment(pay(Spend(1, generic=1)), sources, 0, Cost(1))
    assert result.used_up == (1,) and result.virtual_left == 1
    with pytest.raises(PaymentError):
        check_payment(pay(Spend(1, generic=3)), sources, 0, Cost(3))


def test_virtual_energy_counts_as_generic() -> None:
    sources = [die(1, "fist")]
    assert valid(pay(Spend(1, ("fist",)), virtual=2), sources, 2, Cost(3, ("fist",)))
    assert apply_payment(pay(virtual=2), [], 3, Cost(2)).virtual_left == 1
    with pytest.raises(PaymentError, match="virtual"):
        check_payment(pay(virtual=2), [], 1, Cost(2))
    with pytest.raises(PaymentError, match="needs a fist"):
        check_payment(pay(virtual=1), [], 1, Cost(1, ("fist",)))


def test_overpaying_and_underpaying_are_refused() -> None:
    sources = [die(1, generic=2), die(2, "bolt")]
    with pytest.raises(PaymentError, match="no reason"):
        check_payment(pay(Spend(1, generic=2), Spend(2, ("bolt",))), sources, 0, Cost(2))
    with pytest.raises(PaymentError, match="only 1 spent"):
        check_payment(pay(Spend(2, ("bolt",))), sources, 0, Cost(2))
    assert payment_options([die(1, "bolt", "bolt")], 0, Cost(1)) == []


def test_bad_spends_are_refused() -> None:
    sources = [die(1, "bolt"), die(2, "mask", "fist", spin=["mask", "fist"])]
    for bad in (pay(Spend(9, ("bolt",))),                      # not in the reserve
                pay(Spend(1, ("bolt",)), Spend(1, ("bolt",))),  # the same die twice
                pay(Spend(1, ("mask",))),                      # a symbol it does not show
                pay(Spend(1, generic=1)),                      # generic from a typed face
                pay(Spend(2, ("mask", "mask")))):
        with pytest.raises(PaymentError):
            check_payment(bad, sources, 0, Cost(bad.total))


def test_zero_cost_has_only_the_empty_payment() -> None:
    sources = [die(1, "bolt"), die(2, generic=1)]
    assert payment_options(sources, 2, Cost(0)) == [Payment()]
    assert payment_options(sources, 2, Cost(0, ("bolt",))) == []


# --- the offered options -----------------------------------------------------------------

def test_options_are_distinct_and_valid() -> None:
    sources = [die(1, "bolt"), die(2, "mask"), die(3, "wild"), die(4, "bolt", "bolt", spin=["bolt"]),
               die(5, generic=2), die(6, "mask", "shield", spin=["mask", "shield"])]
    for cost in (Cost(1), Cost(2, ("bolt",)), Cost(3, ("mask", "shield")), Cost(4, ("bolt", "mask"))):
        options = payment_options(sources, 1, cost, limit=50)
        assert options
        assert len(set(options)) == len(options)
        for option in options:
            check_payment(option, sources, 1, cost)


def test_identical_dice_give_one_option() -> None:
    sources = [die(3, "fist"), die(1, "fist"), die(2, "fist")]
    assert payment_options(sources, 0, Cost(1, ("fist",))) == [pay(Spend(1, ("fist",)))]
    assert payment_options(sources, 0, Cost(2)) == [pay(Spend(1, ("fist",)), Spend(2, ("fist",)))]


def test_first_option_keeps_wild_and_doubles_when_singles_do() -> None:
    sources = [die(1, "wild"), die(2, "bolt", "bolt", spin=["bolt"]), die(3, "bolt")]
    assert payment_options(sources, 0, Cost(1, ("bolt",)))[0] == pay(Spend(3, ("bolt",)))


def test_first_option_wastes_least() -> None:
    sources = [die(1, "bolt"), die(2, "mask"), die(3, generic=1)]
    # Virtual energy expires, so it goes first; then generic; typed energy is kept.
    assert payment_options(sources, 1, Cost(2))[0] == pay(Spend(3, generic=1), virtual=1)
    assert payment_options(sources, 0, Cost(2, ("bolt",)))[0] == pay(Spend(1, ("bolt",)),
                                                                       Spend(3, generic=1))


def test_can_pay_agrees_with_options_on_a_full_pool() -> None:
    sources = [die(i, TYPES[i % 4]) for i in range(8)] + [die(8 + i, generic=1 + i % 2) for i in range(4)]
    sources += [die(12, "wild"), die(13, "bolt", "bolt", spin=["bolt"]), die(14, "mask", "fist")]
    for amount in range(9):
        for types in itertools.chain.from_iterable(itertools.combinations(TYPES, k) for k in range(5)):
            cost = Cost(amount, types)
            options = payment_options(sources, 2, cost)
            assert can_pay(sources, 2, cost) == bool(options)
            assert all(valid(option, sources, 2, cost) for option in options)


# --- properties against a brute force ----------------------------------------------------

FACES = ([(t,) for t in TYPES] + [("wild",)]
         + [(a, b) for a, b in itertools.combinations_with_replacement(TYPES, 2)] + [()])


@st.composite
def pools(draw: st.DrawFn) -> tuple[list[EnergySource], int, Cost]:
    sources = []
    for die_id in range(draw(st.integers(0, 5))):
        face = draw(st.sampled_from(FACES))
        generic = draw(st.integers(1, 2)) if not face else 0
        spin = draw(st.frozensets(st.sampled_from(TYPES))) if len(face) == 2 else frozenset()
        sources.append(EnergySource(die_id, face, generic, spin))
    types = tuple(draw(st.lists(st.sampled_from(TYPES), unique=True, max_size=3)))
    return sources, draw(st.integers(0, 2)), Cost(draw(st.integers(0, 5)), types)


def every_payment(sources: Sequence[EnergySource], virtual: int) -> list[Payment]:
    """Every way each die could spend (half spends included, allowed or not) and virtual."""
    choices: list[list[Spend | None]] = []
    for source in sources:
        spends: list[Spend | None] = [None]
        if source.generic:
            spends += [Spend(source.die_id, generic=g) for g in range(1, source.generic + 1)]
        else:
            spends.append(Spend(source.die_id, source.symbols))
            if len(source.symbols) == 2:
                spends += [Spend(source.die_id, (sym,)) for sym in set(source.symbols)]
        choices.append(spends)
    return [Payment(tuple(s for s in combo if s is not None), v)
            for combo in itertools.product(*choices) for v in range(virtual + 1)]


def interchangeable(payment: Payment, sources: Sequence[EnergySource]) -> object:
    """A payment up to swapping dice that show the same face (and spin to the same faces)."""
    by_id = {s.die_id: s for s in sources}
    key = []
    for spend in payment.spends:
        s = by_id[spend.die_id]
        spin = s.spin_to if len(s.symbols) == 2 else frozenset()
        key.append((tuple(sorted(s.symbols)), s.generic, tuple(sorted(spin)),
                    tuple(sorted(spend.symbols)), spend.generic))
    return payment.virtual, tuple(sorted(key))


@settings(max_examples=300, deadline=None)
@given(pools())
def test_options_match_brute_force(pool: tuple[list[EnergySource], int, Cost]) -> None:
    sources, virtual, cost = pool
    brute = [p for p in every_payment(sources, virtual) if valid(p, sources, virtual, cost)]
    options = payment_options(sources, virtual, cost, limit=10_000)
    for option in options:
        check_payment(option, sources, virtual, cost)
    assert can_pay(sources, virtual, cost) == bool(brute)
    # Every distinct way to pay is offered, exactly once.
    assert len({interchangeable(p, sources) for p in options}) == len(options)
    assert {interchangeable(p, sources) for p in options} == {interchangeable(p, sources) for p in brute}
    assert payment_options(sources, virtual, cost, limit=3) == options[:3]

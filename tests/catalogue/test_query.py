"""The query language: parsing, error messages, and SQL results equal to a Python oracle."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from teambuilder.catalogue.query import And, FieldTerm, Not, Or, QueryError, Word, parse
from tests.catalogue.query_oracle import matches


def expected_codes(loaded, query: str) -> list[str]:  # type: ignore[no-untyped-def]
    tree = parse(query)
    vocab = loaded.vocabulary
    return [c.code for c in loaded.cards if matches(tree, c, vocab.affiliations, vocab.keywords)]


def found_codes(catalogue, query: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.code for c in catalogue.search(query)]


@pytest.mark.parametrize("query", [
    "set:sww", "cost<=3 energy:fist", "kw:overcrush", "aff:villain -set:wwe", "a>=5",
    "cheetah", '"Sidekick die"', "(set:sww or set:wf) kind:bac", "-kind:character cost>=4",
    "d<3 fcost:0", "rarity:sr", "aff:x-men or aff:\"Hellfire Club\"", "level>=3 max<4",
    "name:superman -subtitle", "text:prep kw:iron_will or kw:fast", "code:5SWW", "",
    "name=Storm", "kind:superstar set:wwe energy:shield",
])
def test_search_returns_exactly_the_matching_cards(catalogue, loaded, query: str) -> None:  # type: ignore[no-untyped-def]
    assert sorted(found_codes(catalogue, query)) == sorted(expected_codes(loaded, query))


def test_acceptance_queries_are_not_trivial(catalogue) -> None:  # type: ignore[no-untyped-def]
    counts = {q: len(catalogue.search(q)) for q in
              ("set:sww", "cost<=3 energy:fist", "kw:overcrush", "aff:villain -set:wwe", "a>=5")}
    assert counts["set:sww"] == 34
    assert all(0 < n < catalogue.count() for n in counts.values()), counts
    overcrush = {c.code for c in catalogue.search("kw:overcrush")}
    assert {"24wf", "13xmf"} <= overcrush


def test_results_come_in_catalogue_order(catalogue) -> None:  # type: ignore[no-untyped-def]
    numbers = [c.number for c in catalogue.search("set:sww")]
    assert numbers == list(range(1, 35))


def test_or_binds_looser_than_and() -> None:
    tree = parse("a b or c")
    assert isinstance(tree, Or)
    assert isinstance(tree.operands[0], And)
    assert parse("-(a or b)") == Not(Or((Word("a", 2), Word("b", 7))))
    assert parse('cost<=3') == FieldTerm("cost", "<=", "3", 0, "cost<=3")


@pytest.mark.parametrize("query, message, position", [
    ("cost<=x", "cost: expected a number, got 'x'", 0),
    ("cheetah a>=big", "a: expected a number, got 'big'", 8),
    ("colour:red", "colour: unknown field", 0),
    ("set<3", "set: '<' only works with numbers; use 'set:'", 0),
    ("(cost:3", "unclosed '(': add a ')'", 0),
    ("cost:3)", "unmatched ')'", 6),
    ('name:"phone', 'unterminated quote: add a closing "', 5),
    ("or cost:3", "expected a search term", 0),
    ("cost:3 or", "'or' needs a term on each side", 7),
    ("cost:", "cost: expected a value after ':'", 0),
])
def test_errors_point_at_the_bad_token(query: str, message: str, position: int) -> None:
    with pytest.raises(QueryError) as raised:
        parse(query)
    assert raised.value.message.startswith(message)
    assert raised.value.position == position


@pytest.mark.parametrize("query, message", [
    ("aff:vilain", "aff: unknown affiliation 'vilain' (did you mean villain?)"),
    ("energy:fsit", "energy: unknown energy type 'fsit' (did you mean fist?)"),
    ("set:xyz", "set: unknown set 'xyz'"),
    ("kw:overcrash", "kw: unknown keyword 'overcrash' (did you mean overcrush?)"),
    ("rarity:mythic", "rarity: unknown rarity 'mythic'"),
])
def test_unknown_values_are_errors_not_empty_results(catalogue, query: str, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(QueryError) as raised:
        catalogue.search(query)
    assert raised.value.message == message


TERMS = st.sampled_from([
    "set:sww", "set:wf", "set:xmf", "set:wwe", "energy:fist", "energy:mask", "energy:bolt",
    "energy:shield", "aff:villain", "aff:x_men", "kw:overcrush", "kw:fast", "kind:action",
    "kind:character", "kind:basic", "rarity:common", "rarity:starter", "superman", "ko",
    "prep", '"target opposing"', "name:man", "text:damage",
]) | st.builds(lambda f, op, n: f"{f}{op}{n}", st.sampled_from(["cost", "max", "fcost", "a", "d", "level"]),
               st.sampled_from([":", "=", "<", "<=", ">", ">="]), st.integers(0, 8))


@st.composite
def queries(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        if depth < 2 and draw(st.booleans()) and draw(st.booleans()):
            part = "(" + draw(queries(depth + 1)) + ")"
        else:
            part = draw(TERMS)
        if draw(st.integers(0, 3)) == 0:
            part = "-" + part
        parts.append(part)
    joiner = draw(st.sampled_from([" ", " or ", " and "]))
    return joiner.join(parts)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=queries())
def test_random_queries_agree_with_the_oracle(catalogue, loaded, query: str) -> None:  # type: ignore[no-untyped-def]
    assert sorted(found_codes(catalogue, query)) == sorted(expected_codes(loaded, query))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('abc:=<>-()" 3xorkw')), max_size=20))
def test_any_text_parses_or_fails_with_a_query_error(text: str) -> None:
    try:
        parse(text)
    except QueryError as error:
        assert 0 <= error.position <= len(text)

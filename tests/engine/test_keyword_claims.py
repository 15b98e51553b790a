"""Every keyword the engine claims to implement (``keyword_abilities.IMPLEMENTED``, which the
coverage report trusts) has code behind it and a rule scenario that plays it. A claim
with neither is how Suit Up was once listed as implemented while nothing executed it."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from teambuilder.catalogue.abilities import KEYWORD_NAMES
from teambuilder.engine import scripts
from teambuilder.engine.keyword_abilities import BUILT, BUILT_FROM_AFFILIATIONS, IMPLEMENTED, PRINTED, RAISED, Carried
from teambuilder.engine.selectors import ZONE_OF
from tests.conftest import REPO

ENGINE = REPO / "teambuilder" / "engine"
SCENARIOS = REPO / "tests" / "scenarios"


@cache
def engine_strings() -> frozenset[str]:
    """Every string the engine's code uses, leaving out docstrings and the claims table."""
    found: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        skipped: set[int] = set()
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                    and isinstance(body[0].value, ast.Constant):
                skipped.add(id(body[0].value))          # a docstring
            if isinstance(node, ast.AnnAssign | ast.Assign):
                names = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
                if any(isinstance(n, ast.Name) and n.id == "IMPLEMENTED" for n in names):
                    skipped.update(id(sub) for sub in ast.walk(node))
        found.update(node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                     and isinstance(node.value, str) and id(node) not in skipped)
    return frozenset(found)


def code_problem(keyword: str, carried: Carried, cards: list[Any]) -> str | None:
    """Why the engine has no code for ``keyword`` as it claims, or None."""
    listing = [c for c in cards if keyword in c.keywords]
    if carried is Carried.RULE and keyword not in engine_strings():
        return "no engine code names it"
    if carried is Carried.ABILITY and keyword not in PRINTED + RAISED + tuple(BUILT) + tuple(BUILT_FROM_AFFILIATIONS):
        return "no ability is added to its cards or raised for its dice"
    if carried is Carried.EFFECT and not scripts.known(f"keyword:{keyword}") and keyword not in ZONE_OF:
        return f"no script keyword:{keyword} is registered and no effect moves dice into {keyword}"
    if carried is Carried.LABEL:
        unlabelled = [c.code for c in listing if c.abilities and not any(a.keyword == keyword for a in c.abilities)]
        if keyword not in KEYWORD_NAMES or unlabelled:
            return f"cards list it but label none of their abilities with it: {unlabelled[:3]}"
    if carried is Carried.ENERGY and any(len(c.energy) < 2 for c in listing):
        return "a card lists it with fewer than two energy types"
    return None


def scenario_keywords(path: Path, cards: dict[str, Any]) -> set[str]:
    """The keywords the dice of one scenario file have: its own cards' and the catalogue's."""
    raw = yaml.safe_load(path.read_text()) or {}
    found: set[str] = set()
    for card in (raw.get("cards") or {}).values():
        found.update(card.get("keywords") or ())
        for ability in card.get("abilities") or ():
            found.add(ability.get("keyword"))
            for effect in ability.get("effects") or ():     # verbs: "into: prep", "keyword:corrupt"
                found.update((effect.get("into"), str(effect.get("name", "")).removeprefix("keyword:")))
    refs = [str(e.get("card")) for p in raw.get("players") or () for e in (p.get("team") or []) + (p.get("dice") or [])]
    refs += [str(code) for p in raw.get("players") or () for code in p.get("basic_actions") or ()]
    for ref in refs:
        if ref in cards:
            found.update(cards[ref].keywords)
    return found


@pytest.fixture(scope="module")
def played(loaded) -> set[str]:  # type: ignore[no-untyped-def]
    cards = {c.code: c for c in loaded.cards}
    return set().union(*(scenario_keywords(p, cards) for p in sorted(SCENARIOS.rglob("*.yaml"))))


@pytest.mark.parametrize("keyword", sorted(IMPLEMENTED))
def test_a_claimed_keyword_has_code_behind_it(loaded, keyword: str) -> None:  # type: ignore[no-untyped-def]
    assert code_problem(keyword, IMPLEMENTED[keyword], loaded.cards) is None


@pytest.mark.parametrize("keyword", sorted(IMPLEMENTED))
def test_a_claimed_keyword_is_played_by_a_scenario(played: set[str], keyword: str) -> None:
    assert keyword in played


def test_the_check_catches_a_claim_with_nothing_behind_it(loaded) -> None:  # type: ignore[no-untyped-def]
    assert code_problem("moonwalk", Carried.RULE, loaded.cards) == "no engine code names it"
    assert code_problem("moonwalk", Carried.ABILITY, loaded.cards) is not None
    assert code_problem("moonwalk", Carried.EFFECT, loaded.cards) is not None

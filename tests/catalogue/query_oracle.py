"""A straightforward Python reading of the query language, used to check the SQL.

It evaluates a parsed query against cards loaded directly from the YAML, so a search test
compares two independent implementations: this one and the SQL compiler.
"""

from __future__ import annotations

from teambuilder.catalogue.model import Card
from teambuilder.catalogue.query import And, FieldTerm, MatchAll, Node, Not, Or, Word
from teambuilder.catalogue.query_sql import KIND_ALIASES, RARITY_ALIASES

OPS = {":": lambda a, b: a == b, "=": lambda a, b: a == b, "<": lambda a, b: a < b,
       "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _key(text: str) -> str:
    return text.lower().replace("-", "_").replace(" ", "_").replace(".", "")


def matches(node: Node, card: Card, affiliation_names: dict[str, str], keyword_names: dict[str, str]) -> bool:
    def walk(n: Node) -> bool:
        if isinstance(n, MatchAll):
            return True
        if isinstance(n, Word):
            return n.text in f"{card.name}\n{card.subtitle}\n{card.text}".lower()
        if isinstance(n, Not):
            return not walk(n.operand)
        if isinstance(n, And):
            return all(walk(o) for o in n.operands)
        if isinstance(n, Or):
            return any(walk(o) for o in n.operands)
        assert isinstance(n, FieldTerm)
        value = n.value
        if n.field == "set":
            return card.set_code == value.lower()
        if n.field == "code":
            return card.code == value.lower()
        if n.field in ("name", "text"):
            field = card.name if n.field == "name" else card.text
            return field.lower() == value.lower() if n.operator == "=" else value.lower() in field.lower()
        if n.field == "kind":
            return card.kind == KIND_ALIASES[_key(value)]
        if n.field == "rarity":
            return card.rarity == RARITY_ALIASES[_key(value)]
        if n.field == "energy":
            return value.lower() in card.energy
        if n.field == "aff":
            wanted = {k for k, name in affiliation_names.items() if _key(value) in (k, _key(name))}
            return bool(wanted & set(card.affiliations))
        if n.field == "kw":
            wanted = {k for k, name in keyword_names.items() if _key(value) in (k, _key(name))}
            return bool(wanted & set(card.keywords))
        number = int(value)
        op = OPS[n.operator]
        if n.field == "cost":
            return bool(op(card.cost, number))
        if n.field == "max":
            return bool(op(card.max_dice, number))
        if n.field == "level":
            return bool(op(len(card.levels), number))
        stat = {"fcost": "fielding", "a": "attack", "d": "defense"}[n.field]
        return any(op(getattr(level, stat), number) for level in card.levels)

    return walk(node)

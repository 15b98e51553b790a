"""The catalogue query language: text in, a small syntax tree out.

Free words match name, subtitle and text; ``field:value`` and ``field<op>number`` narrow
by a fact; ``-`` negates; ``or`` joins alternatives (and binds looser than the implicit
"and" between terms); parentheses group; ``"quoted phrases"`` keep spaces. See
docs/query-language.md. Errors are :class:`QueryError` and point at the offending token.
This module knows nothing of SQL; :mod:`teambuilder.catalogue.query_sql` compiles the tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Field name -> (canonical name, kind). "number" fields take comparisons.
FIELDS: dict[str, tuple[str, str]] = {
    "set": ("set", "choice"), "code": ("code", "choice"), "universe": ("universe", "choice"),
    "name": ("name", "text"), "text": ("text", "text"),
    "kind": ("kind", "choice"), "type": ("kind", "choice"),
    "energy": ("energy", "choice"), "aff": ("aff", "choice"),
    "affiliation": ("aff", "choice"), "kw": ("kw", "choice"), "keyword": ("kw", "choice"),
    "rarity": ("rarity", "choice"),
    "cost": ("cost", "number"), "max": ("max", "number"), "fcost": ("fcost", "number"),
    "a": ("a", "number"), "attack": ("a", "number"), "d": ("d", "number"),
    "defense": ("d", "number"), "level": ("level", "number"),
    "engine": ("engine", "choice"),
    # The user's collection (issue 25): counts, compared as numbers or asked yes/no.
    "owned": ("owned", "count"), "dice_owned": ("dice_owned", "count"), "foils": ("foils", "count"),
    "want": ("want", "count"),
    # The formats (data/cards/formats.yaml and the user's lists): a card's legality.
    "legal": ("legal", "choice"), "banned": ("banned", "choice"),
}
OPERATORS = ("<=", ">=", ":", "=", "<", ">")
# Bounds that keep any query cheap (and inside SQLite's expression-depth limit); real
# queries stay far below them.
MAX_QUERY_LENGTH = 500
MAX_TERMS = 60
MAX_NESTING = 20
MAX_NUMBER_DIGITS = 4


class QueryError(ValueError):
    """A query that cannot be understood; ``position`` is the 0-based column of the token."""

    def __init__(self, message: str, position: int, token: str) -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.token = token


@dataclass(frozen=True)
class Word:
    text: str
    position: int


@dataclass(frozen=True)
class FieldTerm:
    field: str
    operator: str
    value: str
    position: int
    token: str


@dataclass(frozen=True)
class Not:
    operand: Node


@dataclass(frozen=True)
class And:
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class MatchAll:
    """The empty query: every card."""


Node = Word | FieldTerm | Not | And | Or | MatchAll


@dataclass(frozen=True)
class Token:
    kind: str  # word, field, lparen, rparen, neg, or
    text: str
    position: int
    value: str = ""
    operator: str = ""


_FIELD = re.compile(r"([A-Za-z][A-Za-z_]*)(<=|>=|:|=|<|>)")
_BARE = re.compile(r'[^\s()"]+')


def _quoted(query: str, start: int) -> tuple[str, int]:
    end = query.find('"', start + 1)
    if end < 0:
        raise QueryError('unterminated quote: add a closing "', start, query[start:])
    return query[start + 1:end], end + 1


def tokenize(query: str) -> list[Token]:
    tokens: list[Token] = []
    i = 0
    while i < len(query):
        char = query[i]
        if char.isspace():
            i += 1
        elif char in "()":
            tokens.append(Token("lparen" if char == "(" else "rparen", char, i))
            i += 1
        elif char == "-" and i + 1 < len(query) and not query[i + 1].isspace():
            tokens.append(Token("neg", "-", i))
            i += 1
        elif char == '"':
            phrase, end = _quoted(query, i)
            tokens.append(Token("word", query[i:end], i, value=phrase))
            i = end
        elif field := _FIELD.match(query, i):
            name, operator = field.group(1), field.group(2)
            value_start = field.end()
            if value_start < len(query) and query[value_start] == '"':
                value, end = _quoted(query, value_start)
            else:
                bare = _BARE.match(query, value_start)
                end = bare.end() if bare else value_start
                value = query[value_start:end]
            tokens.append(Token("field", query[i:end], i, value=value, operator=operator))
            i = end
            if name.lower() not in FIELDS:
                known = ", ".join(sorted({canonical for canonical, _ in FIELDS.values()}))
                raise QueryError(f"{name}: unknown field (known fields: {known})", tokens[-1].position,
                                 tokens[-1].text)
        else:
            bare = _BARE.match(query, i)
            assert bare is not None  # any other character starts a bare word
            text = bare.group(0)
            kind = "or" if text.lower() == "or" else "and" if text.lower() == "and" else "word"
            tokens.append(Token(kind, text, i, value=text))
            i = bare.end()
    return [t for t in tokens if t.kind != "and"]


class _Parser:
    def __init__(self, tokens: list[Token], query: str) -> None:
        self.tokens, self.query, self.index = tokens, query, 0
        self.depth = 0      # parentheses and '-' around the term being read

    def peek(self) -> Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def parse_or(self) -> Node:
        operands = [self.parse_and()]
        while (token := self.peek()) is not None and token.kind == "or":
            self.take()
            if self.peek() is None or self.peek().kind in ("or", "rparen"):  # type: ignore[union-attr]
                raise QueryError("'or' needs a term on each side", token.position, token.text)
            operands.append(self.parse_and())
        return operands[0] if len(operands) == 1 else Or(tuple(operands))

    def parse_and(self) -> Node:
        operands: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in ("or", "rparen"):
            operands.append(self.parse_unary())
        if not operands:
            token = self.peek()
            position = token.position if token else len(self.query)
            raise QueryError("expected a search term", position, token.text if token else "")
        return operands[0] if len(operands) == 1 else And(tuple(operands))

    def parse_unary(self) -> Node:
        token = self.take()
        if token.kind in ("neg", "lparen"):
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise QueryError(f"nested too deeply (at most {MAX_NESTING} parentheses or '-')",
                                 token.position, token.text)
            try:
                return self._parse_group(token)
            finally:
                self.depth -= 1
        if token.kind == "field":
            canonical, kind = FIELDS[token.text[:token.text.index(token.operator)].lower()]
            return _field_term(token, canonical, kind)
        return Word(token.value.lower(), token.position)

    def _parse_group(self, token: Token) -> Node:
        if token.kind == "neg":
            if self.peek() is None or self.peek().kind in ("or", "rparen"):  # type: ignore[union-attr]
                raise QueryError("'-' must be followed by a term to exclude", token.position, "-")
            return Not(self.parse_unary())
        inner = self.parse_or()
        closing = self.peek()
        if closing is None or closing.kind != "rparen":
            raise QueryError("unclosed '(': add a ')'", token.position, "(")
        self.take()
        return inner


def _field_term(token: Token, canonical: str, kind: str) -> FieldTerm:
    if not token.value:
        raise QueryError(f"{canonical}: expected a value after '{token.operator}'",
                         token.position, token.text)
    if kind == "count" and token.value.lower() in ("yes", "no"):
        if token.operator not in (":", "="):
            raise QueryError(f"{canonical}: use '{canonical}:{token.value.lower()}' (yes or no take ':')",
                             token.position, token.text)
        return FieldTerm(canonical, token.operator, token.value.lower(), token.position, token.text)
    if kind == "count":
        kind = "number"
    if kind != "number" and token.operator not in (":", "="):
        raise QueryError(f"{canonical}: '{token.operator}' only works with numbers; use '{canonical}:'",
                         token.position, token.text)
    if kind == "number" and not re.fullmatch(r"\d+", token.value):
        raise QueryError(f"{canonical}: expected a number, got '{token.value[:20]}'",
                         token.position, token.text)
    if kind == "number" and len(token.value.lstrip("0")) > MAX_NUMBER_DIGITS:
        raise QueryError(f"{canonical}: expected a number from 0 to {10 ** MAX_NUMBER_DIGITS - 1}",
                         token.position, token.text)
    return FieldTerm(canonical, token.operator, token.value, token.position, token.text)


def field_terms(tree: Node, field: str) -> list[FieldTerm]:
    """Every term on canonical ``field`` in ``tree``, in the order they were written."""
    if isinstance(tree, FieldTerm):
        return [tree] if tree.field == field else []
    if isinstance(tree, Not):
        return field_terms(tree.operand, field)
    if isinstance(tree, And | Or):
        return [term for operand in tree.operands for term in field_terms(operand, field)]
    return []


def _check_bounds(query: str) -> None:
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryError(f"too long ({len(query)} characters; at most {MAX_QUERY_LENGTH})",
                         MAX_QUERY_LENGTH, query[MAX_QUERY_LENGTH:MAX_QUERY_LENGTH + 10])
    for position, character in enumerate(query):
        if not character.isprintable() and not character.isspace():
            raise QueryError(f"the character U+{ord(character):04X} cannot be searched for; "
                             "remove it", position, character)


def parse(query: str) -> Node:
    """Parse ``query``; the empty query matches everything. Raises QueryError."""
    _check_bounds(query)
    tokens = tokenize(query)
    if not tokens:
        return MatchAll()
    terms = [token for token in tokens if token.kind in ("word", "field")]
    if len(terms) > MAX_TERMS:
        extra = terms[MAX_TERMS]
        raise QueryError(f"too many terms (at most {MAX_TERMS})", extra.position, extra.text)
    parser = _Parser(tokens, query)
    tree = parser.parse_or()
    leftover = parser.peek()
    if leftover is not None:
        raise QueryError("unmatched ')'", leftover.position, leftover.text)
    return tree

"""Hostile inputs for the reader fuzzers: hypothesis strategies that build what a careless
or malicious file could hold.

Three families: arbitrary bytes and text (invalid UTF-8, NUL, U+FFFE, control characters);
structured YAML/JSON documents whose values have the wrong types (numbers where lists
belong, lists as mapping keys, numbers of thousands of digits, YAML tags, dates, deep
nesting); and mutations of a real, valid file (a value swapped for a hostile one, or a few
characters inserted, deleted or replaced), which reach the checks deep inside a reader. Every
fuzzer draws from ``hostile_document`` so each reader sees all three.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml
from hypothesis import strategies as st

# Pieces that have broken readers before: tags, anchors, dates, huge numbers, odd characters.
SPECIAL_TEXT = [
    "", "\x00", "\ufffe", "\uffff", "\x7f", "\x1b[31m", "\u2028", "\ud800", "é", "\t", "\r\n",
    "9" * 5000, "-" * 300, "(" * 300, "!!binary aGVsbG8=", "!!timestamp 2024-01-01", "2024-01-01",
    "!!python/object:os.system x", "!!set {a, b}", "&a [*a]", "*undefined", "<<: *a", "yes", "null",
    "~", "1e999", "0x10", "-1", ".inf", "? [1, 2]\n: x", "{", "[", "'", '"', "%YAML 1.1\n---", "---\n---",
]
ALIAS_BOMB = ('a: &a ["x","x","x","x","x","x","x","x","x"]\n' + "\n".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]" for i in range(8)))
DEEP_YAML = "x: " + "[" * 5000 + "]" * 5000
DEEP_BLOCK = "".join("  " * i + "- \n" for i in range(300))
DEEP_JSON = '{"name": ' + "[" * 100000 + "]" * 100000 + "}"
FIXED_HOSTILE = [ALIAS_BOMB, DEEP_YAML, DEEP_BLOCK, DEEP_JSON]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=30),
    st.sampled_from(SPECIAL_TEXT),
)
values: st.SearchStrategy[Any] = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(st.one_of(st.text(max_size=10), st.integers()), children,
                                               max_size=5)),
    max_leaves=20,
)


def dump(value: Any, as_json: bool) -> str:
    """Render a value as YAML or JSON text (JSON of any value; YAML that allows everything)."""
    if as_json:
        return json.dumps(value, default=str)
    return str(yaml.safe_dump(value, allow_unicode=True, default_flow_style=None, width=200))


def _replace_somewhere(document: Any, path: list[int], replacement: Any) -> Any:
    """``document`` with the value reached by following ``path`` (indices taken modulo the
    number of children) replaced."""
    if not path or not isinstance(document, dict | list) or not document:
        return replacement
    step, rest = path[0], path[1:]
    if isinstance(document, list):
        index = step % len(document)
        copy = list(document)
        copy[index] = _replace_somewhere(document[index], rest, replacement)
        return copy
    keys = list(document)
    key = keys[step % len(keys)]
    return {**document, key: _replace_somewhere(document[key], rest, replacement)}


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """A few characters of ``text`` inserted, deleted or replaced at random places."""
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = draw(st.one_of(st.sampled_from(SPECIAL_TEXT), st.text(max_size=4)))
        if action == "insert":
            text = text[:position] + piece + text[position:]
        elif action == "delete":
            text = text[:position] + text[position + draw(st.integers(1, 20)):]
        else:
            text = text[:position] + piece + text[position + len(piece):]
    return text


@st.composite
def mutated_document(draw: st.DrawFn, document: Any, as_json: bool) -> str:
    """A valid document with one to three values swapped for hostile ones."""
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.lists(st.integers(0, 1000), max_size=6))
        document = _replace_somewhere(document, path, draw(values))
    return dump(document, as_json)


def _nth_number_replaced(text: str, n: int, replacement: str) -> str:
    numbers = list(re.finditer(r"\b\d+\b", text))
    if not numbers:
        return text + replacement
    match = numbers[n % len(numbers)]
    return text[:match.start()] + replacement + text[match.end():]


def hostile_document(valid_text: str, *, allow_json: bool = True) -> st.SearchStrategy[bytes]:
    """Bytes a reader of ``valid_text``'s kind of file might be handed."""
    try:
        document = json.loads(valid_text) if valid_text.lstrip().startswith("{") else yaml.safe_load(valid_text)
    except yaml.YAMLError:          # a text list: its lines are the structure
        document = valid_text.splitlines()
    as_json = st.booleans() if allow_json else st.just(False)
    texts = st.one_of(
        as_json.flatmap(lambda j: mutated_document(document, j)),
        mutated_text(valid_text),
        as_json.flatmap(lambda j: values.map(lambda v: dump(v, j))),
        st.sampled_from(FIXED_HOSTILE + SPECIAL_TEXT),
        # A number of thousands of digits where a number belongs.
        st.integers(0, 20).map(lambda n: _nth_number_replaced(valid_text, n, "9" * 5000)),
    )
    encoded = texts.map(lambda t: t.encode("utf-8", "surrogatepass"))
    return st.one_of(encoded, encoded.map(lambda b: b[:len(b) // 2] + b"\xff\xfe" + b[len(b) // 2:]),
                     st.binary(max_size=200))

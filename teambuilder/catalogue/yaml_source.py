"""YAML reading that remembers where every mapping and key came from, within bounds.

The loader reports problems as ``file:line``; PyYAML's plain loader forgets lines once it
builds dicts, so this one builds :class:`LineMap` dicts that keep the line of the mapping
and of each key, and records keys given twice (YAML silently keeps the last one).

Every YAML file we read may come from someone else, so reading is bounded: the file's size
(per kind of file, see :mod:`teambuilder.safe_io`), how many nodes the document expands to
once its aliases are followed (a 1 KB "alias bomb" of nested anchors would otherwise expand
to billions) and how deeply it nests. Only plain data is accepted: text, numbers, booleans,
null, lists and mappings with scalar keys. Dates stay text (``2024-01-01`` is read as the
string), and tags that build other types (``!!binary``, ``!!set``, ``!!timestamp`` ...) are
refused with the line they are on. Every problem is a :class:`YamlSyntaxError` naming the
line, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from teambuilder.safe_io import CARD_FILE_LIMIT, InputError, read_text

# Far above any real file (the largest card file is about 10,000 nodes), far below memory trouble.
MAX_NODES = 250_000
MAX_DEPTH = 64


class LineMap(dict[str, Any]):
    """A dict that knows the 1-based line of itself and of each of its keys."""

    line: int
    key_lines: dict[str, int]
    duplicate_keys: list[tuple[str, int]]

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


# libyaml's parser is several times faster than the pure-Python one; both keep marks.
_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_REFUSED_TAGS = ("binary", "timestamp", "set", "omap", "pairs")


class _LineLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    pass


# Dates stay text: no implicit timestamp resolver (copied per first letter, so the shared
# SafeLoader tables are untouched).
_LineLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _TIMESTAMP_TAG]
    for first, resolvers in _BaseLoader.yaml_implicit_resolvers.items()
}


def _construct_line_map(loader: _LineLoader, node: yaml.MappingNode) -> LineMap:
    loader.flatten_mapping(node)
    result = LineMap()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    result.duplicate_keys = []
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value, not a list or mapping",
                key_node.start_mark)
        key = loader.construct_object(key_node, deep=True)
        if key is True and key_node.value == "on":
            key = "on"      # YAML 1.1 reads a bare ``on`` as true; as a key it is the word (``on:`` events)
        key_line = key_node.start_mark.line + 1
        if key in result:
            result.duplicate_keys.append((str(key), key_line))
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_line
    return result


def _construct_int(loader: _LineLoader, node: yaml.ScalarNode) -> int:
    try:
        return int(_BaseLoader.construct_yaml_int(loader, node))
    except ValueError as error:     # Python refuses ints of more than 4,300 digits
        raise yaml.constructor.ConstructorError(
            None, None, "a number with too many digits", node.start_mark) from error


def _refuse_tag(loader: _LineLoader, node: yaml.Node) -> None:
    raise yaml.constructor.ConstructorError(
        None, None, f"the tag {node.tag.replace('tag:yaml.org,2002:', '!!')} is not allowed here; "
        "write plain text, numbers, lists and mappings", node.start_mark)


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_line_map)
_LineLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)
for _name in _REFUSED_TAGS:
    _LineLoader.add_constructor(f"tag:yaml.org,2002:{_name}", _refuse_tag)


class YamlSyntaxError(Exception):
    """A file that is not valid (or not acceptable) YAML; ``line`` is where it went wrong."""

    def __init__(self, path: Path | str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = path
        self.line = line
        self.message = message


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _check_size(root: yaml.Node, where: str, max_nodes: int) -> None:
    """Refuse a document that nests too deeply, refers to itself, or expands (aliases
    followed) to more than ``max_nodes`` nodes; linear in the nodes actually written."""
    expanded: dict[int, int] = {}       # id(node) -> nodes below it, aliases followed
    depth: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            children = _children(node)
            expanded[key] = 1 + sum(expanded[id(child)] for child in children)
            depth[key] = 1 + max((depth[id(child)] for child in children), default=0)
            on_path.discard(key)
            line = node.start_mark.line + 1
            if depth[key] > MAX_DEPTH:
                raise YamlSyntaxError(where, line, f"nested more than {MAX_DEPTH} levels deep")
            if expanded[key] > max_nodes:
                raise YamlSyntaxError(where, line, f"expands to more than {max_nodes:,} values "
                                      "(too many aliases?)")
            continue
        if key in expanded:
            continue
        if key in on_path:
            raise YamlSyntaxError(where, node.start_mark.line + 1, "an alias refers to its own anchor")
        on_path.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in expanded)


def _line_of_position(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def parse_yaml(text: str, where: str, max_nodes: int = MAX_NODES) -> Any:
    """Parse YAML text into LineMaps, lists and scalars; :class:`YamlSyntaxError` if it is
    not valid, not plain data, or too big once expanded."""
    loader = _LineLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_size(node, where, max_nodes)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        problem = error.problem or error.context or "invalid YAML"
        raise YamlSyntaxError(where, line, f"invalid YAML: {problem}") from error
    except yaml.reader.ReaderError as error:     # a character YAML does not allow
        line = _line_of_position(text, error.position)
        character = error.character if isinstance(error.character, int) else ord(error.character)
        raise YamlSyntaxError(where, line, f"invalid YAML: the character U+{character:04X} is not "
                              "allowed (control characters and U+FFFE/U+FFFF are not text)") from error
    except yaml.YAMLError as error:
        raise YamlSyntaxError(where, 1, f"invalid YAML: {str(error).splitlines()[0]}") from error
    except RecursionError as error:      # cannot happen after _check_size; kept as a last guard
        raise YamlSyntaxError(where, 1, "nested too deeply") from error
    finally:
        loader.dispose()


def read_yaml(path: Path, limit: int = CARD_FILE_LIMIT, what: str = "YAML file",
              max_nodes: int = MAX_NODES) -> Any:
    """Read and parse one YAML file of at most ``limit`` bytes (see :func:`parse_yaml`)."""
    try:
        text = read_text(path, limit, what)
    except InputError as error:
        raise YamlSyntaxError(path, error.line or 1, error.problem) from error
    return parse_yaml(text, str(path), max_nodes)

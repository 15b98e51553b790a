"""YAML reading that remembers where every mapping and key came from.

The loader reports problems as ``file:line``; PyYAML's plain loader forgets lines once it
builds dicts, so this one builds :class:`LineMap` dicts that keep the line of the mapping
and of each key, and records keys given twice (YAML silently keeps the last one).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class LineMap(dict[str, Any]):
    """A dict that knows the 1-based line of itself and of each of its keys."""

    line: int
    key_lines: dict[str, int]
    duplicate_keys: list[tuple[str, int]]

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


# libyaml's parser is several times faster than the pure-Python one; both keep marks.
_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    pass


def _construct_line_map(loader: _LineLoader, node: yaml.MappingNode) -> LineMap:
    loader.flatten_mapping(node)
    result = LineMap()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    result.duplicate_keys = []
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        key_line = key_node.start_mark.line + 1
        if key in result:
            result.duplicate_keys.append((str(key), key_line))
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_line
    return result


_LineLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_line_map
)


class YamlSyntaxError(Exception):
    """A file that is not valid YAML; ``line`` is where the parser gave up."""

    def __init__(self, path: Path, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = path
        self.line = line
        self.message = message


def read_yaml(path: Path) -> Any:
    """Parse one YAML file into LineMaps, lists and scalars."""
    text = path.read_text(encoding="utf-8")
    try:
        return yaml.load(text, Loader=_LineLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        raise YamlSyntaxError(path, line, f"invalid YAML: {error.problem}") from error

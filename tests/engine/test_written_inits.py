"""Engine values whose ``__init__`` is written out rather than left to ``@dataclass``
(compiled, the dataclass one runs as Python: docs/native.md) must take exactly the
dataclass's fields, in order, with the same defaults, and set every one of them: a field
added later and forgotten in ``__init__`` fails here, not mid-game."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

ENGINE = REPO / "teambuilder" / "engine"


def _dataclasses_with_written_init(path: Path) -> list[tuple[str, ast.ClassDef, ast.FunctionDef]]:
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.ClassDef):
            continue
        decorated = any("dataclass" in ast.unparse(d) for d in node.decorator_list)
        init = next((f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
        if decorated and init is not None:
            found.append((path.name, node, init))
    return found


def _written() -> list[tuple[str, ast.ClassDef, ast.FunctionDef]]:
    return [entry for path in sorted(ENGINE.glob("*.py")) for entry in _dataclasses_with_written_init(path)]


def test_the_hot_engine_values_have_written_inits() -> None:
    names = {node.name for _, node, _ in _written()}
    assert {"EnergySource", "Payment", "Spend", "Task", "Decision", "Purchase", "ActiveRule"} <= names


def test_each_written_init_takes_and_sets_exactly_the_fields() -> None:
    for file, node, init in _written():
        fields = [(s.target.id, None if s.value is None else ast.unparse(s.value))
                  for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
        args = init.args.args[1:]
        defaults = [None] * (len(args) - len(init.args.defaults)) + [ast.unparse(d) for d in init.args.defaults]
        params = [(a.arg, d) for a, d in zip(args, defaults, strict=True)]
        assert params == fields, f"{file}: {node.name}.__init__ takes {params}, the fields are {fields}"
        source = ast.unparse(init)
        for name, _ in fields:
            written = f"'{name}'" in source or f"self.{name} =" in source
            assert written, f"{file}: {node.name}.__init__ never sets {name}"

"""Architecture contracts: the layering of DESIGN.md and strict typing of the core."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

PACKAGE = REPO / "teambuilder"
# Each layer may import only the layers listed after it (and itself).
LAYERS = ["ui", "printing", "sim", "ai", "engine", "teams", "catalogue"]
QT_ALLOWED = {"ui", "printing"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_layers_import_only_downwards() -> None:
    offences = []
    for index, layer in enumerate(LAYERS):
        forbidden = set(LAYERS[:index])
        for path in sorted((PACKAGE / layer).rglob("*.py")) if (PACKAGE / layer).is_dir() else []:
            for name in imports_of(path):
                parts = name.split(".")
                if parts[0] == "PySide6" and layer not in QT_ALLOWED:
                    offences.append(f"{path.relative_to(REPO)} imports Qt")
                if parts[0] == "teambuilder" and len(parts) > 1 and parts[1] in forbidden:
                    offences.append(f"{path.relative_to(REPO)} imports {name} (a higher layer)")
    assert offences == []


def test_cli_imports_qt_only_lazily() -> None:
    result = subprocess.run([sys.executable, "-c",
                             "import sys, teambuilder.cli; print('PySide6' in sys.modules)"],
                            capture_output=True, text=True, check=True, cwd=REPO)
    assert result.stdout.strip() == "False"


@pytest.mark.skipif(shutil.which("mypy", path=str(Path(sys.executable).parent)) is None,
                    reason="mypy is part of the [test] extra")
def test_core_layers_are_mypy_strict_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "teambuilder/catalogue", "teambuilder/teams",
                             "teambuilder/engine", "teambuilder/ai", "teambuilder/sim",
                             "teambuilder/paths.py", "teambuilder/safe_io.py"],
                            capture_output=True, text=True, cwd=REPO, check=False)
    assert result.returncode == 0, result.stdout

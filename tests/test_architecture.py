"""Architecture contracts: the layering of DESIGN.md, the engine's stack, and strict typing
of the core."""

from __future__ import annotations

import ast
import graphlib
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


# The engine is a stack (docs/engine-layers.md): a module imports only modules listed before
# it. Lower layers reach the ones above only through the events they raise
# (``events.emit``/``watch`` queue triggers that ``triggers`` resolves) and through the
# ``Game`` they are handed (its methods are the engine's upward interface); the
# ``if TYPE_CHECKING`` import of ``Game`` that annotates them runs nothing.
ENGINE_LAYERS: list[tuple[str, ...]] = [
    ("keyword_params",),                                    # keyword values read from card text
    ("abilities", "dice", "payment_rules", "energy", "keyword_abilities", "actions", "state",
     "game_state"),                                         # what a game is made of
    ("die_facts", "keywords", "selectors", "conditions", "text_loss", "stat_taking", "rules", "combat_rules",
     "keyword_experience", "keyword_flip", "replacement"),  # reading the table: filters, conditions, rules in force
    # raising triggers; drawing and rolling dice; Stun tokens; what a card costs to buy
    ("events", "rolling", "stun", "purchase_costs"),
    ("keyword_survival",),                                  # Iron Will and Regenerate: kept from a KO
    # what effects do to dice and players (and Enlistment's question, which KOs a die)
    ("effects", "costs", "assignment", "scripts.values", "scripts", "borrowing", "resolution", "choices",
     "keyword_flow", "keyword_enlistment"),
    ("moves", "references", "targets", "ko_instead", "global_targets"),  # moving dice; "it"; targets; held KOs, globals
    # keep M; prices; face picks; new targets; a price per die in a block
    ("keeping", "price_questions", "face_turning", "retargeting", "block_prices", "damage_instead", "ignoring"),
    ("primitives",),                                        # the ability language's effects
    ("triggers", "keyword_costs", "keyword_combat"),        # resolving abilities; costs paid with dice; combat keywords
    ("turn", "blocking", "combat", "windows", "damage", "legality", "describe"),   # the steps of a turn
    ("scripts.*",),                                         # per-card scripts (any order among them)
    ("game",),
    ("invariants", "replay", "setup", "coverage", "scenario_schema", "scenario_cards", "scenario_keywords",
     "scenario_expect", "scenario_actions",
     "scenario"),                                           # built on a whole game
]
ENGINE = PACKAGE / "engine"


def engine_module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ENGINE).with_suffix("").parts)
    return name.removesuffix(".__init__")


def runtime_engine_imports(tree: ast.Module) -> tuple[set[str], list[int]]:
    """The engine modules a module imports when it runs (not those under ``if
    TYPE_CHECKING:``), and the lines of imports hidden inside functions."""
    found: set[str] = set()
    hidden: list[int] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                names = ([child.module or ""] if isinstance(child, ast.ImportFrom) else []) + \
                    [a.name for a in child.names if isinstance(child, ast.Import)]
                if any(n.startswith("teambuilder") for n in names) and in_function:
                    hidden.append(child.lineno)
                if isinstance(child, ast.ImportFrom) and child.module == "teambuilder.engine":
                    found.update(a.name for a in child.names)
                elif isinstance(child, ast.ImportFrom) and child.module == "teambuilder.engine.scripts":
                    found.add("scripts")
                    found.update(f"scripts.{a.name}" for a in child.names)
                else:
                    found.update(n.removeprefix("teambuilder.engine.") for n in names
                                 if n.startswith("teambuilder.engine."))
            visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

    visit(tree, False)
    return found, hidden


def stack_offences(modules: dict[str, set[str]], layers: list[tuple[str, ...]]) -> list[str]:
    """What breaks the stack: a module not placed in it, or one importing a module that is
    not below it (``scripts.*`` stands for every card-script module)."""
    position: dict[str, int] = {}
    for index, name in enumerate(n for layer in layers for n in layer):
        position[name] = index

    def place(name: str) -> int | None:
        return position.get(name, position.get("scripts.*") if name.startswith("scripts.") else None)

    offences = []
    for module, imported in sorted(modules.items()):
        here = place(module)
        if here is None:
            offences.append(f"engine/{module}: not in ENGINE_LAYERS (tests/test_architecture.py): place it")
            continue
        for other in sorted(imported):
            there = place(other)
            if other == module or other not in modules:
                continue
            if there is None or there > here or (there == here and not module.startswith("scripts.")):
                offences.append(f"engine/{module} imports {other}, which is not below it in the engine stack")
    return offences


def engine_modules() -> tuple[dict[str, set[str]], list[str]]:
    modules, hidden = {}, []
    for path in sorted(ENGINE.rglob("*.py")):
        if path == ENGINE / "__init__.py":
            continue
        imported, lines = runtime_engine_imports(ast.parse(path.read_text(), filename=str(path)))
        modules[engine_module_name(path)] = imported
        hidden += [f"{path.relative_to(REPO)}:{line}: an import inside a function" for line in lines]
    return modules, hidden


def test_engine_modules_form_an_acyclic_stack() -> None:
    modules, _ = engine_modules()
    assert stack_offences(modules, ENGINE_LAYERS) == []
    graph = {m: {i for i in imported if i in modules and i != m} for m, imported in modules.items()}
    graphlib.TopologicalSorter(graph).prepare()      # raises CycleError on any cycle (scripts too)


def test_engine_has_no_imports_hidden_in_functions() -> None:
    _, hidden = engine_modules()
    assert hidden == []


def test_stack_check_catches_an_upward_import() -> None:
    """The check itself: selectors importing game, or effects importing triggers, is caught."""
    modules, _ = engine_modules()
    upward = {**modules, "selectors": modules["selectors"] | {"game"}, "effects": modules["effects"] | {"triggers"}}
    offences = stack_offences(upward, ENGINE_LAYERS)
    assert "engine/selectors imports game, which is not below it in the engine stack" in offences
    assert "engine/effects imports triggers, which is not below it in the engine stack" in offences
    source = "def f():\n    from teambuilder.engine import turn\n"
    assert runtime_engine_imports(ast.parse(source))[1] == [2]


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

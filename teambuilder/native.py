"""The compiled engine: whether it is built, and whether it still matches the source.

``make native`` compiles the engine, the AI and the card values with mypyc
(tools/build_native.py) into extension modules beside their sources, and writes
``_native.json``: each compiled module's source hash. Python prefers an extension module
to its source, so a build left behind by a later edit would run old code.
``use_fresh_build`` (called by the engine, AI and catalogue packages before any of their
modules load) checks the hashes; when any source has changed, or a module was never
built, every compiled module is loaded from its source instead, and one line on stderr
says to run ``make native`` again. Setting TEAMBUILDER_INTERPRETED=1 runs from source on
purpose. See docs/native.md.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE_ROOT = Path(__file__).resolve().parent
MANIFEST = PACKAGE_ROOT / "_native.json"
_checked = False


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def module_source(module: str) -> Path:
    """teambuilder.engine.game -> <package>/engine/game.py (or its __init__.py)."""
    parts = module.split(".")[1:]
    path = PACKAGE_ROOT.joinpath(*parts)
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def built_modules() -> dict[str, str]:
    """Compiled module -> the hash of the source it was built from ({} when not built)."""
    try:
        return dict(json.loads(MANIFEST.read_text(encoding="utf-8"))["modules"])
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def stale_modules(built: dict[str, str]) -> list[str]:
    """The built modules whose source changed since, or whose extension is missing."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    stale = []
    for module, digest in built.items():
        source = module_source(module)
        extensions = [p for p in source.parent.glob(source.stem + ".*") if p.name.endswith(suffixes)]
        if not source.exists() or not extensions or source_hash(source) != digest:
            stale.append(module)
    return stale


def is_compiled(module: ModuleType) -> bool:
    return not (getattr(module, "__file__", "") or "").endswith(".py")


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the listed modules from their .py files, ignoring any extension module."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = set(modules)

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        source = module_source(fullname)
        loader = importlib.machinery.SourceFileLoader(fullname, str(source))
        is_package = source.name == "__init__.py"
        return importlib.util.spec_from_file_location(
            fullname, source, loader=loader,
            submodule_search_locations=[str(source.parent)] if is_package else None)


def use_fresh_build() -> None:
    """Load the compiled modules only if every one of them matches its source."""
    global _checked
    if _checked:
        return
    _checked = True
    if getattr(sys, "frozen", False):
        # The desktop bundle has no sources to fall back to; packaging/teambuilder.spec
        # refuses to bundle a stale build.
        return
    built = built_modules()
    if built and os.environ.get("TEAMBUILDER_INTERPRETED"):
        sys.meta_path.insert(0, _SourceFirst(list(built)))   # asked for: no warning
        return
    extensions = [p for p in PACKAGE_ROOT.rglob("*.so") if "_data" not in p.parts]
    if not built and not extensions:
        return                      # never compiled: nothing can shadow the sources
    stale = stale_modules(built) if built else ["(no manifest)"]
    if not stale:
        return
    # All or nothing: compiled modules call each other directly, so one stale module
    # means the whole build is set aside.
    modules = list(built) or [_module_of(p) for p in extensions if p.name.split(".")[0] != "__init__"]
    sys.meta_path.insert(0, _SourceFirst(modules))
    print(f"teambuilder: the compiled engine is out of date ({', '.join(stale[:3])}"
          f"{'...' if len(stale) > 3 else ''} changed); running from source. "
          "Run `make native` to rebuild it.", file=sys.stderr)


def _module_of(extension: Path) -> str:
    relative = extension.relative_to(PACKAGE_ROOT.parent)
    return ".".join(relative.parts[:-1] + (extension.name.split(".")[0],))

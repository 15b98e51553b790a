"""Compile the rules engine and the AI with mypyc (``make native``; see docs/native.md).

The extension modules are built beside their sources (Python loads them in preference to
the .py files), then ``teambuilder/_native.json`` records the hash of every source that
was compiled: ``teambuilder.native`` sets the whole build aside once any of them changes.
The same seeded games are played either way; compiled, they run about 2.5 times as fast.

``make run``, ``make test`` and ``make bench`` build it with ``--or-source``: where it
cannot be compiled (no C compiler, say) the partial build is removed, one line says why,
and the engine runs from source. ``make native`` alone treats a failure as an error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from teambuilder.native import MANIFEST, source_hash

# Everything a game runs through: the engine, the card scripts and the agents. Not the
# package __init__ files: the engine's and the AI's run the freshness check before anything
# compiled loads, and a compiled scripts package would not find its script modules.
COMPILED = sorted(
    [p for p in (ROOT / "teambuilder" / "engine").glob("*.py") if p.name != "__init__.py"]
    + [p for p in (ROOT / "teambuilder" / "engine" / "scripts").glob("*.py") if p.name != "__init__.py"]
    + [ROOT / "teambuilder" / "ai" / name for name in ("agents.py", "greedy.py", "search.py")])
GROUP = "teambuilder.engine_native"    # the shared library lives inside the package


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def extension_files() -> list[Path]:
    """Every extension module this build makes: one beside each source, and the group's."""
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    return [p.with_suffix(suffix) for p in COMPILED] + list((ROOT / "teambuilder").glob("engine_native__mypyc*"))


def build() -> None:
    from mypyc.build import mypycify
    from setuptools.dist import Distribution

    os.chdir(ROOT)
    print(f"compiling {len(COMPILED)} modules with mypyc (about two minutes)...", file=sys.stderr)
    extensions = mypycify([str(p.relative_to(ROOT)) for p in COMPILED], group_name=GROUP,
                          target_dir="build/native")
    # A bare Distribution, not setup(): setup() would read pyproject.toml, which is
    # about the wheel, not this in-place build.
    distribution = Distribution({"name": "teambuilder-native", "ext_modules": extensions,
                                 "script_name": "build_native.py", "script_args": ["build_ext", "--inplace"]})
    distribution.parse_command_line()
    distribution.run_commands()


def write_manifest() -> None:
    manifest = {"modules": {module_name(p): source_hash(p) for p in COMPILED}}
    temporary = MANIFEST.with_suffix(".tmp")
    temporary.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    temporary.replace(MANIFEST)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--or-source", action="store_true",
                        help="if it cannot be compiled, remove the partial build and run from source")
    args = parser.parse_args(argv)
    started = time.monotonic()
    MANIFEST.unlink(missing_ok=True)    # no manifest while half built: sources are used
    try:
        build()
    except (Exception, SystemExit) as failure:   # distutils reports a compiler error as SystemExit
        if not args.or_source:
            raise
        for extension in extension_files():
            extension.unlink(missing_ok=True)
        reason = str(failure).strip().splitlines()[-1] if str(failure).strip() else type(failure).__name__
        print(f"teambuilder: the engine could not be compiled ({reason}); it runs from source, "
              "the same games at about 100 a second instead of 250", file=sys.stderr)
        return 0
    write_manifest()
    print(f"compiled engine built in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Compile the rules engine and the AI with mypyc (see docs/native.md).

The extension modules are built beside their sources (Python loads them in preference to
the .py files), then ``teambuilder/_native.json`` records the hash of every source that
was compiled: ``teambuilder.native`` sets the whole build aside once any of them changes.
The same seeded games are played either way; compiled, they run about three times as fast.

The compiler's own output (a few hundred lines) goes to ``build/native.log``; the terminal
gets one progress line. ``make run``, ``make test``, ``make bench`` and ``make dist`` build
with ``--or-source``: where it cannot be compiled (no C compiler, say) the partial build is
removed, one line says why, and the engine runs from source. ``make native`` alone treats
a failure as an error.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from teambuilder.native import MANIFEST, source_hash  # noqa: E402 (needs the path set above)

# What a game runs through on every move: the engine, the agents and every AI module they
# ask, and the card values the engine reads all the time (a card, its abilities and their
# die filters: compiled, their fields are read directly, not looked up by name). Not the
# package __init__ files: they run the freshness check before anything compiled loads. Not
# the card scripts (teambuilder/engine/scripts/): they run rarely, compiling them bought no
# measurable speed (docs/native.md), and left as Python a card edit needs no rebuild.
COMPILED = sorted(
    [p for folder in ("engine", "ai") for p in (ROOT / "teambuilder" / folder).glob("*.py")
     if p.name != "__init__.py"]
    + [ROOT / "teambuilder" / "catalogue" / name for name in ("ability_values.py", "model.py")])
GROUP = "teambuilder.engine_native"    # the shared library lives inside the package
LOG = ROOT / "build" / "native.log"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def extension_files() -> list[Path]:
    """Every extension module this build makes: one beside each source, and the group's."""
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    return [p.with_suffix(suffix) for p in COMPILED] + list((ROOT / "teambuilder").glob("engine_native__mypyc*"))


def leftover_extensions() -> list[Path]:
    """Extension modules an earlier build left that this one does not make: beside a module
    since removed or renamed, or one no longer compiled (the card scripts). The manifest
    does not name them, so nothing would set them aside, and Python would load them
    instead of the source."""
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    current = set(extension_files())
    return [p for folder in ("engine", "ai", "catalogue") for p in (ROOT / "teambuilder" / folder).rglob(f"*{suffix}")
            if p not in current]


def compile_in_place() -> None:
    """The build itself (run in a child process whose output goes to the log)."""
    from mypyc.build import mypycify
    from setuptools.dist import Distribution

    os.chdir(ROOT)
    extensions = mypycify([str(p.relative_to(ROOT)) for p in COMPILED], group_name=GROUP,
                          target_dir="build/native")
    # A bare Distribution, not setup(): setup() would read pyproject.toml, which is
    # about the wheel, not this in-place build.
    # Its work files (C sources, objects) stay together in build/native.
    distribution = Distribution({"name": "teambuilder-native", "ext_modules": extensions,
                                 "script_name": "build_native.py",
                                 "script_args": ["build_ext", "--inplace", "--build-temp", "build/native/temp"]})
    distribution.parse_command_line()
    distribution.run_commands()


def run_build(show_progress: bool) -> str | None:
    """Build in a child process, logging its output; None when it worked, else why not."""
    LOG.parent.mkdir(exist_ok=True)
    total = len(COMPILED) + 1       # one extension per module, and the group's shared library
    done = 0
    with LOG.open("w", encoding="utf-8") as log, subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--in-child"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, cwd=ROOT) as child:
        assert child.stdout is not None
        for line in child.stdout:
            log.write(line)
            if line.startswith("building '"):     # setuptools starts the next extension
                done += 1
                if show_progress:
                    print(f"\rcompiling the engine with mypyc: {done}/{total} extensions",
                          end="", file=sys.stderr, flush=True)
    if show_progress and done:
        print(file=sys.stderr)
    if child.returncode == 0:
        return None
    lines = LOG.read_text(encoding="utf-8").splitlines()
    # gcc and mypy say "file:line: error: ..."; otherwise a traceback's last line says why.
    errors = [line for line in lines if re.search(r"(^|: )error: ", line)] or lines[-1:] or ["no output"]
    return f"{errors[0].strip()} (the whole output is in {LOG.relative_to(ROOT)})"


def write_manifest() -> None:
    manifest = {"modules": {module_name(p): source_hash(p) for p in COMPILED}}
    temporary = MANIFEST.with_suffix(".tmp")
    temporary.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    temporary.replace(MANIFEST)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--or-source", action="store_true",
                        help="if it cannot be compiled, remove the partial build and run from source")
    parser.add_argument("--in-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.in_child:
        compile_in_place()      # a failure ends in a traceback or error lines, all logged
        return 0
    started = time.monotonic()
    MANIFEST.unlink(missing_ok=True)    # no manifest while half built: sources are used
    for extension in leftover_extensions():
        extension.unlink()
    print(f"compiling {len(COMPILED)} engine, AI and card-value modules with mypyc "
          "(about two minutes)...", file=sys.stderr)
    failure = run_build(show_progress=sys.stderr.isatty())
    if failure is not None:
        # Leftover extensions would shadow the sources with no manifest to vouch for them.
        for extension in extension_files():
            extension.unlink(missing_ok=True)
        if not args.or_source:
            print(f"the engine could not be compiled: {failure}", file=sys.stderr)
            return 1
        print(f"teambuilder: the engine could not be compiled, so it runs from source (the same "
              f"games, about 100 a second instead of 300): {failure}", file=sys.stderr)
        return 0
    write_manifest()
    print(f"compiled engine built in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

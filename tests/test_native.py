"""The compiled engine's freshness check: a build older than its sources is set aside,
so an edit is never hidden by a stale extension module (docs/native.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from teambuilder.native import (
    _SourceFirst,
    built_modules,
    is_compiled,
    module_source,
    source_hash,
    stale_modules,
)
from tests.conftest import REPO

TEAMS = REPO / "data" / "teams"


def fresh_build() -> bool:
    built = built_modules()
    return bool(built) and not stale_modules(built)


def test_a_module_whose_source_changed_since_the_build_is_stale() -> None:
    game = module_source("teambuilder.engine.game")
    assert game.name == "game.py" and game.exists()
    assert stale_modules({"teambuilder.engine.game": "0" * 64}) == ["teambuilder.engine.game"]


def test_a_module_never_compiled_is_stale_even_with_the_right_hash(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # (in a checkout without `make native` there is no extension module beside the source)
    describe = module_source("teambuilder.engine.describe")
    if any(p.suffix == ".so" for p in describe.parent.glob("describe.*")):
        return      # built here: the first test covers the hash
    assert stale_modules({"teambuilder.engine.describe": source_hash(describe)}) == ["teambuilder.engine.describe"]


def test_set_aside_modules_load_from_their_python_source() -> None:
    spec = _SourceFirst(["teambuilder.engine.game"]).find_spec("teambuilder.engine.game")
    assert spec is not None and spec.origin is not None and spec.origin.endswith("game.py")
    assert _SourceFirst(["teambuilder.engine.game"]).find_spec("teambuilder.engine.turn") is None


def test_a_fresh_build_is_the_engine_that_runs() -> None:
    if not fresh_build():
        pytest.skip("the engine is not compiled here (make native)")
    from teambuilder.ai import greedy
    from teambuilder.engine import game
    assert os.environ.get("TEAMBUILDER_INTERPRETED") or (is_compiled(game) and is_compiled(greedy))


def test_compiled_and_source_engines_play_the_same_games() -> None:
    if not fresh_build():
        pytest.skip("the engine is not compiled here (make native)")
    # Both runs are seeded the same way; the JSON holds every game's winner, turns and damage.
    command = [sys.executable, "-m", "teambuilder", "sim", str(TEAMS / "standard-x-men.yaml"),
               str(TEAMS / "standard-bat-family.yaml"), "-n", "12", "--seed", "5", "--jobs", "1", "--json"]
    runs = []
    for interpreted in ("", "1"):
        environment = {**os.environ, "TEAMBUILDER_INTERPRETED": interpreted}
        done = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=300, check=True)
        assert "out of date" not in done.stderr
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
    assert runs[0]["games"] == 12

"""The compiled engine's freshness check: a build older than its sources is set aside,
so an edit is never hidden by a stale extension module (docs/native.md)."""

from __future__ import annotations

from teambuilder.native import _SourceFirst, module_source, source_hash, stale_modules


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

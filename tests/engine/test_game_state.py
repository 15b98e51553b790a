"""The game's state by lifetime: turn memory is forgotten in one place, and a game copy
gets containers of its own for everything that changes."""

from __future__ import annotations

from teambuilder.ai.agents import RandomAgent
from teambuilder.engine.game import Game
from teambuilder.engine.game_state import Bookkeeping, TurnMemory
from teambuilder.engine.scripts import Frozen


def _attributes(obj: object) -> list[str]:
    # A compiled class lists its attributes on the class; a Python one keeps a __dict__.
    names = set(getattr(type(obj), "__mypyc_attrs__", ())) - {"__dict__"}
    return sorted(names or vars(obj))


def _fill(obj: object) -> None:
    """Put one entry in every container ``obj`` holds."""
    for name in _attributes(obj):
        table = getattr(obj, name)
        if isinstance(table, dict):
            table[7] = {"hits": {1}, "player_hits": {1}, "harmed_by": {1}, "iron_will": (1, 2), "named": "Hulk",
                         "borrowed": [(1, False, 0, None)]}.get(name, 1)
        elif isinstance(table, set):
            table.add(7)
        else:
            table.append(7)


def test_turn_memory_is_all_forgotten_when_the_turn_ends() -> None:
    memory = TurnMemory()
    _fill(memory)
    assert all(getattr(memory, name) for name in _attributes(memory))
    memory.reset()
    assert [name for name in _attributes(memory) if getattr(memory, name)] == []


def test_copies_share_no_container_with_the_original() -> None:
    for original in (TurnMemory(), Bookkeeping()):
        _fill(original)
        copy = original.copy()
        for name in _attributes(original):
            assert getattr(copy, name) == getattr(original, name), name
            assert getattr(copy, name) is not getattr(original, name), name
        for name in ("hits", "player_hits", "borrowed"):
            if hasattr(original, name):
                assert getattr(copy, name)[7] is not getattr(original, name)[7]


def _immutable(value: object) -> bool:
    if isinstance(value, int | str | Frozen) or value is None:
        return True
    return isinstance(value, tuple) and all(_immutable(item) for item in value)


def test_script_state_holds_only_values_a_copy_may_share(setups) -> None:  # type: ignore[no-untyped-def]
    """A game copy shares ``script_state`` (a shallow copy): every value scripts keep
    there must be immutable, or a look-ahead would change the real game."""
    seen = 0
    for first, second in (("wf-demo-first", "wf-demo-second"), ("wwe-demo-first", "wwe-demo-second"),
                          ("xmf-demo-first", "xmf-demo-second"), ("sww-demo-first", "sww-demo-second")):
        (a, life), (b, _) = setups(first), setups(second)
        for seed in range(6):
            game = Game([a, b], life=life, seed=seed)
            agents = [RandomAgent(seed), RandomAgent(seed + 1)]
            while game.decision is not None:
                assert [k for k, v in game.script_state.items() if not _immutable(v)] == []
                seen += len(game.script_state)
                game.apply(agents[game.decision.player].choose(game, game.decision))
    assert seen > 0      # the demo games do use script state

"""The game's state by lifetime: turn memory is forgotten in one place, and a game copy
gets containers of its own for everything that changes."""

from __future__ import annotations

from teambuilder.engine.game_state import Bookkeeping, TurnMemory


def _attributes(obj: object) -> list[str]:
    # A compiled class lists its attributes on the class; a Python one keeps a __dict__.
    names = set(getattr(type(obj), "__mypyc_attrs__", ())) - {"__dict__"}
    return sorted(names or vars(obj))


def _fill(obj: object) -> None:
    """Put one entry in every container ``obj`` holds."""
    for name in _attributes(obj):
        table = getattr(obj, name)
        if isinstance(table, dict):
            table[7] = {"hits": {1}, "player_hits": {1}, "iron_will": (1, 2), "named": "Hulk",
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

"""The zone index: the dice of a zone are found without looking at every die, and the
index always agrees with where the dice are, in a game and in its look-ahead copies."""

from __future__ import annotations

from teambuilder.ai.agents import RandomAgent, play
from teambuilder.engine.game import Game
from teambuilder.engine.invariants import broken_invariants
from teambuilder.engine.state import Zone


def _game(setups) -> Game:  # type: ignore[no-untyped-def]
    (a, life), (b, _) = setups("standard-bat-family", "A"), setups("standard-x-men", "B")
    return Game([a, b], life=life, seed=5)


def test_moving_a_die_moves_it_in_the_index(setups) -> None:  # type: ignore[no-untyped-def]
    game = _game(setups)
    me = game.inactive               # Sidekicks still in the bag
    die = game.zone(me, Zone.BAG)[0]
    die.zone = Zone.USED
    assert die not in game.zone(me, Zone.BAG)
    assert die in game.zone(me, Zone.USED)
    assert game.zone(me, Zone.USED) == sorted(game.zone(me, Zone.USED), key=lambda d: d.id)
    die.owner = 1 - me               # taken over by the other player
    assert die in game.zone(1 - me, Zone.USED) and die not in game.zone(me, Zone.USED)
    die.owner = me
    assert broken_invariants(game) == []


def test_a_copy_keeps_its_own_index(setups) -> None:  # type: ignore[no-untyped-def]
    game = _game(setups)
    copy = game.clone(seed=1)
    moved = copy.zone(copy.inactive, Zone.BAG)[0]
    moved.zone = Zone.USED
    original = game.dice[moved.id]
    assert original in game.zone(game.inactive, Zone.BAG) and moved in copy.zone(copy.inactive, Zone.USED)
    play(copy, [RandomAgent(1), RandomAgent(2)])
    assert broken_invariants(copy) == [] and broken_invariants(game) == []


def test_tokens_join_the_index(setups) -> None:  # type: ignore[no-untyped-def]
    from teambuilder.engine.keywords import make_token
    game = _game(setups)
    token = make_token(game, 1, 2, 2)
    assert token in game.field_characters(1) and token in game.field_characters()
    assert broken_invariants(game) == []


def test_the_invariant_check_notices_a_die_moved_behind_the_index(setups) -> None:  # type: ignore[no-untyped-def]
    game = _game(setups)
    die = game.zone(game.inactive, Zone.BAG)[0]
    die._zone = Zone.USED  # type: ignore[attr-defined]   # what the property exists to prevent
    assert "the zone index does not list the dice where they are" in broken_invariants(game)


def test_clone_copies_every_attribute_a_game_has(setups) -> None:  # type: ignore[no-untyped-def]
    """A new Game attribute must be given a place in the clone plan: an attribute the
    clone forgot would be missing from the look-ahead copy (or shared with it)."""
    from teambuilder.engine.game import CLONE_PLAN
    game = _game(setups)
    # (A compiled Game lists its attributes on the class; a Python one keeps a __dict__.)
    names = set(getattr(Game, "__mypyc_attrs__", ())) - {"__dict__"} or set(vars(game))
    assert names == CLONE_PLAN


def test_playing_a_copy_to_the_end_leaves_the_game_as_it_was(setups) -> None:  # type: ignore[no-untyped-def]
    game = _game(setups)
    play_some = [RandomAgent(3), RandomAgent(4)]
    for _ in range(60):
        assert game.decision is not None
        game.apply(play_some[game.decision.player].choose(game, game.decision))
    before = _snapshot(game)
    copy = game.clone()
    play(copy, [RandomAgent(1), RandomAgent(2)])
    assert copy.over and _snapshot(game) == before
    twin = game.clone()      # without a seed the copy rolls what the game would roll
    play(twin, [RandomAgent(1), RandomAgent(2)])
    assert twin.log == copy.log and twin.winner == copy.winner


def _snapshot(game: Game) -> tuple[object, ...]:
    dice = [(d.id, d.zone, d.owner, d.face, d.damage, sorted(d.flags), d.attacking, d.blocking) for d in game.dice]
    players = [(p.life, p.virtual, sorted(p.global_uses.items())) for p in game.players]
    return (dice, players, list(game.tasks), game.turn_number, game.decision, len(game.log), game.rng.getstate())

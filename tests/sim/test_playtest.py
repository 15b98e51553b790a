"""A playtest session: the user's seat answered by a stand-in, undo, restart, replays."""

from __future__ import annotations

from pathlib import Path

import pytest

from teambuilder.ai.agents import make_agent
from teambuilder.engine.actions import DeclareAttackers, Pass
from teambuilder.engine.game import IllegalAction
from teambuilder.sim.matchup import build_matchup
from teambuilder.sim.playtest import ME, PlaytestConfig, PlaytestError, PlaytestSession
from teambuilder.teams.team_file import read_team_file
from tests.conftest import REPO

TEAMS = REPO / "data" / "teams"


@pytest.fixture
def make_session(catalogue):  # type: ignore[no-untyped-def]
    def make(config: PlaytestConfig = PlaytestConfig(seed=3, first="me")) -> PlaytestSession:  # noqa: B008
        teams = (read_team_file(TEAMS / "standard-bat-family.yaml"), read_team_file(TEAMS / "standard-villains.yaml"))
        return PlaytestSession(build_matchup(teams, catalogue, "standard"), teams, config)
    return make


def play(session: PlaytestSession, my_moves: int | None = None) -> None:
    """The greedy AI stands in for the user for ``my_moves`` decisions (None: to the end)."""
    stand_in = make_agent("greedy", 99)
    moves = 0
    while not session.game.over and (my_moves is None or moves < my_moves or session.ai_to_decide):
        if session.ai_to_decide:
            session.ai_step()
        else:
            session.apply(stand_in.choose(session.game, session.game.decision))
            moves += 1


def test_a_whole_game_ends_with_a_summary(make_session) -> None:  # type: ignore[no-untyped-def]
    session = make_session()
    assert session.game.first_player == ME and session.my_turn_to_decide
    play(session)
    summary = session.summary()
    assert summary.winner in {p.name for p in session.game.players}
    assert summary.turns == session.game.turn_number > 3
    assert sum(summary.dice_bought) > 4
    loser = 1 - session.game.winner
    assert summary.damage_dealt[session.game.winner] >= session.game.players[loser].start_life
    assert summary.winner in summary.line() or summary.result in summary.line()


def test_the_user_cannot_answer_for_the_ai_or_illegally(make_session) -> None:  # type: ignore[no-untyped-def]
    session = make_session(PlaytestConfig(seed=3, first="ai"))
    assert session.ai_to_decide
    with pytest.raises(AssertionError):
        session.apply(Pass())
    while session.ai_to_decide:
        session.ai_step()
    assert session.my_turn_to_decide and session.game.decision.kind == "priority"   # the AI's turn
    recorded = len(session.game.record)
    with pytest.raises(IllegalAction):
        session.apply(DeclareAttackers(()))          # not an answer to priority
    assert len(session.game.record) == recorded and session.deciders.count(ME) == 0


def test_undo_takes_back_my_last_decision_and_the_ai_replies(make_session) -> None:  # type: ignore[no-untyped-def]
    session = make_session()
    play(session, my_moves=12)
    mine = [i for i, who in enumerate(session.deciders) if who == ME]
    before_last = mine[-1]
    expected_record = session.game.record[:before_last]
    assert session.undo()
    assert session.game.record == expected_record
    assert session.my_turn_to_decide
    fresh = make_session()
    for action, who in zip(expected_record, session.deciders, strict=False):
        fresh._apply(who, action)
    assert fresh.game.log == session.game.log


def test_restart_and_a_saved_replay_give_the_same_game(make_session, catalogue, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    session = make_session()
    first_log = list(session.game.log)
    play(session, my_moves=20)
    path = tmp_path / "replay.json"
    session.save(path)
    record, teams = PlaytestSession.read_replay(path)
    loaded = PlaytestSession.from_record(build_matchup(teams, catalogue, record["format"]), teams, record)
    assert loaded.game.log == session.game.log and loaded.deciders == session.deciders
    played = list(session.game.log)
    session.restart()
    assert session.game.log == first_log
    assert session.can_undo() and session.undo()           # undo brings the game before the restart back
    assert session.game.log == played


def test_a_broken_replay_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "replay.json"
    path.write_text('{"seed": 1}')
    with pytest.raises(PlaytestError, match=r"replay\.json: not a saved playtest"):
        PlaytestSession.read_replay(path)


def test_the_ais_passes_are_logged_where_they_happened(make_session) -> None:  # type: ignore[no-untyped-def]
    session = make_session()
    play(session, my_moves=30)
    lines = session.log_lines()
    passes = [i for i, line in enumerate(lines) if "passes priority" in line]
    assert passes, "the AI never passed"
    for index in passes:
        turn = lines[index].split()[0]                      # "T6"
        earlier = [line.split()[0] for line in lines[:index] if line.startswith("T")]
        # Nothing before a pass belongs to a later turn: the pass is not filed after what followed it.
        assert all(int(t[1:]) <= int(turn[1:]) for t in earlier[-5:]), lines[index - 5:index + 1]

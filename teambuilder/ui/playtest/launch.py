"""Starting a playtest: the opponents on offer (a random team of your format, the library
and the reference teams), the setup dialog, building a session from teams or from a saved replay, and the CLI's run
(offscreen when it only renders and there is no display; logged, with the crash handler)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from teambuilder import paths
from teambuilder.ai.agents import AGENTS
from teambuilder.catalogue.repository import Catalogue
from teambuilder.sim.matchup import MatchupError, build_matchup
from teambuilder.sim.playtest import PlaytestConfig, PlaytestError, PlaytestSession
from teambuilder.teams.formats import Format
from teambuilder.teams.library import LibraryError, TeamLibrary
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team
from teambuilder.teams.random_team import RandomTeamError, TeamDrawer
from teambuilder.teams.team_file import TeamFileError, read_team_file

FIRST_LABELS = {"toss": "Coin toss", "me": "You", "ai": "The AI"}
RANDOM = "random"       # the opponent picker's data for "Random team"
MAX_SEED = 1_000_000


def reference_teams() -> list[tuple[str, Team]]:
    """The teams shipped in data/teams (rulebook demo teams and full 8-card teams)."""
    found = []
    for path in sorted((paths.data_dir() / "teams").glob("*.yaml")):
        try:
            team = read_team_file(path)
        except TeamFileError:
            continue
        found.append((f"{team.name} ({path.stem})", team))
    return found


def make_session(mine: Team, opponent: Team, catalogue: Catalogue, config: PlaytestConfig) -> PlaytestSession:
    """Your team in seat 0, the opponent in seat 1, under your team's format."""
    try:
        matchup = build_matchup((mine, opponent), catalogue, mine.format)
    except MatchupError as error:
        raise PlaytestError(str(error)) from error
    return PlaytestSession(matchup, (mine, opponent), config)


def session_from_replay(path: Path, catalogue: Catalogue) -> PlaytestSession:
    record, teams = PlaytestSession.read_replay(path)
    try:
        matchup = build_matchup(teams, catalogue, str(record.get("format") or teams[0].format))
    except MatchupError as error:
        raise PlaytestError(f"{path}: {error}") from error
    return PlaytestSession.from_record(matchup, teams, record)


def _card_name(lookup: CardLookup, ref: str) -> str:
    card = lookup.resolve(ref)
    return card.name if card is not None else ref


class PlaytestSetupDialog(QDialog):
    """Choose the opponent, the AI, who goes first, the seed and the starting life. The AI
    starts at ``default_ai`` (the one chosen in Settings), or greedy when that is unknown.

    Given the ``catalogue``, the first opponent on offer is a random legal team of your
    team's format, drawn from its own seed: the seed and the team drawn are shown, so the
    same game can be played again."""

    def __init__(self, team: Team, fmt: Format | None, library: TeamLibrary | None,
                 parent: QWidget | None = None, default_ai: str = "greedy",
                 catalogue: Catalogue | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestSetup")
        self.setWindowTitle(f"Playtest {team.name}")
        self.opponent = QComboBox(objectName="playtestOpponent")
        self.opponent.setAccessibleName("Opponent team")
        self.fmt = fmt
        self.drawer = TeamDrawer(catalogue.search(""), fmt, CardLookup(catalogue)) \
            if catalogue is not None and fmt is not None else None
        if self.drawer is not None and fmt is not None:
            self.opponent.addItem(f"Random team ({fmt.name})", RANDOM)
        self.team_seed = QSpinBox()
        self.team_seed.setObjectName("playtestTeamSeed")
        self.team_seed.setRange(0, MAX_SEED)
        self.team_seed.setValue(random.randrange(MAX_SEED))    # a new team each time, shown
        self.team_seed.setAccessibleName("Random team seed")
        self.team_seed.setToolTip("The same seed draws the same team")
        self.drawn = QLabel()
        self.drawn.setObjectName("playtestRandomTeam")
        self.drawn.setWordWrap(True)
        self._drawn: Team | None = None
        for label, opponent in reference_teams():
            self.opponent.addItem(f"Reference: {label}", opponent)
        if library is not None:
            try:
                for entry in library.entries():
                    if entry.damaged is None:    # a damaged team cannot be played
                        self.opponent.addItem(f"Library: {entry.name}", entry.id)
            except LibraryError:
                pass
        self.library = library
        self.ai = QComboBox(objectName="playtestAI")
        for name in AGENTS:
            self.ai.addItem(name, name)
        preselected = self.ai.findData(default_ai)
        self.ai.setCurrentIndex(preselected if preselected >= 0 else self.ai.findData("greedy"))
        self.first = QComboBox(objectName="playtestFirst")
        for key, label in FIRST_LABELS.items():
            self.first.addItem(label, key)
        self.seed = QSpinBox(objectName="playtestSeed")
        self.seed.setRange(0, 1_000_000)
        self.life = QSpinBox(objectName="playtestLife")
        self.life.setRange(1, 99)
        self.life.setValue(fmt.life if fmt is not None else 20)
        form = QFormLayout(self)
        form.addRow("Opponent", self.opponent)
        form.addRow("Random team seed", self.team_seed)
        form.addRow("", self.drawn)
        form.addRow("AI", self.ai)
        form.addRow("Goes first", self.first)
        form.addRow("Seed", self.seed)
        form.addRow("Life", self.life)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.opponent.currentIndexChanged.connect(lambda _index: self._show_draw())
        self.team_seed.valueChanged.connect(lambda _value: self._show_draw())
        self._show_draw()

    def _show_draw(self) -> None:
        """Draw the random team for the seed shown, and say what it is (or why none)."""
        chosen = self.opponent.currentData() == RANDOM
        self.team_seed.setEnabled(chosen)
        self.drawn.setVisible(chosen)
        self._drawn = None
        if not chosen or self.drawer is None or self.fmt is None:
            return
        seed = self.team_seed.value()
        try:
            self._drawn = self.drawer.draw(random.Random(seed), f"Random {self.fmt.name} {seed}")
        except RandomTeamError as error:
            self.drawn.setText(f"No random team: {error}")
            return
        lookup = self.drawer.lookup
        names = ", ".join(f"{_card_name(lookup, entry.ref)} \u00d7{entry.dice}" for entry in self._drawn.cards)
        self.drawn.setText(f"{self._drawn.name}: {names}")

    def config(self) -> PlaytestConfig:
        return PlaytestConfig(ai=str(self.ai.currentData()), seed=self.seed.value(),
                              first=str(self.first.currentData()), life=self.life.value())

    def opponent_team(self) -> Team:
        """The chosen opponent; RandomTeamError (a ValueError) when no random team could be drawn."""
        data = self.opponent.currentData()
        if data == RANDOM:
            if self._drawn is None:
                raise RandomTeamError(self.drawn.text() or "no random team could be drawn")
            return self._drawn
        if isinstance(data, Team):
            return data
        assert self.library is not None
        return self.library.load(int(data))


def run_playtest_command(team_path: str, opponent_path: str | None, ai: str, seed: int, autoplay: bool,
                         first: str, screenshot: str | None = None, turn: int = 10) -> int:
    """``teambuilder playtest``: open the window; with autoplay play to the end, print the
    result line and exit; with ``screenshot`` play both sides up to your decision in
    ``turn``, save a picture of the window and exit. Those two only render, so with no
    display they draw offscreen; the interactive window needs a display (exit 2 without)."""
    from teambuilder.app_log import EXIT_INTERNAL_ERROR, setup_logging
    from teambuilder.display import (
        EXIT_NO_DISPLAY,
        NO_DISPLAY_MESSAGE,
        can_show_windows,
        render_offscreen_if_headless,
    )
    from teambuilder.ui.app import start_application
    from teambuilder.ui.crash_handler import install_crash_handler

    interactive = not (autoplay or screenshot)
    if interactive and not can_show_windows():
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return EXIT_NO_DISPLAY
    if not interactive:
        render_offscreen_if_headless()
    app = start_application("light")
    crash = install_crash_handler(setup_logging(), show_dialog=interactive)
    try:
        config = PlaytestConfig(ai=ai, seed=seed, first=first)
        code = _run_playtest(app, team_path, opponent_path, config, autoplay, screenshot, turn)
    except Exception as error:  # noqa: BLE001 - a bug: logged and reported, not a bare traceback
        return crash.report_fatal(error)
    finally:
        crash.uninstall()
    # A run that renders unattended fails on any error raised along the way.
    return EXIT_INTERNAL_ERROR if crash.count and not interactive else code


def _run_playtest(app: QApplication, team_path: str, opponent_path: str | None,
                  config: PlaytestConfig, autoplay: bool, screenshot: str | None, turn: int) -> int:
    from teambuilder.ui.app import load_catalogue_with_progress, save_screenshot
    from teambuilder.ui.playtest.window import PlaytestWindow

    try:
        mine = read_team_file(Path(team_path))
        opponent = read_team_file(Path(opponent_path)) if opponent_path else _default_opponent(mine)
        catalogue = load_catalogue_with_progress()
        session = make_session(mine, opponent, catalogue, config)
    except (TeamFileError, PlaytestError, ValueError) as error:
        print(f"teambuilder: {error}", file=sys.stderr)
        return 2
    window = PlaytestWindow(session, catalogue, autoplay=autoplay or bool(screenshot),
                            pace_ms=0 if autoplay or screenshot else 400)
    window.show()
    if screenshot:
        window.play_until(turn)
        return save_screenshot(app, window, screenshot)
    if autoplay:
        window.play_to_end()
        print(window.session.summary().line())
        window.close()
        return 0
    return int(app.exec())


def _default_opponent(mine: Team) -> Team:
    """A full reference team other than yours (the Villains, unless that is you)."""
    teams = [team for _, team in reference_teams() if team.name != mine.name and len(team.cards) == 8]
    preferred = [team for team in teams if "villain" in team.name.lower()]
    if not teams:
        raise PlaytestError("no reference opponent team found in data/teams")
    return (preferred or teams)[0]

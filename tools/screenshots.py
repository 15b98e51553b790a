"""The README's pictures: the team builder and a playtest at 1280x720, 1366x768 and 1920x1080, light
and dark, drawn on whatever display is set (run it under Xvfb to see what a desktop shows:
``xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python tools/screenshots.py docs/``).

It uses the user's catalogue cache but a scratch user folder, so no team or setting of
yours is touched. Writes ``builder-<W>x<H>-<theme>.png`` and ``playtest-<W>x<H>-<theme>.png``,
and ``matchups-<theme>.png`` (the Matchups panel after a short run against three teams).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

SIZES = ((1280, 720), (1366, 768), (1920, 1080))
THEMES = ("light", "dark")
REPO = Path(__file__).resolve().parents[1]
# Picture this checkout's code, not whatever teambuilder the interpreter has installed.
sys.path.insert(0, str(REPO))


def main(out: Path) -> int:
    os.environ["TEAMBUILDER_USER_DIR"] = tempfile.mkdtemp(prefix="teambuilder-screenshots-")
    from teambuilder.catalogue.repository import Catalogue
    from teambuilder.sim.playtest import PlaytestConfig
    from teambuilder.teams.team_file import read_team_file
    from teambuilder.ui import create_main_window, themes
    from teambuilder.ui.app import start_application
    from teambuilder.ui.matchups import MatchupsDialog
    from teambuilder.ui.playtest.launch import make_session
    from teambuilder.ui.playtest.window import PlaytestWindow

    app = start_application("light")
    catalogue = Catalogue.open()
    teams = REPO / "data" / "teams"
    mine, theirs = read_team_file(teams / "standard-x-men.yaml"), read_team_file(teams / "modern-brotherhood.yaml")
    out.mkdir(parents=True, exist_ok=True)
    for theme in THEMES:
        themes.apply_theme(app, theme)
        for width, height in SIZES:
            # A fresh library each time: the team opened is never a second copy ("(2)").
            os.environ["TEAMBUILDER_USER_DIR"] = tempfile.mkdtemp(prefix="teambuilder-screenshots-")
            window = create_main_window(catalogue)
            window.open_path(teams / "standard-x-men.yaml")
            window.catalogue_panel.search_box.setText("set:xmf")
            window.resize(width, height)
            window.show()
            _settle(app)
            window.grab().save(str(out / f"builder-{width}x{height}-{theme}.png"))
            window.close()
            session = make_session(mine, theirs, catalogue, PlaytestConfig(seed=3, first="me"))
            playtest = PlaytestWindow(session, catalogue, autoplay=True, pace_ms=0, ask_before_closing=False)
            playtest.resize(width, height)
            playtest.show()
            playtest.play_until(6)
            _settle(app)
            playtest.grab().save(str(out / f"playtest-{width}x{height}-{theme}.png"))
            playtest.close()
        field = [(name, read_team_file(teams / f"{name}.yaml"))
                 for name in ("modern-brotherhood", "standard-villains", "standard-bat-family")]
        matchups = MatchupsDialog(mine, catalogue, field)
        matchups.games.setValue(40)
        matchups.show()
        matchups.run()
        while matchups.worker is not None and not matchups.worker.wait(50):
            app.processEvents()
        _settle(app)
        matchups.grab().save(str(out / f"matchups-{theme}.png"))
        matchups.close()
    print(f"wrote {len(SIZES) * len(THEMES) * 2 + len(THEMES)} pictures to {out}")
    return 0


def _settle(app: object) -> None:
    for _ in range(5):
        app.processEvents()  # type: ignore[attr-defined]


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")))

"""Engine benchmark: games per second in one process, random vs random and greedy vs
greedy.

Run with ``make bench``. Plays the same seeded games five times for each matchup (the
rulebook demo teams, two full 8-card standard teams, and the four Modern Era reference
teams in two pairs) and prints the median rate.
Nothing here asserts a time; the figures go in the closing notes. The first line says
whether the engine ran compiled (``make native``, docs/native.md) or from source.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from teambuilder import paths
from teambuilder.ai.agents import make_agent, play
from teambuilder.catalogue.repository import Catalogue
from teambuilder.engine.game import Game
from teambuilder.engine.setup import player_setup
from teambuilder.teams.formats import get_format, load_formats
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.team_file import read_team_file

MATCHUPS = {
    "demo (sww)": ("sww-demo-first", "sww-demo-second", "random"),
    "full 8-card": ("standard-bat-family", "standard-x-men", "random"),
    "full 8-card ": ("standard-bat-family", "standard-x-men", "greedy"),
    # The Modern Era reference teams (issue 23): the sets players build from today.
    "modern era": ("modern-infinity-watch", "modern-brotherhood", "greedy"),
    "modern era ": ("modern-house-of-el", "modern-thor-corps", "greedy"),
}
GAMES = 100
RUNS = 5


def main() -> int:
    import teambuilder.engine.game as game_module
    from teambuilder.native import is_compiled
    print("engine: " + ("compiled with mypyc (make native)" if is_compiled(game_module)
                        else "interpreted (run `make native` for the compiled engine)"))
    teams = paths.data_dir() / "teams"
    with tempfile.TemporaryDirectory() as tmp:
        catalogue = Catalogue.open(paths.data_dir() / "cards", Path(tmp) / "catalogue.sqlite")
        lookup, formats = CardLookup(catalogue), load_formats()
        for label, (first, second, ai) in MATCHUPS.items():
            team_a, team_b = read_team_file(teams / f"{first}.yaml"), read_team_file(teams / f"{second}.yaml")
            fmt = get_format(team_a.format, formats)
            setups = [player_setup(team_a, lookup, fmt, "A"), player_setup(team_b, lookup, fmt, "B")]
            rates, turns = [], []
            for run in range(RUNS):
                start = time.perf_counter()
                for seed in range(GAMES):
                    agents = [make_agent(ai, seed), make_agent(ai, seed + 1)]
                    game = play(Game(setups, life=fmt.life, seed=seed), agents)
                    turns.append(game.turn_number)
                rates.append(GAMES / (time.perf_counter() - start))
                print(f"\r{label}: run {run + 1}/{RUNS}", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
            print(f"{label:12} {ai} vs {ai}: median {statistics.median(rates):6.1f} games/s "
                  f"(min {min(rates):.1f}, max {max(rates):.1f}; {GAMES} games x {RUNS} runs; "
                  f"mean {statistics.mean(turns):.0f} turns a game)")
        catalogue.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

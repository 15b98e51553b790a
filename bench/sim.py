"""Sim benchmark: the same greedy-vs-greedy games with 1 job and with 2 jobs.

Run with ``make bench``. Plays 2,000 seeded games between two full 8-card reference teams
through ``teambuilder.sim.runner.run_games``, five times for each job count (taking turns), and prints
the median games per second and the speed-up of 2 jobs over 1 (issue 26 asks 1.8x or
better at 2,000 games; the compiled engine plays a few hundred games a second, so with a
few hundred games starting the workers is much of what is measured). Each run is a fresh
process, so both job counts start cold (the engine warms caches as it plays) and the
2-job figure includes starting its workers, as a user of ``teambuilder sim`` sees it. The
runs also check that both job counts gave the same results. Nothing here asserts a time;
on a busy machine the speed-up shrinks.
"""

from __future__ import annotations

import hashlib
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from teambuilder import paths
from teambuilder.sim.runner import SimSettings, run_games
from teambuilder.teams.team_file import read_team_file

TEAMS = ("standard-superman-family", "standard-villains")
GAMES = 2000
AI = "greedy"
RUNS = 5
JOBS = (1, 2)


def one_run(jobs: int) -> None:
    """Time one sim in this (fresh) process; print seconds and a digest of the results."""
    # Imported here: worker processes re-import this module and never need the SQL stack
    # (the catalogue, and the formats and card lookup that building a matchup reads).
    from teambuilder.catalogue.repository import Catalogue
    from teambuilder.sim.matchup import build_matchup

    folder = paths.data_dir() / "teams"
    teams = [read_team_file(folder / f"{name}.yaml") for name in TEAMS]
    with tempfile.TemporaryDirectory() as tmp:
        catalogue = Catalogue.open(paths.data_dir() / "cards", Path(tmp) / "catalogue.sqlite")
        matchup = build_matchup(teams, catalogue)
        catalogue.close()
    settings = SimSettings(matchup, (AI, AI), GAMES, base_seed=0)
    start = time.perf_counter()
    results = run_games(settings, jobs)
    seconds = time.perf_counter() - start
    print(seconds, hashlib.sha256(repr(results).encode()).hexdigest())


def main() -> int:
    samples: dict[int, list[float]] = {jobs: [] for jobs in JOBS}
    digests: set[str] = set()
    # The job counts take turns, run by run: a machine whose speed drifts (other work, clock
    # changes) slows both alike instead of whichever ran during the slow spell.
    for run in range(RUNS):
        for jobs in JOBS:
            print(f"\rrun {run + 1}/{RUNS}, {jobs} job(s)   ", end="", file=sys.stderr, flush=True)
            out = subprocess.run([sys.executable, __file__, "--run", str(jobs)], capture_output=True,
                                 text=True, check=True).stdout.split()
            samples[jobs].append(GAMES / float(out[0]))
            digests.add(out[1])
    print(file=sys.stderr)
    rates = {jobs: statistics.median(rate) for jobs, rate in samples.items()}
    for jobs, rate in samples.items():
        print(f"sim {' vs '.join(TEAMS)}, {AI} vs {AI}, {jobs} job(s): median {rates[jobs]:5.1f} games/s "
              f"(min {min(rate):.1f}, max {max(rate):.1f}; {GAMES} games x {RUNS} runs)")
    same = len(digests) == 1
    print(f"sim speed-up with 2 jobs: {rates[2] / rates[1]:.2f}x (results identical: {'yes' if same else 'NO'})")
    return 0 if same else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--run"]:
        one_run(int(sys.argv[2]))
        raise SystemExit(0)
    raise SystemExit(main())

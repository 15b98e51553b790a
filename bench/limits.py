"""Hostile-input benchmark: how long and how much memory the command line takes to refuse
a 1 KB YAML alias bomb and a 100 MB team file (issue 20: each within 2 s and 200 MB).

Run with ``make bench``. Each case runs as its own process (the whole command, start-up
included), five times; prints the median wall time and the largest peak memory (max RSS).
Nothing here asserts a time; tests/test_input_limits.py checks the refusal and the cap.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 5
# A "billion laughs" document of about 1 KB: each of 15 anchors lists the one before it 12
# times, so a naive loader would build 12**15 strings.
BOMB_LEVELS, BOMB_FANOUT = 15, 12
BOMB = "a0: &a0 [" + ",".join(['"lol"'] * BOMB_FANOUT) + "]\n" + "".join(
    f"a{level}: &a{level} [" + ",".join([f"*a{level - 1}"] * BOMB_FANOUT) + "]\n"
    for level in range(1, BOMB_LEVELS))


def _measure(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Median seconds, peak MB over the runs, and the exit code."""
    times, peaks, code = [], [], 0
    for _ in range(RUNS):
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "teambuilder", *argv], env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        times.append(time.perf_counter() - start)
        peaks.append(usage.ru_maxrss / 1024)
        code = os.waitstatus_to_exitcode(status)
    return statistics.median(times), max(peaks), code


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="teambuilder-bench-limits-"))
    env = {**os.environ, "TEAMBUILDER_USER_DIR": str(work / "user"), "TEAMBUILDER_CACHE_DIR": str(work / "cache")}
    subprocess.run([sys.executable, "-m", "teambuilder", "catalogue", "build"], env=env, check=True,
                   capture_output=True)
    bomb = work / "bomb.yaml"
    bomb.write_text(BOMB)
    huge = work / "huge.yaml"
    line = "  - {code: 5sww, dice: 4}\n"
    with huge.open("w") as stream:       # in blocks: the children's peak must be their own
        stream.write("name: x\ncards:\n")
        for _ in range(100):
            stream.write(line * (1024 * 1024 // len(line)))
    cases = [(f"alias bomb ({len(BOMB)} bytes)", ["team", "validate", str(bomb)]),
             (f"team file of {huge.stat().st_size / 2 ** 20:.0f} MB", ["team", "validate", str(huge)]),
             ("a legal team (for comparison)", ["team", "validate", "data/teams/standard-x-men.yaml"])]
    print(f"hostile input (teambuilder team validate; {RUNS} runs each, whole process)")
    for name, argv in cases:
        seconds, peak, code = _measure(argv, env)
        print(f"  {name:<32} median {seconds:5.2f} s   peak {peak:6.1f} MB   exit {code}")

    return 0


if __name__ == "__main__":
    sys.exit(main())

"""App benchmark: process start to the main window shown with the full catalogue, and
keystroke-to-filtered-view latency in the search box.

Run with ``make bench``. Start-up is measured in fresh processes (the catalogue index
already built, as on every start but the first): the child reports the time from its own
process start (read from /proc) to the first paint of the window. Latency types queries a
key at a time into the real search box and measures from the key event to the table
showing the new rows. Nothing here asserts a time; the figures go in the closing notes.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STARTS = 7
QUERIES = ("cheetah", "cost<=3 energy:fist", "kw:overcrush", "aff:villain -set:wwe", "set:xmf beast")

CHILD = r"""
import json, os, sys, time
from pathlib import Path

def since_process_start():
    # /proc/self/stat field 22: start time in clock ticks after boot.
    ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
    uptime = float(Path("/proc/uptime").read_text().split()[0])
    return uptime - ticks / os.sysconf("SC_CLK_TCK")

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from teambuilder.ui.app import load_catalogue_with_progress
from teambuilder.teams.library import TeamLibrary
from teambuilder.ui import create_main_window, themes

app = QApplication(sys.argv)
themes.apply_theme(app, "light")
window = create_main_window(load_catalogue_with_progress(), TeamLibrary.open())

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            print(json.dumps({"seconds": since_process_start(), "cards": window.catalogue_panel.proxy.rowCount()}))
            sys.stdout.flush()
            QTimer.singleShot(0, app.quit)
            obj.removeEventFilter(self)
        return False

watcher = FirstPaint()
window.catalogue_panel.view.viewport().installEventFilter(watcher)
window.show()
app.exec()
"""


def start_times(env: dict[str, str]) -> list[float]:
    times = []
    for run in range(STARTS):
        out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
        result = json.loads(out.stdout.strip().splitlines()[-1])
        times.append(result["seconds"])
        print(f"\rstart-up: run {run + 1}/{STARTS} ({result['cards']} cards)", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return times


def keystroke_latencies() -> list[float]:
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from teambuilder.teams.library import TeamLibrary
    from teambuilder.ui import create_main_window
    from teambuilder.ui.app import load_catalogue_with_progress

    app = QApplication.instance() or QApplication(sys.argv)
    window = create_main_window(load_catalogue_with_progress(), TeamLibrary.open())
    window.show()
    app.processEvents()
    panel = window.catalogue_panel
    latencies = []
    for query in QUERIES:
        panel.search_box.clear()
        app.processEvents()
        for char in query:
            start = time.perf_counter()
            QTest.keyClicks(panel.search_box, char)
            # Done when the pending search has run: the timer fired and the view has the rows.
            while panel._timer.isActive():
                app.processEvents()
            app.processEvents()
            latencies.append(time.perf_counter() - start)
        panel.search_box.clear()
    window.close()
    return latencies


def main() -> int:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
                   TEAMBUILDER_USER_DIR=str(Path(home) / "user"),
                   TEAMBUILDER_CACHE_DIR=str(Path(home) / "cache"))
        os.environ.update({k: env[k] for k in ("QT_QPA_PLATFORM", "TEAMBUILDER_USER_DIR", "TEAMBUILDER_CACHE_DIR")})
        from teambuilder.catalogue.repository import Catalogue
        Catalogue.open().close()       # build the index once, as the first start does
        times = start_times(env)
        print(f"app start to window shown: median {statistics.median(times) * 1000:.0f} ms "
              f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}; {STARTS} starts; target < 2000 ms)")
        latencies = keystroke_latencies()
        ordered = sorted(latencies)
        p95 = ordered[int(len(ordered) * 0.95) - 1]
        print(f"keystroke to filtered view: median {statistics.median(latencies) * 1000:.1f} ms, "
              f"95th percentile {p95 * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms "
              f"({len(latencies)} keys over {len(QUERIES)} queries; target < 50 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

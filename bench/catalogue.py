"""Catalogue benchmarks: build time of the index from the YAML, and search latency.

Run with ``make bench``. Prints medians; nothing here asserts a time (tests never do).
Targets (issue 2): under 2 s per 1,000 cards to build; median search under 20 ms.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from teambuilder import paths
from teambuilder.catalogue.repository import Catalogue
from teambuilder.catalogue.store import build_store

QUERIES = [
    "", "set:sww", "cheetah", "cost<=3 energy:fist", "kw:overcrush", "aff:villain -set:wwe",
    "a>=5", "d<=2 fcost:0", "(set:wf or set:xmf) kind:character cost>=5", '"target opposing"',
    "-kind:character", "rarity:rare energy:bolt", "name:superman", "text:prep", "max<4",
    "aff:x-men kw:regenerate or kw:fast", "level>=3 a>=6 d>=6", "kind:bac -text:global",
    "superstar", "code:5sww",
]
BUILD_RUNS = 5
SEARCH_RUNS = 15


def main() -> int:
    cards_dir = paths.cards_dir()
    with tempfile.TemporaryDirectory() as folder:
        store = Path(folder) / "bench.sqlite"
        build_times = []
        for _ in range(BUILD_RUNS):
            start = time.perf_counter()
            info = build_store(cards_dir, store)
            build_times.append(time.perf_counter() - start)
        build = statistics.median(build_times)
        per_thousand = build / info.card_count * 1000
        print(f"build: {info.card_count} cards, median {build * 1000:.0f} ms over {BUILD_RUNS} runs "
              f"= {per_thousand:.2f} s per 1,000 cards (target < 2 s)")

        catalogue = Catalogue.open(cards_dir, store)
        latencies = []
        for query in QUERIES:
            catalogue.search(query)  # warm the decoded-card cache as an open app would
            samples = []
            for _ in range(SEARCH_RUNS):
                start = time.perf_counter()
                catalogue.search(query)
                samples.append(time.perf_counter() - start)
            latencies.append(statistics.median(samples))
        cold = Catalogue.open(cards_dir, store)
        start = time.perf_counter()
        cold.search("")
        first_full = time.perf_counter() - start
        print(f"search: median {statistics.median(latencies) * 1000:.2f} ms over {len(QUERIES)} queries "
              f"(slowest {max(latencies) * 1000:.2f} ms; target median < 20 ms); "
              f"first full listing on a fresh open {first_full * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

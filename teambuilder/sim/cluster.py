"""Playing a gauntlet's batches on a Dask cluster (the optional ``cluster`` extra).

``--backend dask`` starts a ``LocalCluster`` on this machine (one single-threaded worker
process per job); ``--scheduler tcp://HOST:PORT`` uses a running scheduler and its workers
(docs/cluster.md). Either way the batches are the local ones (``gauntlet._tasks``) and
each comes back tagged with its pairing, so the report is byte-identical to a local run.

A batch is a pure function of its inputs (settings and game indexes), so when a worker
dies Dask runs its unfinished batches again elsewhere and each batch's result is taken
once: no game is lost or counted twice. Before anything runs, every worker is asked for
the fingerprint of its engine, AI and sim code (:func:`code_fingerprint`); a worker whose
code differs would play different games, so the run is refused with one line naming it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path

from teambuilder import __version__
from teambuilder.sim.runner import GameResult, Progress, SimSettings

try:
    from distributed import Client, LocalCluster, as_completed
except ImportError:                    # the extra is not installed: said when a run asks for it
    Client = LocalCluster = as_completed = None  # type: ignore[assignment,misc]

PACKAGES = ("engine", "ai", "sim")
INSTALL_HINT = "install the cluster extra: pip install 'teambuilder[cluster]'"


class ClusterError(RuntimeError):
    """The cluster cannot run this gauntlet (not installed, unreachable, mismatched); one line."""


def code_fingerprint() -> str:
    """A hash of the teambuilder version and the engine, AI and sim sources: two machines
    with the same fingerprint play the same games from the same seeds."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(__version__.encode())
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _check_workers(client: Client, address: str) -> None:
    mine = code_fingerprint()
    theirs = client.run(code_fingerprint)
    if not theirs:
        raise ClusterError(f"the scheduler {address} has no workers; start some (docs/cluster.md)")
    for worker, fingerprint in sorted(theirs.items()):
        if fingerprint != mine:
            raise ClusterError(f"worker {worker} runs other teambuilder code (engine fingerprint "
                               f"{fingerprint[:12]}, here {mine[:12]}); install the same teambuilder "
                               "version on every worker")


Task = tuple[int, SimSettings, int, int]     # pairing, its settings, first and last+1 game
Play = Callable[[Task], tuple[int, list[GameResult]]]


def run_on_dask(tasks: Sequence[Task], play: Play, pairings: int, total: int,
                workers: int, scheduler: str | None, progress: Progress | None) -> list[list[GameResult]]:
    """Run ``play`` over ``tasks`` on the cluster; per pairing, its results (unsorted)."""
    if Client is None:
        raise ClusterError(f"the Dask backend is not installed; {INSTALL_HINT}")
    cluster = None
    try:
        if scheduler is None:
            # (distributed has no type hints: its calls are untyped to mypy)
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                                   dashboard_address=None)
            client = Client(cluster)  # type: ignore[no-untyped-call]
        else:
            client = Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
    except OSError as error:
        raise ClusterError(f"cannot reach the Dask scheduler {scheduler}: {error}") from error
    results: list[list[GameResult]] = [[] for _ in range(pairings)]
    try:
        _check_workers(client, scheduler or str(cluster.scheduler_address if cluster else ""))
        done = 0
        futures = client.map(play, list(tasks), pure=False)
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            pairing, batch = future.result()
            results[pairing].extend(batch)
            done += len(batch)
            if progress is not None:
                progress(done, total)
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()
    return results

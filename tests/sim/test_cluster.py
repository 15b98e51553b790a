"""The Dask backend of teambuilder gauntlet (issue 26), on a real LocalCluster: the same
report as a local run, a worker killed mid-run changes nothing, and a worker running other
code is refused."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from teambuilder.sim import cluster
from tests.fuzz.conftest import run_cli

TEAMS = Path(__file__).resolve().parents[2] / "data" / "teams"
ARGS = [str(TEAMS / "sww-demo-first.yaml"), str(TEAMS / "wf-demo-first.yaml"), "--against",
        str(TEAMS / "sww-demo-second.yaml"), str(TEAMS / "xmf-demo-second.yaml"), "-n", "12", "--seed", "7", "--json"]


@pytest.fixture(scope="module")
def local_report() -> str:
    run = run_cli("gauntlet", *ARGS, "--jobs", "1")
    assert run.code == 0, run.err
    return run.out


@pytest.fixture
def dask_cluster():  # type: ignore[no-untyped-def]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as running:
        yield running


def test_the_dask_backend_gives_the_local_report(local_report: str) -> None:
    run = run_cli("gauntlet", *ARGS, "--backend", "dask", "--jobs", "2")
    assert run.code == 0, run.err
    assert run.out == local_report


def test_a_worker_killed_mid_run_changes_nothing(dask_cluster, local_report: str) -> None:  # type: ignore[no-untyped-def]
    killed: list[str] = []
    with Client(dask_cluster) as watcher:
        pids = watcher.run(os.getpid)                     # worker address -> its process

        def kill_a_busy_worker() -> None:
            """Once a worker holds batches of the run, kill it (SIGKILL: no goodbye)."""
            for _ in range(3000):
                busy = [address for address, keys in watcher.processing().items() if keys and address in pids]
                if busy:
                    os.kill(pids[busy[0]], signal.SIGKILL)
                    killed.append(busy[0])
                    return
                threading.Event().wait(0.01)

        thread = threading.Thread(target=kill_a_busy_worker, daemon=True)
        thread.start()
        run = run_cli("gauntlet", *ARGS, "--scheduler", dask_cluster.scheduler_address)
        thread.join(timeout=30)
    assert killed, "no worker was busy to kill"
    assert run.code == 0, run.err
    assert run.out == local_report                        # every game once, the same games


def test_a_worker_with_other_code_is_refused(dask_cluster, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    with Client(dask_cluster) as client:
        # One worker pretends to run another release: its fingerprint differs.
        address = sorted(client.scheduler_info()["workers"])[0]
        client.run(lambda: setattr(cluster, "code_fingerprint", lambda: "0" * 64), workers=[address])
    run = run_cli("gauntlet", *ARGS, "--scheduler", dask_cluster.scheduler_address)
    assert run.code == 2
    assert "runs other teambuilder code" in run.err and address in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_an_unreachable_scheduler_is_one_line() -> None:
    run = run_cli("gauntlet", *ARGS, "--scheduler", "tcp://127.0.0.1:9")
    assert run.code == 2 and "tcp://127.0.0.1:9" in run.err
    assert len(run.err.strip().splitlines()) == 1

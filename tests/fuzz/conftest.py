"""Fuzzer settings: a modest number of cases per reader in ``make test``, thousands in
``make fuzz`` (``TEAMBUILDER_FUZZ_EXAMPLES``)."""

from __future__ import annotations

import contextlib
import io
import os
from dataclasses import dataclass

from hypothesis import HealthCheck, settings

FUZZ_EXAMPLES = int(os.environ.get("TEAMBUILDER_FUZZ_EXAMPLES", "25"))
fuzz_settings = settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=FUZZ_EXAMPLES <= 100,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                HealthCheck.function_scoped_fixture,
                                                HealthCheck.filter_too_much])


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


def run_cli(*argv: str) -> Run:
    """The command line, in this process: an exception escaping main() fails the test, which
    is the point (a user would have seen a traceback)."""
    from teambuilder import cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(argv))
        except SystemExit as usage:      # argparse refusing the arguments: usage, exit 2
            code = int(usage.code or 0)
    return Run(code, out.getvalue(), err.getvalue())


def one_clear_line(run: Run, place: str) -> None:
    """A refusal is one line on stderr, naming the place; never a traceback."""
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert "Traceback" not in run.err
    assert len(lines) == 1, run.err
    assert lines[0].startswith("teambuilder: "), lines[0]
    assert place in lines[0], (place, lines[0])

"""Entry point of the frozen bundle: the same command line as the `teambuilder` script."""

import multiprocessing

from teambuilder.cli import console_main

if __name__ == "__main__":
    # `sim --jobs N` starts its workers by re-running this binary; freeze_support makes
    # such a run a worker instead of a second command line (which would fail, and the
    # pool would start another, forever).
    multiprocessing.freeze_support()
    raise SystemExit(console_main())

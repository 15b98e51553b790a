"""Entry point of the frozen bundle: the same command line as the `teambuilder` script."""

from teambuilder.cli import main

raise SystemExit(main())

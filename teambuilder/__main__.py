"""Allow `python -m teambuilder`, the same as the `teambuilder` console script."""

from teambuilder.cli import console_main

raise SystemExit(console_main())

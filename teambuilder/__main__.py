"""Allow `python -m teambuilder`, the same as the `teambuilder` console script."""

from teambuilder.cli import main

raise SystemExit(main())

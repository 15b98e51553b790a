"""The rules engine: game state, turn steps, decisions, energy, triggers."""

from teambuilder.native import use_fresh_build

use_fresh_build()   # before any engine module loads: a stale compiled build must not run

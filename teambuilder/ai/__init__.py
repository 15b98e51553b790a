"""Agents that answer the engine's decisions: the Agent protocol and its players."""

from teambuilder.native import use_fresh_build

use_fresh_build()   # before any AI module loads: a stale compiled build must not run

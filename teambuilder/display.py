"""Is there a screen to show windows on, and what to do when there is none.

Qt aborts the whole process (exit 134, a core dump) when it cannot load a platform plugin,
which is what happens on Linux with no X11 or Wayland session (a server, a container, CI,
ssh without forwarding) unless ``QT_QPA_PLATFORM`` names another plugin. Commands that only
render (a PDF, a screenshot, an autoplayed game) need no screen, so they switch to Qt's
offscreen plugin on their own; the interactive app cannot work without one and says so in
one line instead. Everything here must run before Qt is imported, so this module never
imports Qt (cli.py imports it at the top).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, MutableMapping

PLATFORM_VARIABLE = "QT_QPA_PLATFORM"
DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY")
EXIT_NO_DISPLAY = 2
NO_DISPLAY_MESSAGE = ("teambuilder: no display found (DISPLAY/WAYLAND_DISPLAY unset); the app "
                      "needs a desktop session, or run a command-line subcommand, see "
                      "teambuilder --help")


def has_display(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Whether Qt can open windows: always on Windows and macOS (their window systems need
    no variable); on Linux and the BSDs only inside an X11 or Wayland session."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if platform.startswith(("win", "cygwin", "darwin")):
        return True
    return any(environ.get(name) for name in DISPLAY_VARIABLES)


def platform_chosen(environ: Mapping[str, str] | None = None) -> bool:
    """The user named a Qt platform plugin (offscreen, vnc, eglfs ...): trust that choice."""
    environ = os.environ if environ is None else environ
    return bool(environ.get(PLATFORM_VARIABLE))


def can_show_windows(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    return platform_chosen(environ) or has_display(environ, platform)


def render_offscreen_if_headless(environ: MutableMapping[str, str] | None = None,
                                 platform: str | None = None) -> bool:
    """For a command that only renders: with no display and no plugin chosen, use Qt's
    offscreen plugin. Call before the QGuiApplication exists. True when it switched."""
    environ = os.environ if environ is None else environ
    if can_show_windows(environ, platform):
        return False
    environ[PLATFORM_VARIABLE] = "offscreen"
    return True

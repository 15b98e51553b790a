"""File > Import format list…: check a format file, install it in the user's formats folder
(as ``teambuilder formats import`` does), and put its formats in the team's format picker
at once, no restart.

The whole file is checked first: a file with any problem installs nothing, and every
problem is listed with its file:line in the message. The installed copy is named after
the file (``league.yaml``); importing the same name again replaces it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox

from teambuilder import paths
from teambuilder.safe_io import FORMAT_FILE_LIMIT, OutputError, read_bytes, write_bytes_atomic
from teambuilder.teams.formats import (
    Format,
    FormatError,
    format_pools,
    load_formats,
    read_format_file,
    user_formats_dir,
)

if TYPE_CHECKING:
    from teambuilder.ui.main_window import MainWindow

FORMAT_FILTER = "Format list (*.yaml *.yml);;All files (*)"


class FormatImportError(ValueError):
    """Nothing was installed; ``problems`` are the lines to show (file:line: what)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def install_format_list(source: Path) -> tuple[Path, dict[str, Format]]:
    """Check ``source`` and copy it into the user formats folder; (where, its formats)."""
    try:
        found = read_format_file(source)
    except FormatError as error:
        raise FormatImportError(str(error).splitlines()) from error
    if not found:
        raise FormatImportError([f"{source}: names no format"])
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", source.stem).strip(".-") or "formats"
    target = user_formats_dir() / f"{stem}.yaml"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(target, read_bytes(source, FORMAT_FILE_LIMIT, "format list"))
    except OutputError as error:
        raise FormatImportError([str(error)]) from error
    except OSError as error:
        raise FormatImportError([f"cannot install {source} as {target}: {error.strerror}"]) from error
    return target, found


def import_format_list(window: MainWindow, path: Path | None = None) -> QMessageBox | None:
    """Ask for a file (unless given ``path``), install it and reload the formats. A file
    with problems gets a message box listing them all (returned, for tests)."""
    if path is None:
        chosen, _ = QFileDialog.getOpenFileName(window, "Import format list", "", FORMAT_FILTER)
        if not chosen:
            return None
        path = Path(chosen)
    try:
        target, found = install_format_list(path)
    except FormatImportError as error:
        box = QMessageBox(QMessageBox.Icon.Warning, "Format list not imported",
                          f"{path.name} has {len(error.problems)} problem(s); nothing was installed.",
                          QMessageBox.StandardButton.Ok, window)
        box.setObjectName("formatImportProblems")
        box.setInformativeText("\n".join(error.problems))
        box.open()
        return box
    reload_formats(window)
    shipped = read_format_file(paths.cards_dir() / "formats.yaml")
    said = ", ".join(f"{fmt.name} ({'replaces the shipped one' if key in shipped else 'new'})"
                     for key, fmt in found.items())
    window.status(f"Installed {target.name}: {said}.")
    return None


def reload_formats(window: MainWindow) -> None:
    """Read every format in force again, and show them wherever formats are offered."""
    context = window.context
    formats = load_formats()
    # In place: the team editor and the dialogs hold this very dict.
    context.formats.clear()
    context.formats.update(formats)
    context.catalogue.use_formats(format_pools(formats))
    window.team_editor.reload_formats()
    fmt = formats.get(window.document.team.format)
    window.catalogue_panel.set_format(fmt.key if fmt else "", fmt.name if fmt else "", force=True)

"""Getting teams in and out of the app: import (file, link or pasted text), export in every
format of the teams layer, the print preview and PDF export of the team sheet.

The GUI's file dialogs call these; tests call them with real paths. Nothing here parses
a team itself: the one importer (teams.interchange) does, and a problem comes back as
``TeamIOError`` with a one-line message the window shows in the status bar or a box.
Files are written atomically (a temporary file then a rename), so a failed export never
leaves half a file where a good one was.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QWidget

from teambuilder.printing.team_sheet import SheetInfo, sheet_document, write_sheet_pdf
from teambuilder.safe_io import OutputError, atomic_path, write_text_atomic
from teambuilder.teams.formats import Format
from teambuilder.teams.interchange import EXPORT_FORMATS, export_team, import_text
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import TeamFileError
from teambuilder.teams.team_link import TeamLinkError
from teambuilder.teams.text_list import TeamTextError

EXPORT_LABELS = {"link": "Community team link", "text": "Text list", "json": "JSON", "yaml": "YAML team file"}
EXPORT_SUFFIXES = {"link": ".txt", "text": ".txt", "json": ".json", "yaml": ".yaml"}
IMPORT_FILTER = "Teams (*.yaml *.yml *.json *.txt);;All files (*)"
assert set(EXPORT_LABELS) == set(EXPORT_FORMATS)


class TeamIOError(ValueError):
    """A team that cannot be read or written; the message says what and where."""


def import_from_text(text: str, lookup: CardLookup, where: str = "clipboard") -> Team:
    """A team from a community link, a text list, JSON or YAML text."""
    if not text.strip():
        raise TeamIOError(f"{where}: nothing to import (copy a team link or list first)")
    try:
        return import_text(text, lookup, where)
    except (TeamFileError, TeamLinkError, TeamTextError) as error:
        raise TeamIOError(str(error)) from error


def import_from_file(path: Path, lookup: CardLookup) -> Team:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise TeamIOError(f"{path}: cannot read it ({error.__class__.__name__}: {error})") from error
    team = import_from_text(text, lookup, str(path))
    return team


def export_text(team: Team, to: str, lookup: CardLookup) -> str:
    return export_team(team, to, lookup)


def export_to_file(team: Team, to: str, lookup: CardLookup, path: Path) -> None:
    try:
        write_text_atomic(path, export_team(team, to, lookup))
    except OutputError as error:
        raise TeamIOError(str(error)) from error


def export_pdf(team: Team, fmt: Format, lookup: CardLookup, path: Path, info: SheetInfo | None = None) -> int:
    """Write the team sheet as PDF; returns the page count."""
    try:
        with atomic_path(path) as temporary:
            pages = write_sheet_pdf(team, fmt, lookup, info or SheetInfo(), temporary)
    except OutputError as error:
        raise TeamIOError(str(error)) from error
    return pages


class TeamSheetPreview(QPrintPreviewDialog):
    """The print preview of one team sheet. It owns its QPrinter and its document.

    QPrintPreviewDialog keeps only a raw pointer to the printer it is given and PySide
    does not tie the printer's lifetime to the dialog, so a printer held by nothing else
    is freed as soon as the caller returns and the dialog then paints through freed
    memory (a segfault). Holding both here keeps them alive exactly as long as the dialog.
    """

    def __init__(self, team: Team, fmt: Format, lookup: CardLookup, parent: QWidget | None = None,
                 info: SheetInfo | None = None) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(f"Team sheet: {team.name}")
        super().__init__(printer, parent)
        self._printer = printer   # not `printer`: that name is the dialog's own getter
        self.document = sheet_document(team, fmt, lookup, info or SheetInfo())
        self.setObjectName("printPreview")
        self.setWindowTitle(f"Print preview: {team.name}")
        self.paintRequested.connect(self.document.print_)


def print_preview_dialog(team: Team, fmt: Format, lookup: CardLookup, parent: QWidget | None = None,
                         info: SheetInfo | None = None) -> TeamSheetPreview:
    """The print preview of the team sheet (the caller shows it with exec or open)."""
    return TeamSheetPreview(team, fmt, lookup, parent, info)

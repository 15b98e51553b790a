"""The tournament team registration sheet, as one HTML document rendered by Qt.

The same QTextDocument feeds the PDF writer here and the GUI's print preview later, so
what the preview shows is what prints. The layout is a single table sized to fit one A4
or Letter page for any legal team (8 cards + 2 basic actions).
"""

from __future__ import annotations

import datetime as dt
import errno
import html
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

from teambuilder.teams.formats import Format
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team

PAGE_SIZES = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
RESOLUTION = 300


@dataclass(frozen=True)
class SheetInfo:
    player: str = ""
    event: str = ""
    date: str = ""


def sheet_html(team: Team, fmt: Format, lookup: CardLookup, info: SheetInfo) -> str:
    def esc(text: object) -> str:
        return html.escape(str(text))

    rows = []
    for number, entry in enumerate(team.cards, start=1):
        card = lookup.resolve(entry.ref)
        if card is None:
            rows.append(f"<tr><td>{number}</td><td colspan=3>{esc(entry.ref)} (unknown card)</td>"
                        f"<td></td><td align=center>{entry.dice}</td></tr>")
            continue
        rows.append(f"<tr><td>{number}</td><td><b>{esc(card.name)}</b></td><td>{esc(card.subtitle)}</td>"
                    f"<td>{esc(card.set_code.upper())}</td><td align=center>{card.number}</td>"
                    f"<td align=center>{entry.dice}</td></tr>")
    basics = []
    for ref in team.basic_actions:
        card = lookup.resolve(ref)
        name = esc(card.name) if card else esc(ref)
        where = f"{esc(card.set_code.upper())}</td><td align=center>{card.number}" if card else "</td><td>"
        basics.append(f"<tr><td></td><td><b>{name}</b></td><td>Basic Action</td><td>{where}</td>"
                      f"<td align=center>{fmt.basic_action_dice}</td></tr>")
    date = info.date or dt.date.today().isoformat()
    blank = "&nbsp;" * 30
    return f"""
<html><body style="font-family: sans-serif; font-size: 10pt;">
<h1 style="font-size: 18pt; margin-bottom: 2pt;">Dice Masters Team Registration</h1>
<table width="100%" cellpadding="4" style="margin-bottom: 8pt;">
<tr><td width="18%"><b>Player</b></td><td width="32%">{esc(info.player) or blank}</td>
    <td width="18%"><b>Event</b></td><td>{esc(info.event) or blank}</td></tr>
<tr><td><b>Date</b></td><td>{esc(date)}</td><td><b>Format</b></td><td>{esc(fmt.name)}</td></tr>
<tr><td><b>Team</b></td><td colspan=3>{esc(team.name) or blank}</td></tr>
</table>
<table width="100%" border="1" cellspacing="0" cellpadding="5">
<tr style="background-color: #dddddd;"><th>#</th><th align=left>Card</th><th align=left>Subtitle</th>
<th>Set</th><th>No.</th><th>Dice</th></tr>
{''.join(rows)}
<tr><td colspan=6 style="background-color: #eeeeee;"><b>Basic action cards</b></td></tr>
{''.join(basics)}
<tr><td colspan=5 align=right><b>Total: {len(team.cards)} cards, {len(team.basic_actions)} basic actions</b></td>
<td align=center><b>{team.total_dice}</b></td></tr>
</table>
<p style="font-size: 8pt; color: #555555;">Dice counts exclude basic action dice and the 8 Sidekick dice.
Printed by Dice Masters Team Builder.</p>
<p style="margin-top: 24pt;">Player signature: ______________________________ &nbsp;&nbsp;
Judge: ______________________________</p>
</body></html>"""


def sheet_document(team: Team, fmt: Format, lookup: CardLookup, info: SheetInfo) -> QTextDocument:
    document = QTextDocument()
    document.setHtml(sheet_html(team, fmt, lookup, info))
    return document


def write_sheet_pdf(team: Team, fmt: Format, lookup: CardLookup, info: SheetInfo, path: Path,
                    page: str = "a4") -> int:
    """Write the sheet to ``path``; returns the page count (1 for any legal team)."""
    if page not in PAGE_SIZES:
        raise ValueError(f"unknown page size {page!r} (a4 or letter)")
    document = sheet_document(team, fmt, lookup, info)
    writer = QPdfWriter(str(path))
    writer.setResolution(RESOLUTION)
    writer.setTitle(f"Team sheet: {team.name}")
    writer.setCreator("Dice Masters Team Builder")
    writer.setPageLayout(QPageLayout(QPageSize(PAGE_SIZES[page]), QPageLayout.Orientation.Portrait,
                                     QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
    # Lay the document out on the printable area in the document's own units (1/96 inch,
    # as QTextDocument measures point sizes), so the page count matches what prints.
    points = writer.pageLayout().paintRect(QPageLayout.Unit.Point)
    document.setPageSize(QSizeF(points.width() * 96 / 72, points.height() * 96 / 72))
    pages = document.pageCount()
    document.print_(writer)
    del writer          # closes the file
    if not path.is_file() or path.stat().st_size == 0:
        # Qt reports no write error of its own: an empty file is the only sign.
        raise OSError(errno.EIO, "the PDF could not be written (is the disk full?)")
    return pages

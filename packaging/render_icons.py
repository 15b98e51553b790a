"""Render the app icon (resources/icons/teambuilder.svg) to the PNG sizes desktops want.

Run from the repository root: `python packaging/render_icons.py`. The PNGs are committed
(packaging/icons/), so a build does not depend on an SVG renderer being present.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

SIZES = (16, 32, 48, 64, 128, 256, 512)
ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    app = QGuiApplication(sys.argv)
    renderer = QSvgRenderer(str(ROOT / "resources" / "icons" / "teambuilder.svg"))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        image.save(str(ROOT / "packaging" / "icons" / f"teambuilder-{size}.png"))
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

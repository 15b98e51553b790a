"""The Qt binding itself: PySide6 6.12.0 dropped a reference to None on every Qt call
returning nothing (on CPython 3.11), and the app aborted after a few hundred repaints.
pyproject pins a release without the bug; this test fails if one comes back."""

from __future__ import annotations

import sys

from PySide6.QtCore import QRectF


def test_qt_calls_keep_references_to_none_balanced() -> None:
    before = sys.getrefcount(None)
    for _ in range(2000):
        rect = QRectF()
        rect.setHeight(3)
    assert sys.getrefcount(None) - before > -100

#!/bin/sh
# Build the desktop bundle (dist/teambuilder/ and dist/teambuilder-linux-x86_64.tar.gz)
# with the project's venv. Run from anywhere; `make dist` calls it after the wheel.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${PYTHON:-"$ROOT/.venv/bin/python"}
cd "$ROOT"
START=$(date +%s)
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller packaging/teambuilder.spec
# Desktop integration files beside the binary (install.sh-free: copy them where wanted).
cp packaging/teambuilder.desktop packaging/io.github.teambuilder.metainfo.xml dist/teambuilder/
cp packaging/icons/teambuilder-256.png dist/teambuilder/teambuilder.png
tar -C dist -czf dist/teambuilder-linux-x86_64.tar.gz teambuilder
END=$(date +%s)
echo "bundle: dist/teambuilder ($(du -sh dist/teambuilder | cut -f1)," \
     "archive $(du -sh dist/teambuilder-linux-x86_64.tar.gz | cut -f1)) built in $((END - START)) s" >&2

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
# Smoke test of the frozen binary: the card data is found, and `sim --jobs 2` starts its
# worker processes from the bundle (they re-run the binary) and finishes.
timeout 120 dist/teambuilder/teambuilder sim data/teams/standard-x-men.yaml \
    data/teams/standard-bat-family.yaml -n 4 --seed 0 --jobs 2 >/dev/null 2>&1 \
    || { echo "bundle: dist/teambuilder/teambuilder failed its smoke test (sim --jobs 2)" >&2; exit 1; }
tar -C dist -czf dist/teambuilder-linux-x86_64.tar.gz teambuilder
END=$(date +%s)
echo "bundle: dist/teambuilder ($(du -sh dist/teambuilder | cut -f1)," \
     "archive $(du -sh dist/teambuilder-linux-x86_64.tar.gz | cut -f1)) built in $((END - START)) s" >&2

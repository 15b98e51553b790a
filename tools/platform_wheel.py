"""Make the compiled wheel: the pure wheel plus the mypyc-compiled engine (issue 26).

``make dist`` builds the pure wheel (``py3-none-any``: runs anywhere, engine from source)
and then this: a copy carrying the extension modules ``make native`` built beside the
sources and their manifest ``_native.json``, tagged for this interpreter and platform
(``cp311-cp311-linux_x86_64``, say), so pip prefers it here and falls back to the pure one
elsewhere. The sources stay in it: ``teambuilder.native`` checks the extensions against
them, and a source-only module (the card scripts) needs them.

Usage: ``python tools/platform_wheel.py dist/teambuilder-X-py3-none-any.whl`` writes the
platform wheel beside it and prints its path. Refuses (exit 1, one line) when the compiled
engine is missing or stale.
"""

from __future__ import annotations

import base64
import hashlib
import sys
import sysconfig
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from teambuilder.native import MANIFEST, built_modules, stale_modules  # noqa: E402 (needs the path above)


def platform_tag() -> str:
    """This interpreter's wheel tag: cp311-cp311-linux_x86_64."""
    version = f"cp{sys.version_info.major}{sys.version_info.minor}"
    return f"{version}-{version}-{sysconfig.get_platform().replace('-', '_').replace('.', '_')}"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compiled_files() -> list[Path]:
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    package = ROOT / "teambuilder"
    return sorted(package.rglob(f"*{suffix}")) + [MANIFEST]


def make_platform_wheel(pure: Path) -> Path:
    built = built_modules()
    if not built or stale_modules(built):
        raise SystemExit("platform_wheel: the compiled engine is missing or stale; run `make native` first")
    tag = platform_tag()
    target = pure.with_name(pure.name.replace("py3-none-any", tag))
    with zipfile.ZipFile(pure) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        records: list[str] = []
        record_name = ""
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record_name = info.filename
                continue
            if info.filename.endswith(".dist-info/WHEEL"):
                text = data.decode().replace("Root-Is-Purelib: true", "Root-Is-Purelib: false")
                data = text.replace("Tag: py3-none-any", f"Tag: {tag}").encode()
            wheel.writestr(info, data)
            records.append(_record_line(info.filename, data))
        for path in compiled_files():
            name = path.relative_to(ROOT).as_posix()
            data = path.read_bytes()
            wheel.writestr(name, data)
            records.append(_record_line(name, data))
        wheel.writestr(record_name, "\n".join([*records, f"{record_name},,"]) + "\n")
    return target


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python tools/platform_wheel.py dist/teambuilder-X-py3-none-any.whl")
    print(make_platform_wheel(Path(sys.argv[1])))

"""Build hook: the wheel carries the card data and the resources inside the package.

In the source tree they live beside the package (data/, resources/); an installed wheel
has them as teambuilder/_data and teambuilder/_resources, which is where paths.py looks.
Everything else about the project is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# What an installed app needs: the card files, the reference teams (playtest opponents)
# and the resources (symbols, themes, icons).
CARRIED = {"_data/cards": ROOT / "data" / "cards", "_data/teams": ROOT / "data" / "teams",
           "_resources": ROOT / "resources"}


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        package = Path(self.build_lib) / "teambuilder"
        for target, source in CARRIED.items():
            destination = package / target
            if destination.exists():
                shutil.rmtree(destination)
            shutil.copytree(source, destination, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithData})

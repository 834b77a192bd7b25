"""The installed package is the whole package: every subpackage is listed in pyproject.toml.

setuptools is given an explicit package list (the `rules/` and `runtime/` folders are mapped
into the `acclint` namespace, which automatic discovery cannot do), so a new subpackage that
is not listed works in an editable install and silently vanishes from a regular one.
"""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_subpackage_is_installed_under_the_acclint_namespace():
    listed = set(SETUPTOOLS["packages"])
    on_disk = set()
    for package, folder in SETUPTOOLS["package-dir"].items():
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / folder).parts
            on_disk.add(".".join((package, *relative)))
    assert listed == on_disk
    assert all(name == "acclint" or name.startswith("acclint.") for name in listed)


def test_data_tables_are_installed():
    for package, patterns in SETUPTOOLS["package-data"].items():
        mapped = max((m for m in SETUPTOOLS["package-dir"] if package == m or package.startswith(m + ".")), key=len)
        folder = ROOT / SETUPTOOLS["package-dir"][mapped] / Path(*package.split(".")[len(mapped.split(".")):])
        assert any(any(folder.glob(p)) for p in patterns), package

"""Whether each library table's entries name something the installed library defines.

A library table (`libraries/*.toml`, whose markers acclint.frameworks.markers loads) stands for a library's
source where acclint does not read it. Where the library is installed in the environment
acclint runs in, its source is there to check the table against: each entry's last name must
be defined (`def`, `class`, an assignment or an import `as` it) in the module file the entry's
dotted prefix names. The package is found with `importlib.util.find_spec` of its top-level name,
which reads no code of it, and its files are read as text, never imported. An entry naming
something absent is left out of the markers (a call of it puts nothing in a context), and
`acclint --show-settings` lists it with the reason.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import tomllib
from functools import cache
from pathlib import Path

FOLDER = Path(__file__).parent / "libraries"


@cache
def library_files() -> tuple[dict, ...]:
    """Every library table (`libraries/*.toml`): a library's higher-order functions, as markers
    of the framework it is built on (`[library] framework`), for code whose library acclint
    does not read (docs/contexts.md)."""
    return tuple(tomllib.loads(p.read_text("utf-8")) for p in sorted(FOLDER.glob("*.toml")))


def package_folder(package: str) -> Path | None:
    """The folder of an installed top-level package, or None (not installed, or no folder)."""
    try:
        spec = importlib.util.find_spec(package)  # a top-level name: nothing of it is executed
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or ()) if spec is not None else []
    return Path(locations[0]) if locations else None


def _module_file(folder: Path, parts: list[str]) -> Path | None:
    base = folder.joinpath(*parts)
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def _defines(text: str, name: str) -> bool:
    word = re.escape(name)
    return re.search(rf"(?m)^\s*(?:async\s+)?(?:def|class)\s+{word}\b|\bas\s+{word}\b|^\s*{word}\s*[:=]|\bimport\s+(?:[\w.]+\s*,\s*)*{word}\b", text) is not None


def absent_names() -> frozenset[str]:
    """The library table entries left out of the markers (`absent_entries`)."""
    return frozenset(line.split(":", 1)[0] for line in absent_entries())


@cache
def absent_entries() -> tuple[str, ...]:
    """Why each entry of an installed library's table puts nothing in a context: one line per
    entry its source does not define, or whose module file cannot be read. Entries are the keys
    of a kind's table; an array of tables (`[[instances]]`, numpyro's `MCMC` and its makers) is
    kept whatever the source says, so it is not checked (iterating its tables as names crashed
    every lint where numpyro is importable)."""
    found: list[str] = []
    for raw in library_files():
        library = raw["library"]
        folder = package_folder(library["package"])
        if folder is None:
            continue  # not installed: the table is all acclint has
        try:
            version = importlib.metadata.version(library["name"])
        except importlib.metadata.PackageNotFoundError:
            version = "unknown version"
        for kind, entries in raw.items():
            for name in entries if kind != "library" and isinstance(entries, dict) else ():
                module, _, attr = name.rpartition(".")
                parts = module.split(".")[1:]
                path = _module_file(folder, parts)
                try:
                    text = path.read_text("utf-8", errors="replace") if path is not None else None
                except OSError as error:
                    found.append(f"{name}: {library['name']} {version}'s {path} cannot be read ({error.strerror}): no context from it")
                    continue
                if text is None:
                    found.append(f"{name}: {library['name']} {version} has no module {module}: no context from it")
                elif not _defines(text, attr):
                    found.append(f"{name}: {library['name']} {version}'s {path.name} in {path.parent} defines no {attr}: no context from it")
    return tuple(found)

"""`[tool.acclint]` in `pyproject.toml`: read, validated, merged with the command line.

Every key is checked: an unknown key, or a value of the wrong type, is a `ConfigError` naming
the file, the key and what is allowed (the CLI exits 2 on it), never silently ignored.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

CODE_PREFIX = re.compile(r"^ACC[0-9]{0,3}$")
DOTTED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


class ConfigError(Exception):
    pass


@dataclass(frozen=True)
class Settings:
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    accelerators: tuple[str, ...] = ()
    differentiators: tuple[str, ...] = ()
    source: str | None = None  # the pyproject.toml the settings came from


def _codes(value, key: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: '{key}' must be a list of rule codes or prefixes such as \"ACC2\" or \"ACC201\"")
    out = []
    for v in value:
        code = v.strip().upper()
        if not CODE_PREFIX.match(code):
            raise ConfigError(f"{where}: '{key}' has {v!r}, which is not a rule code or prefix (ACC, ACC2, ACC201, ...)")
        out.append(code)
    return tuple(out)


def parse_codes(text: str, option: str) -> tuple[str, ...]:
    """A comma-separated code list from the command line."""
    items = [c for c in (s.strip() for s in text.split(",")) if c]
    return _codes(items, option, "command line")


def _strings(value, key: str, where: str, dotted: bool = False) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: '{key}' must be a list of strings")
    if dotted:
        for v in value:
            if not DOTTED.match(v):
                raise ConfigError(f"{where}: '{key}' has {v!r}; give dotted names such as \"mylib.fast_jit\"")
    return tuple(value)


KEYS = ("select", "ignore", "exclude", "per-file-ignores", "accelerators", "differentiators")


def load_settings(pyproject: Path) -> Settings:
    where = str(pyproject)
    try:
        data = tomllib.loads(pyproject.read_text("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{where}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML: {exc}") from None
    table = data.get("tool", {}).get("acclint")
    if table is None:
        return Settings(source=None)
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: [tool.acclint] must be a table")
    for key in table:
        if key not in KEYS:
            raise ConfigError(f"{where}: unknown key '{key}' in [tool.acclint]; allowed: {', '.join(KEYS)}")
    pfi = table.get("per-file-ignores", {})
    if not isinstance(pfi, dict):
        raise ConfigError(f"{where}: 'per-file-ignores' must be a table of glob = [codes]")
    return Settings(
        select=_codes(table.get("select", []), "select", where),
        ignore=_codes(table.get("ignore", []), "ignore", where),
        exclude=_strings(table.get("exclude", []), "exclude", where),
        per_file_ignores={g: _codes(c, f"per-file-ignores.{g}", where) for g, c in pfi.items()},
        accelerators=_strings(table.get("accelerators", []), "accelerators", where, dotted=True),
        differentiators=_strings(table.get("differentiators", []), "differentiators", where, dotted=True),
        source=where,
    )


def find_pyproject(start: Path) -> Path | None:
    """The nearest `pyproject.toml` at or above `start` that has a `[tool.acclint]` table."""
    start = start.resolve()
    for directory in (start, *start.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            try:
                if "acclint" in candidate.read_text("utf-8", errors="replace"):
                    return candidate
            except OSError:
                continue
    return None

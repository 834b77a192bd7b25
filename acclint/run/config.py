"""`[tool.acclint]` in `pyproject.toml`: found, read, validated, merged with the command line.

Where the settings come from (as ruff and flake8 do): for each linted path, the nearest
`pyproject.toml` at or above it that has a `[tool.acclint]` table. One run uses one
configuration: when the paths' nearest files disagree, the one nearest the paths' common parent
wins (`resolve_pyproject`), so `acclint check a/ b/` behaves like `cd common && acclint check`.

Every key is checked: an unknown key, or a value of the wrong type, is a `ConfigError` naming
the file, the key and what is allowed (the CLI exits 2 on it), never silently ignored.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable

from acclint.files.discovery import Selection

CODE_PREFIX = re.compile(r"^ACC[0-9]{0,3}$")
DOTTED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


class ConfigError(Exception):
    pass


@dataclass(frozen=True)
class Settings:
    """A resolved configuration. Empty `select` means every rule."""

    select: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()  # added to `select` (also to one given on the command line)
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()  # `exclude` and `extend-exclude` together
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    accelerators: tuple[str, ...] = ()
    differentiators: tuple[str, ...] = ()
    host_effects: tuple[str, ...] = ()  # functions known to do host I/O (ACC408 in a cached trace)
    # "precise": report only values traced for sure; "pedantic": also values that may be.
    strictness: str = "precise"
    extend_include: tuple[str, ...] = ()  # globs searched in directories besides *.py, *.ipynb
    respect_gitignore: bool = True
    force_exclude: bool = False  # apply `exclude` to files named on the command line too
    cache_dir: str | None = None  # None: `.acclint_cache` beside the pyproject.toml, or here
    jobs: int | None = None  # processes a run may use (None: one per core; acclint.run.jobs)
    source: str | None = None  # the pyproject.toml the settings came from

    def selection(self) -> Selection:
        """How this run's paths become files (acclint.files.discovery)."""
        return Selection(self.exclude, self.extend_include, self.respect_gitignore, self.force_exclude)

    def cache_directory(self) -> Path:
        """Where the result cache lives: `cache-dir` (relative to the configuration file), or
        `.acclint_cache` beside the configuration file, or in the working directory."""
        base = Path(self.source).parent if self.source else Path.cwd()
        return base / (self.cache_dir or ".acclint_cache")

    def rule_selection(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(select, ignore) prefixes for `registry.select_rules`."""
        select = self.select + self.extend_select if self.select else ()
        return select, self.ignore


def _codes(value, key: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: '{key}' must be a list of rule codes or prefixes such as \"ACC2\" or \"ACC201\"")
    from acclint.run.registry import all_rules  # the rules import libcst: only a run that names codes pays

    codes = tuple(rule.code for rule in all_rules())
    out = []
    for v in value:
        code = v.strip().upper()
        if code == "ALL":  # ruff's name for every rule
            code = "ACC"
        if not CODE_PREFIX.match(code) or not any(c.startswith(code) for c in codes):
            raise ConfigError(
                f"{where}: '{key}' has {v!r}, which is no rule code or prefix; allowed: ACC, a family "
                f"(ACC1, ACC2, ...) or a code ({', '.join(codes)})"
            )
        out.append(code)
    return tuple(out)


def parse_codes(text: str, option: str) -> tuple[str, ...]:
    """A comma-separated code list from the command line."""
    items = [c for c in (s.strip() for s in text.split(",")) if c]
    return _codes(items, option, "command line")


def _strings(value, key: str, where: str, dotted: bool = False) -> tuple[str, ...]:
    what = "dotted names such as \"mylib.fast_jit\"" if dotted else "glob patterns such as \"tests/*\""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: '{key}' must be a list of {what}")
    if dotted:
        for v in value:
            if not DOTTED.match(v):
                raise ConfigError(f"{where}: '{key}' has {v!r}; allowed: {what}")
    return tuple(value)


def _flag(table: dict, key: str, default: bool, where: str) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: '{key}' must be true or false, not {value!r}")
    return value


def _path(table: dict, key: str, where: str) -> str | None:
    value = table.get(key)
    if value is not None and (not isinstance(value, str) or not value):
        raise ConfigError(f"{where}: '{key}' must be a directory path (a string), not {value!r}")
    return value


KEYS = (
    "select", "extend-select", "ignore", "exclude", "extend-exclude", "per-file-ignores",
    "accelerators", "differentiators", "host-effects", "strictness", "extend-include",
    "respect-gitignore", "force-exclude", "cache-dir", "jobs",
)
STRICTNESS = ("precise", "pedantic")


def parse_strictness(value, where: str) -> str:
    if value not in STRICTNESS:
        raise ConfigError(f"{where}: 'strictness' must be one of {', '.join(STRICTNESS)}, not {value!r}")
    return value


def parse_jobs(value, where: str) -> int | None:
    """A number of processes: a positive integer (None where not given)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"{where} must be a positive number of processes, not {value!r}")
    return value


def _read(pyproject: Path) -> dict:
    try:
        return tomllib.loads(pyproject.read_text("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{pyproject}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{pyproject}: not valid TOML: {exc}") from None


def _table(pyproject: Path):
    """`[tool.acclint]` of `pyproject`, or None."""
    tool = _read(pyproject).get("tool")
    return tool.get("acclint") if isinstance(tool, dict) else None


def load_settings(pyproject: Path) -> Settings:
    where = str(pyproject)
    table = _table(pyproject)
    if table is None:
        return Settings(source=None)
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: [tool.acclint] must be a table")
    for key in table:
        if key not in KEYS:
            raise ConfigError(f"{where}: unknown key '{key}' in [tool.acclint]; allowed: {', '.join(KEYS)}")
    pfi = table.get("per-file-ignores", {})
    if not isinstance(pfi, dict):
        raise ConfigError(f"{where}: 'per-file-ignores' must be a table of glob = [codes], e.g. \"tests/*\" = [\"ACC4\"]")
    return Settings(
        select=_codes(table.get("select", []), "select", where),
        extend_select=_codes(table.get("extend-select", []), "extend-select", where),
        ignore=_codes(table.get("ignore", []), "ignore", where),
        exclude=_strings(table.get("exclude", []), "exclude", where)
        + _strings(table.get("extend-exclude", []), "extend-exclude", where),
        per_file_ignores={g: _codes(c, f"per-file-ignores.{g}", where) for g, c in pfi.items()},
        accelerators=_strings(table.get("accelerators", []), "accelerators", where, dotted=True),
        differentiators=_strings(table.get("differentiators", []), "differentiators", where, dotted=True),
        host_effects=_strings(table.get("host-effects", []), "host-effects", where, dotted=True),
        strictness=parse_strictness(table.get("strictness", "precise"), where),
        extend_include=_strings(table.get("extend-include", []), "extend-include", where),
        respect_gitignore=_flag(table, "respect-gitignore", True, where),
        force_exclude=_flag(table, "force-exclude", False, where),
        cache_dir=_path(table, "cache-dir", where),
        jobs=parse_jobs(table.get("jobs"), f"{where}: 'jobs'"),
        source=where,
    )


def find_pyproject(start: Path) -> Path | None:
    """The nearest `pyproject.toml` at or above `start` that has a `[tool.acclint]` table.

    A file that mentions acclint but is not valid TOML is a ConfigError: it was meant for us.
    """
    start = start.resolve()
    for directory in (start, *start.parents):
        candidate = directory / "pyproject.toml"
        if not candidate.is_file():
            continue
        try:
            mentions = "acclint" in candidate.read_text("utf-8", errors="replace")
        except OSError:
            continue
        if mentions and _table(candidate) is not None:
            return candidate
    return None


def resolve_pyproject(paths: Iterable[str]) -> Path | None:
    """The configuration file for a run over `paths` (see the module docstring)."""
    starts = [Path(os.path.realpath(p)) for p in paths] or [Path.cwd().resolve()]  # realpath: no error on a link loop
    starts = [p if p.is_dir() else p.parent for p in starts]
    found = {find_pyproject(s) for s in starts}
    if len(found) == 1:
        return found.pop()
    return find_pyproject(Path(os.path.commonpath(starts)))


def with_command_line(settings: Settings, select=None, extend_select=None, ignore=None, strictness=None) -> Settings:
    """`settings` with the command line's code lists (comma-separated text) applied on top:
    `--select` replaces the configured selection, `--extend-select` and `--ignore` add to it;
    `--strictness` replaces the configured one."""
    if strictness is not None:
        settings = replace(settings, strictness=strictness)
    if select is not None:
        settings = replace(settings, select=parse_codes(select, "--select"))
    if extend_select is not None:
        settings = replace(settings, extend_select=settings.extend_select + parse_codes(extend_select, "--extend-select"))
    if ignore is not None:
        settings = replace(settings, ignore=settings.ignore + parse_codes(ignore, "--ignore"))
    return settings


def describe(settings: Settings) -> str:
    """The resolved settings as TOML, with where they came from (`--show-settings`)."""
    from acclint.frameworks.libraries import absent_entries
    from acclint.run.registry import select_rules

    origin = f"# from {settings.source}" if settings.source else "# no [tool.acclint] found: defaults"
    rows = [
        ("select", list(settings.select)),
        ("extend-select", list(settings.extend_select)),
        ("ignore", list(settings.ignore)),
        ("exclude", list(settings.exclude)),
        ("accelerators", list(settings.accelerators)),
        ("differentiators", list(settings.differentiators)),
        ("host-effects", list(settings.host_effects)),
    ]
    lines = [origin, "[tool.acclint]"]
    lines += [f"{key} = {_toml_list(value)}" for key, value in rows]
    lines.append(f"strictness = {_toml_string(settings.strictness)}")
    lines.append(f"extend-include = {_toml_list(list(settings.extend_include))}")
    lines.append(f"respect-gitignore = {str(settings.respect_gitignore).lower()}")
    lines.append(f"force-exclude = {str(settings.force_exclude).lower()}")
    lines.append(f"cache-dir = {_toml_string(str(settings.cache_directory()))}")
    lines.append(f"jobs = {settings.jobs}" if settings.jobs is not None else "# jobs: one process per core")
    lines.append("# rules that will run:")
    lines.append(f"# {_toml_list([r.code for r in select_rules(*settings.rule_selection())])}")
    lines.append("[tool.acclint.per-file-ignores]")
    lines += [f"{_toml_string(glob)} = {_toml_list(list(codes))}" for glob, codes in settings.per_file_ignores.items()]
    lines += [f"# library table entry left out: {line}" for line in absent_entries()]
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _toml_list(values: list[str]) -> str:
    return "[" + ", ".join(_toml_string(v) for v in values) + "]"

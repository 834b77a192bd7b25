"""The context markers of DESIGN.md §1, loaded from `markers.toml` plus the user's own.

Keeping the list in data lets a user's `accelerators = ["mylib.fast_jit"]` extend it without
code, and keeps the engine free of framework names.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

CACHED = "cached"
DIFFERENTIATED = "differentiated"
VMAPPED = "vmapped"
KINDS = (CACHED, DIFFERENTIATED, VMAPPED)


@dataclass(frozen=True)
class Marker:
    """A call that makes the function(s) it is given a traced context."""

    name: str
    kind: str
    fun: tuple[int, ...] = (0,)
    keywords: tuple[str, ...] = ()
    traced: str = "all"  # "all" or "argnums"


@dataclass(frozen=True, eq=False)  # hashed by identity: per-table caches key on it
class MarkerTable:
    markers: dict[str, Marker]
    opaque: frozenset[str]
    runs_functions: frozenset[str]
    acceleratable_bases: frozenset[str]
    acceleratable_methods: frozenset[str]

    def get(self, qualified: str | None) -> Marker | None:
        return None if qualified is None else self.markers.get(qualified)


def load_markers(accelerators: tuple[str, ...] = (), differentiators: tuple[str, ...] = ()) -> MarkerTable:
    """The bundled table extended with the user's accelerators and differentiators."""
    raw = tomllib.loads(resources.files("acclint").joinpath("markers.toml").read_text("utf-8"))
    markers: dict[str, Marker] = {}
    for kind in KINDS:
        for name, spec in raw.get(kind, {}).items():
            markers[name] = Marker(
                name=name,
                kind=kind,
                fun=tuple(spec.get("fun", (0,))),
                keywords=tuple(spec.get("keywords", ())),
                traced=spec.get("traced", "all"),
            )
    for name in accelerators:
        markers[name] = Marker(name=name, kind=CACHED)
    for name in differentiators:
        markers[name] = Marker(name=name, kind=DIFFERENTIATED, traced="argnums")
    return MarkerTable(
        markers=markers,
        opaque=frozenset(raw["opaque"]["names"]),
        runs_functions=frozenset(raw["runs_functions"]["names"]),
        acceleratable_bases=frozenset(raw["acceleratable"]["bases"]),
        acceleratable_methods=frozenset(raw["acceleratable"]["methods"]),
    )

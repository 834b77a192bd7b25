"""The context markers of DESIGN.md §1, loaded from `markers.toml` plus the user's own.

Keeping the list in data lets a user's `accelerators = ["mylib.fast_jit"]` extend it without
code, and keeps the engine free of framework names.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from dataclasses import dataclass
from functools import cache

CACHED = "cached"
DIFFERENTIATED = "differentiated"
VMAPPED = "vmapped"
KERNEL = "kernel"  # a Pallas kernel: compiled once, but only host draws and effects apply
KINDS = (CACHED, DIFFERENTIATED, VMAPPED, KERNEL)
# Not a kind of traced function: the host code that calls compiled functions (loops that
# rebuild traces, ACC5). The engine hands rules of this context the whole module's analysis
# (`Rule.check_module`) instead of the nodes of traced bodies.
HOST_LOOPS = "host-loop"


@dataclass(frozen=True)
class TracedClass:
    """Subclasses (at any depth) of `bases` have traced methods: those named in `methods` and
    those decorated with one of `decorators`."""

    bases: frozenset[str]
    methods: frozenset[str]
    decorators: frozenset[str] = frozenset()


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
    transparent: frozenset[str]
    modelled: tuple[str, ...]  # namespaces whose calls are never followed into their sources
    traced_classes: tuple[TracedClass, ...]
    # Functions known to do host I/O (the user's `host-effects`): ACC4 in a cached trace.
    host_effects: frozenset[str] = frozenset()

    def get(self, qualified: str | None) -> Marker | None:
        return None if qualified is None else self.markers.get(qualified)

    @property
    def class_bases(self) -> frozenset[str]:
        """Every base class whose subclasses have traced methods."""
        return frozenset(base for traced in self.traced_classes for base in traced.bases)


@cache
def load_markers(
    accelerators: tuple[str, ...] = (), differentiators: tuple[str, ...] = (), host_effects: tuple[str, ...] = ()
) -> MarkerTable:
    """The bundled table extended with the user's accelerators, differentiators and host effects
    (one table per arguments: a run asks for it more than once, and the caches keyed on a table
    by identity, such as the prefilter's compiled pattern, then serve every caller)."""
    raw = tomllib.loads((Path(__file__).parent / "markers.toml").read_text("utf-8"))  # package data, installed beside it
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
        transparent=frozenset(raw["transparent"]["names"]),
        modelled=tuple(raw["modelled"]["namespaces"]),
        traced_classes=tuple(
            TracedClass(frozenset(t["bases"]), frozenset(t["methods"]), frozenset(t.get("decorators", ())))
            for t in raw["traced_class"]
        ),
        host_effects=frozenset(host_effects),
    )

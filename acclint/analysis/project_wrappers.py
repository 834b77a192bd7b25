"""Wrappers across the project: which functions of the linted files are wrappers (acclint.analysis.
wrappers), and what each file that uses another file's wrappers must be told.

Each file's hand-offs are read off its `ast` tree with its index (acclint.analysis.project's
`FileIndex`), so working this out parses no file with libcst. Files that name a marker are read
first; a wrapper found makes its name a word worth looking for, and files whose text holds such a
word are indexed too (a wrapper of a wrapper, or a file using one, need not name any marker).
Both loops only ever add: a file indexed, a (function, parameter) wrapped, a marker replaced by
one that traces more; so they end, and each is also bounded.

A file using wrappers of other files gets a `Wrappers` seed: the wrappers under the qualified
names its module-level imports spell them with (`from .compile import my_jit` spells
`.compile.my_jit`; `from . import tuning` spells `.tuning.tuned`), and the wrapping methods of the
project's classes whose names its text holds (`self._partitioner.partition(step)`). A seed makes
the project layer analyse the file whatever markers it names.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Protocol

from acclint.analysis.footprint import IMPORT
from acclint.analysis.library_wrappers import InstalledLibraries
from acclint.analysis.wrappers import (
    RETURNED, Applied, HandOff, Step, Wrappers, callable_by_name, describe, handed_on, infer, tail, unwrapped_reasons,
)
from acclint.common.refused import Refused
from acclint.frameworks.markers import MarkerTable


class Project(Protocol):
    """What this module asks of the project layer (acclint.analysis.project.Project)."""

    files: list[str]
    name_of: dict[str, str]
    paths: dict[str, list[str]]  # a module's name -> the linted files of that name
    markers: MarkerTable

    def read(self, path: str) -> bytes: ...
    def screened(self, path: str, guard: bool = False) -> Any: ...
    def index_of(self, path: str) -> Any: ...
    def in_project(self, qualified: str) -> bool: ...
    libraries: InstalledLibraries
    def resolve(self, qualified: str, importer: str) -> tuple[str, str] | None: ...
    def resolve_handing(self, qualified: str, importer: str) -> tuple[str, str] | None: ...
    def absolute(self, qualified: str, importer: str) -> str | None: ...
    def star_modules(self, module: str, importer: str) -> list[str]: ...

# Passes over the indexed files before their wrappers are taken as they stand (each pass that
# changes anything adds a wrapped parameter or a stronger marker; this only bounds pathologies).
MAX_PASSES = 16


def wrapper_seeds(project: Project, markers: MarkerTable) -> tuple[dict[str, Wrappers], frozenset[str]]:
    """The `Wrappers` seed of every file that uses wrappers defined in other files or in the
    installed libraries it imports, and the last names of the project's wrappers (the words
    that make a file's text worth reading for them: acclint.analysis.footprint)."""
    _, wrappers, seeds = _every_seed(project, markers)
    kept = {path: seed for path, seed in seeds.items() if seed.functions or seed.methods}
    return kept, frozenset(tail(name) for _, name in wrappers)


def _every_seed(project: Project, markers: MarkerTable) -> tuple[list[str], dict[tuple[str, str], Applied], dict[str, Wrappers]]:
    """The files indexed for wrappers, the project's wrappers, and each indexed file's seed
    (empty ones too: working a seed out asks the libraries about the names the file calls)."""
    indexed, wrappers, texts = _wrappers(project, markers)
    by_module = _by_module(project, wrappers)
    return indexed, wrappers, {path: _seed_of(project, path, wrappers, by_module, texts.get(path)) for path in indexed}


def ask_libraries(project: Project, path: str) -> None:
    """Ask the installed libraries now what `wrapper_seeds` will ask them of `path` alone, where
    it is indexed for wrappers from the start (it names a marker or imports an installed
    library): what the library callees of its hand-offs apply, and what the library names it
    imports do. The libraries keep their answers, so a parallel run's parent asks while its
    workers screen the other files, not after (acclint.run.jobs)."""
    text = _text(project, path)
    if not (project.screened(path).names_marker or _imports_library(project, path, text)):
        return
    for handoff in project.index_of(path).handoffs:
        if handoff.through and handoff.through not in project.markers.transparent:
            continue  # `name = T(f)` with T no transparent call: never read (`infer`)
        for step in handoff.steps:
            if project.markers.get(step.callee) is None and _of_library(project, step):
                project.libraries.applied(step.callee)
    _library_functions(project, path, text)


def wrapper_report(project: Project, markers: MarkerTable) -> list[str]:
    """What `acclint check --show-wrappers` prints: each wrapper of the project and each of an
    installed library the project calls, and for each function that hands a callable on but
    is no wrapper, why (a recursive chain, a callee that puts nothing in a context, a library
    module that does not parse)."""
    indexed, wrappers, _ = _every_seed(project, markers)
    lines = [
        f"wrapper: {project.name_of[path]}.{name} ({path}): {describe(applied)}"
        for (path, name), applied in sorted(wrappers.items()) if callable_by_name(name)
    ]
    handing: dict[str, list[HandOff]] = {}
    file_of: dict[str, tuple[str, set[str]]] = {}
    files = list(indexed)
    for path in files:  # the indexed files, and those their hand-offs lead to (a chain through them)
        handoffs = project.index_of(path).handoffs
        local = {h.function for h in handoffs}
        for h in handoffs:
            if not callable_by_name(h.function) or (h.steps and not callable_by_name(h.steps[0].callee)):
                continue  # a class's own method handed on (`self_method`): no function a caller hands to
            key = f"{project.name_of[path]}.{h.function}"
            handing.setdefault(key, []).append(h)
            file_of[key] = (path, local)
            target = project.resolve_handing(h.steps[0].callee, path) if h.steps and h.steps[0].imported and project.in_project(h.steps[0].callee) else None
            if target is not None and target[0] not in files:
                files.append(target[0])

    def callee_of(key: str, step: Step) -> str | None:
        path, local = file_of[key]
        if not step.imported:
            return f"{project.name_of[path]}.{step.callee}" if step.callee in local else None
        target = project.resolve_handing(step.callee, path) if project.in_project(step.callee) else None
        return f"{project.name_of[target[0]]}.{target[1]}" if target is not None else None

    def wrapped(key: str) -> bool:
        path, _ = file_of[key]
        return (path, key[len(project.name_of[path]) + 1:]) in wrappers

    for key, reason in sorted(unwrapped_reasons(handing, wrapped, callee_of).items()):
        lines.append(f"no wrapper: {key} ({file_of[key][0]}): {reason}")
    return lines + project.libraries.report()


def _wrappers(project: Project, markers: MarkerTable) -> tuple[list[str], dict[tuple[str, str], Applied], dict[str, bytes]]:
    """The files indexed for wrappers, the wrappers among their functions ((file, name) ->
    what calling it applies), and the bytes of the indexed files read on the way (for their
    seeds: each file is read once)."""
    texts: dict[str, bytes] = {}
    indexed = [f for f in project.files if project.screened(f).names_marker]
    indexed += _importing_libraries(project, [f for f in project.files if f not in set(indexed)], texts)
    wrappers: dict[tuple[str, str], Applied] = {}
    looked_for: set[str] = set()
    while True:
        _infer(project, markers, indexed, wrappers)
        _reexported(project, indexed, wrappers)
        tails = {tail(name) for _, name in wrappers} - looked_for
        if not tails:
            break
        looked_for |= tails
        found = _naming(project, [f for f in project.files if f not in set(indexed)], tails, texts)
        if not found:
            break
        indexed += found
    return indexed, wrappers, texts


def _infer(project: Project, markers: MarkerTable, files: list[str], wrappers: dict[tuple[str, str], Applied]) -> None:
    """Add the wrappers of `files` to `wrappers`, to a fixpoint across them."""
    for _ in range(MAX_PASSES):
        methods = _methods(wrappers)
        changed = False
        for path in files:
            handoffs = project.index_of(path).handoffs
            if not handoffs:
                continue

            def known(step: Step, path: str = path) -> Applied | None:
                marker = markers.get(step.callee)
                if marker is not None:
                    return handed_on(marker)
                if _of_library(project, step):
                    return project.libraries.applied(step.callee)
                if step.imported:
                    target = project.resolve_handing(step.callee, path)
                    return wrappers.get(target) if target is not None else None
                return methods.get(step.callee.rsplit(".", 1)[-1]) if "." in step.callee else None

            for name, applied in infer(list(handoffs), known, markers).items():
                if wrappers.get((path, name)) != applied:
                    wrappers[(path, name)] = applied
                    changed = True
        if not changed:
            return


def _reexported(project: Project, files: list[str], wrappers: dict[tuple[str, str], Applied]) -> None:
    """Add the names `files` import a wrapper of another file under (a package `__init__`'s
    `from .fixed import anderson_solve as solve`) as wrappers of theirs: `solvers.solve(f)`
    calls the wrapper, and a file spelling only `solve` is looked for too."""
    for path in files:
        for local, qualified in project.index_of(path).exports.items():
            if qualified is None or (path, local) in wrappers or not project.in_project(qualified):
                continue
            target = project.resolve_handing(qualified, path)
            if target is not None and target[0] != path and target in wrappers:
                wrappers[(path, local)] = wrappers[target]


def _of_library(project: Project, step: Step) -> bool:
    """Whether a hand-off's callee is an installed library's (imported, not the project's)."""
    return step.imported and _of_installed(project, step.callee)


def _methods(wrappers: dict[tuple[str, str], Applied]) -> dict[str, Applied]:
    """The wrapping methods of the project's classes, by name (the first file's where two
    classes' methods of one name wrap)."""
    out: dict[str, Applied] = {}
    for (_, name), applied in sorted(wrappers.items(), key=lambda item: item[0]):
        if "." in name:
            out.setdefault(name.rsplit(".", 1)[-1], applied)
    return out


def _naming(project: Project, files: list[str], words: set[str], texts: dict[str, bytes]) -> list[str]:
    """The files among `files` whose text holds one of `words` (indexed on the way, their
    bytes kept in `texts`)."""
    pattern = re.compile(rb"\b(?:" + b"|".join(re.escape(w.encode()) for w in sorted(words)) + rb")\b")
    found = []
    for path in files:
        try:
            text = project.read(path)
        except (OSError, Refused):
            continue
        if pattern.search(text) and project.screened(path, guard=True).error is None:
            found.append(path)
            texts[path] = text
    return found


def _importing_libraries(project: Project, files: list[str], texts: dict[str, bytes]) -> list[str]:
    """The files among `files` whose text imports an installed library acclint may read
    (acclint.analysis.library_wrappers; indexed on the way, their bytes kept in `texts`):
    they may call its wrappers."""
    found = []
    for path in files:
        try:
            text = project.read(path)
        except (OSError, Refused):
            continue
        if _imports_library(project, path, text):
            found.append(path)
            texts[path] = text
    return found


def _imports_library(project: Project, path: str, text: bytes) -> bool:
    """Whether `path` (with the bytes `text`) imports an installed library acclint may read,
    and parses (indexed on the way)."""
    tops = {m.group(1).decode() for m in IMPORT.finditer(text)}
    return any(project.libraries.installed(top) for top in tops) and project.screened(path, guard=True).error is None



def _library_wrappers(project: Project, local: str, qualified: str, text: bytes) -> dict[str, Applied]:
    """The wrappers of an installed library that a file binding `local` to `qualified` (`from
    optimistix import fixed_point`, `import optimistix as optx`) calls or decorates with
    (`optx.fixed_point(...)`, `@optx.x`), under the qualified names it spells them with; the
    frameworks' data answer for their own names."""
    libraries = project.libraries
    if not libraries.readable(qualified):
        return {}
    name = re.escape(local.encode())
    words = {m.group(1).decode() for m in re.finditer(rb"\b" + name + rb"\s*\.\s*([A-Za-z_]\w*)\s*\(", text)}
    words |= {m.group(1).decode() for m in re.finditer(rb"@\s*" + name + rb"\s*\.\s*([A-Za-z_]\w*)", text)}
    found = {}
    for spelled in [qualified, *(f"{qualified}.{word}" for word in sorted(words))]:
        applied = libraries.applied(spelled) if project.markers.get(spelled) is None else None
        if applied is not None:
            found[spelled] = applied
    return found


def _text(project: Project, path: str) -> bytes:
    """`path`'s bytes; a file that cannot be read is searched as empty."""
    try:
        return project.read(path)
    except (OSError, Refused):
        return b""


@lru_cache(maxsize=64)
def _method_calls(names: tuple[str, ...]) -> re.Pattern:
    """A pattern finding each of `names` called or read as an attribute (`.partition(`)."""
    return re.compile(rb"\.\s*(" + b"|".join(re.escape(name.encode()) for name in names) + rb")\b")


def _of_installed(project: Project, qualified: str) -> bool:
    """Whether an imported name is an installed library's: neither the project's nor a linted
    package imported whole (`import solvers`)."""
    return not project.in_project(qualified) and qualified not in project.paths


def _library_functions(project: Project, path: str, text: bytes | None) -> dict[str, Applied]:
    """The wrappers of installed libraries `path` may call, under the names it spells them with
    (`text`: its bytes where read already)."""
    functions: dict[str, Applied] = {}
    for local, qualified in sorted(project.index_of(path).exports.items()):
        if qualified is not None and _of_installed(project, qualified):
            text = _text(project, path) if text is None else text
            functions.update(_library_wrappers(project, local, qualified, text))
    return functions


def _by_module(project: Project, wrappers: dict[tuple[str, str], Applied]) -> dict[str, list[tuple[str, str, Applied]]]:
    """The function wrappers (not methods) by the module name of their file: (file, name, what
    calling it applies), in the order of `wrappers`."""
    out: dict[str, list[tuple[str, str, Applied]]] = {}
    for (file, name), applied in wrappers.items():
        if "." not in name and callable_by_name(name):
            out.setdefault(project.name_of[file], []).append((file, name, applied))
    return out


def _seed_of(
    project: Project, path: str, wrappers: dict[tuple[str, str], Applied], by_module: dict[str, list[tuple[str, str, Applied]]],
    text: bytes | None = None,
) -> Wrappers:
    """The wrappers of other files and of installed libraries `path` may call, under the names
    it spells them with (`by_module`: `_by_module` of `wrappers`). `text`: its bytes where
    they were read already (else read once, when needed)."""
    functions = _library_functions(project, path, text)
    for local, qualified in sorted(project.index_of(path).exports.items()):
        if qualified is None or _of_installed(project, qualified):
            continue
        target = project.resolve_handing(qualified, path)
        if target is not None and target[0] != path and (target[0], target[1] + RETURNED) in wrappers:
            functions[qualified + RETURNED] = wrappers[(target[0], target[1] + RETURNED)]  # a decorator factory
        if target is not None and target[0] != path and target in wrappers:
            functions[qualified] = wrappers[target]
            continue
        absolute = project.absolute(qualified, path)
        if absolute is None:
            continue
        for module, defined in by_module.items():
            if module == absolute or module.startswith(absolute + "."):
                for file, name, applied in defined:
                    if file != path:
                        functions[f"{qualified}{module[len(absolute):]}.{name}"] = applied
        for module in project.star_modules(absolute, path):  # `objax.Jit`: objax's `from .module import *`
            for file, name, applied in by_module.get(module, ()):
                if file != path and not name.startswith("_"):
                    functions.setdefault(f"{qualified}.{name}", applied)
    methods: dict[str, Applied] = {}
    others = {key: applied for key, applied in wrappers.items() if key[0] != path}
    named = _methods(others)
    if named:
        text = _text(project, path) if text is None else text
        called = _method_calls(tuple(sorted(named))).findall(text)  # one pass over the text for them all
        methods = {name.decode(): named[name.decode()] for name in set(called)}
    return Wrappers(
        tuple((name, m, o) for name, (m, o) in sorted(functions.items())),
        tuple((name, m, o) for name, (m, o) in sorted(methods.items())),
    )

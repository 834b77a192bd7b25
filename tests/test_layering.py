"""The layering of `acclint/` stays true: a folder imports only the folders below it.

The pipeline, bottom to top (docs/architecture.md says what each layer does):

    common -> frameworks -> files -> parse -> analysis -> lint -> fix -> rules -> run -> report -> entry points

`common` holds the data every layer passes on (findings, line splitting). The entry points are
the modules at the top of the package (`api`, `cli`, `flake8_plugin`) and the `server` and
`crosscheck` packages. Every import counts, also one inside a function (a lazy import is still a
dependency) and one under `TYPE_CHECKING`. The runtime (`acclint.runtime`) stands apart: the
linter never imports it, and it imports nothing of the linter.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("common", "frameworks", "files", "parse", "analysis", "lint", "fix", "rules", "run", "report", "entry")
ENTRY = {"api", "cli", "flake8_plugin", "__main__", "server", "crosscheck"}


def layer_of(module: str) -> str | None:
    """The layer of a dotted module of the package, or None for the runtime."""
    parts = module.split(".")
    if parts[0] != "acclint":
        raise ValueError(module)
    if len(parts) == 1:
        return "common"  # the package itself: its version, and nothing it imports
    head = parts[1]
    if head == "runtime":
        return None
    if head in ENTRY:
        return "entry"
    return head


def modules() -> list[tuple[str, Path]]:
    """Every module of the linter, by its dotted name (rules/ is installed as acclint.rules)."""
    found = []
    for base, prefix in ((ROOT / "acclint", "acclint"), (ROOT / "rules", "acclint.rules")):
        for path in sorted(base.rglob("*.py")):
            parts = [prefix, *path.relative_to(base).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found.append((".".join(parts), path))
    return found


def imports_of(module: str, path: Path) -> set[str]:
    """The acclint modules `path` imports, anywhere in it (relative imports resolved)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            out.add(name)
            out.update(f"{name}.{alias.name}" for alias in node.names)  # `from acclint import api`
    known = {m for m, _ in modules()}
    return {name for name in out if name in known and name != module}


@pytest.mark.parametrize("module,path", modules(), ids=[m for m, _ in modules()])
def test_a_module_imports_only_its_own_layer_and_those_below(module, path):
    own = layer_of(module)
    wrong = []
    for imported in sorted(imports_of(module, path)):
        theirs = layer_of(imported)
        if own is None or theirs is None:
            if own != theirs:
                wrong.append(f"{imported} (the runtime and the linter never import each other)")
        elif LAYERS.index(theirs) > LAYERS.index(own):
            wrong.append(f"{imported} (layer {theirs!r} is above {own!r})")
    assert not wrong, f"{module} imports " + "; ".join(wrong)


def test_no_module_is_in_an_import_cycle():
    graph = {m: imports_of(m, p) for m, p in modules()}
    # A package's modules may import the package's `__init__` (it is run first anyway) and
    # vice versa re-export them; those edges are no cycle of the code's own.
    for m in graph:
        graph[m] = {i for i in graph[m] if not (m.startswith(i + ".") or i.startswith(m + "."))}
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_every_folder_of_the_package_is_a_known_layer():
    folders = {p.name for p in (ROOT / "acclint").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders <= set(LAYERS) | ENTRY | {"runtime"}, folders - set(LAYERS) - ENTRY

"""No module of the runtime is in an import cycle (issue 18, point 5).

The imports are read with ``ast`` from the source, every ``import`` statement wherever it stands
(a lazy import inside a function counts as much as one at the top), and the graph of
runtime-internal imports must be acyclic.
"""

import ast
import pathlib

RUNTIME = pathlib.Path(__file__).resolve().parents[2] / "runtime"


def _internal_imports(path):
    """Names of the runtime modules that the module at ``path`` imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)  # from . import ops
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "acclint.runtime."):
            found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".")[2] for alias in node.names
                         if alias.name.startswith("acclint.runtime."))
    return found


def import_graph():
    modules = {path.stem: path for path in RUNTIME.glob("*.py")}
    return {name: _internal_imports(path) & set(modules) - {name}
            for name, path in modules.items() if name != "__init__"}


def find_cycle(graph):
    """One cycle of ``graph`` as a list of modules (first repeated last), or None."""
    colour = dict.fromkeys(graph, "white")
    stack = []

    def visit(name):
        colour[name] = "grey"
        stack.append(name)
        for target in sorted(graph.get(name, ())):
            if colour.get(target) == "grey":
                return stack[stack.index(target):] + [target]
            if colour.get(target) == "white":
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        colour[name] = "black"
        return None

    for name in sorted(graph):
        if colour[name] == "white":
            cycle = visit(name)
            if cycle:
                return cycle
    return None


def test_the_cycle_finder_finds_a_cycle_and_reads_lazy_imports(tmp_path):
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from . import ops\n    from .dlarray import apply\n")
    assert _internal_imports(module) == {"ops", "dlarray"}


def test_no_runtime_module_is_in_an_import_cycle():
    graph = import_graph()
    assert {"dlarray", "ops", "accelerate", "network"} <= set(graph)
    assert find_cycle(graph) is None, f"import cycle: {' -> '.join(find_cycle(graph))}"
